package browser

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// TestCrashedPage: once Chrome reports the page crashed, every call that
// reads the page fails with page_crashed at once, without asking the
// browser; a new document clears it.
func TestCrashedPage(t *testing.T) {
	f := &fakeExt{}
	b := newTestBrowser(t, f)
	b.mu.Lock()
	tab := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
	tab.attached = true
	b.mu.Unlock()
	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: cdp.InspectorTargetCrashed, Params: json.RawMessage(`{}`)}))
	if !tab.Info().Crashed {
		t.Fatal("the tab is not marked crashed")
	}
	calls := len(f.calls)
	if _, err := tab.Evaluate(context.Background(), "1", 1000); !errors.Is(err, ErrCrashed) {
		t.Fatalf("evaluate on a crashed page: %v", err)
	}
	if len(f.calls) != calls {
		t.Fatalf("the browser was asked: %v", f.calls[calls:])
	}
	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: "Page.frameNavigated",
		Params: json.RawMessage(`{"frame":{"id":"F","loaderId":"L2","url":"http://a.test/next"}}`)}))
	if tab.Info().Crashed {
		t.Fatal("a new document did not clear the crash")
	}
}

// TestLostDebugger: a command refused because the debugger left the tab
// marks the tab detached at once (so the next call attaches again), and
// says tab_gone when the tab itself is gone.
func TestLostDebugger(t *testing.T) {
	detached := &protocol.ResponseError{Code: protocol.ExtDebuggerDetached, Message: "not attached"}
	for _, c := range []struct {
		name   string
		tabs   []protocol.Tab
		closed bool // the error says the tab closed
		known  bool
	}{
		{"the person detached", []protocol.Tab{{TabID: 1}}, false, true},
		{"the tab closed", nil, true, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := &fakeExt{handlers: map[string]func(any) (any, error){
				protocol.MethodCDP:     func(any) (any, error) { return nil, detached },
				protocol.MethodTabsGet: func(any) (any, error) { return protocol.TabsResult{Tabs: c.tabs}, nil },
			}}
			b := newTestBrowser(t, f)
			b.mu.Lock()
			tab := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
			tab.attached = true
			b.mu.Unlock()
			err := tab.CDP(context.Background(), "Page.captureScreenshot", nil, nil)
			if got := errors.Is(err, ErrTabClosed); got != c.closed {
				t.Fatalf("closed = %v, want %v (%v)", got, c.closed, err)
			}
			if !errors.Is(err, detached) {
				t.Errorf("the cause is lost: %v", err)
			}
			b.mu.Lock()
			attached := tab.attached
			b.mu.Unlock()
			if attached {
				t.Error("the tab is still marked attached")
			}
			if _, ok := b.Lookup("k", tab.ID); ok != c.known {
				t.Errorf("tab known = %v, want %v", ok, c.known)
			}
		})
	}
}
