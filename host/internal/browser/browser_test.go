package browser

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"testing"

	"github.com/diwall/diwall/protocol"
)

// fakeExt answers requests from a table of handlers and records them.
type fakeExt struct {
	mu       sync.Mutex
	calls    []string
	handlers map[string]func(params any) (any, error)
}

func (f *fakeExt) Call(_ context.Context, method string, params, result any) error {
	f.mu.Lock()
	f.calls = append(f.calls, method)
	h := f.handlers[method]
	f.mu.Unlock()
	if h == nil {
		return nil
	}
	res, err := h(params)
	if err != nil || result == nil {
		return err
	}
	data, _ := json.Marshal(res)
	return json.Unmarshal(data, result)
}

func newTestBrowser(t *testing.T, f *fakeExt) *Browser {
	t.Helper()
	b, err := New(f, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func event(t *testing.T, name string, params any) *protocol.Message {
	t.Helper()
	m, err := protocol.NewEvent(name, params)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestRestoreKeepsOnlyLiveAgentTabs(t *testing.T) {
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodTabsGet: func(any) (any, error) {
			return protocol.TabsResult{Tabs: []protocol.Tab{{TabID: 7, WindowID: 2, URL: "http://a.test/x", Title: "A"}}}, nil
		},
	}}
	b := newTestBrowser(t, f)
	hello := protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: 7, Session: "k1"}, {TabID: 8, Session: "k1"}}}
	if err := b.Restore(t.Context(), hello); err != nil {
		t.Fatal(err)
	}
	tab, ok := b.Newest("k1")
	if !ok || tab.ChromeID != 7 {
		t.Fatalf("newest = %+v, %v", tab, ok)
	}
	if info := tab.Info(); info.Origin != "http://a.test" || info.Title != "A" || info.Owner != "k1" {
		t.Fatalf("info = %+v", info)
	}
	if _, ok := b.Lookup("k1", b.ids.opaque(8)); ok {
		t.Fatal("a tab that no longer exists was restored")
	}
	if _, ok := b.Newest("k2"); ok {
		t.Fatal("another session sees the restored tab")
	}
}

func TestOpaqueIDsAreStableAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	a, _ := New(&fakeExt{}, slog.New(slog.DiscardHandler), dir)
	b, _ := New(&fakeExt{}, slog.New(slog.DiscardHandler), dir)
	if a.ids.opaque(5) != b.ids.opaque(5) {
		t.Fatal("tab ids changed across host restarts")
	}
	if a.ids.opaque(5) == a.ids.opaque(6) || len(a.ids.opaque(5)) != 16 {
		t.Fatalf("ids %s %s", a.ids.opaque(5), a.ids.opaque(6))
	}
}

func TestEventsUpdateAgentTabsOnly(t *testing.T) {
	b := newTestBrowser(t, &fakeExt{})
	b.mu.Lock()
	agent := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
	b.mu.Unlock()

	// A popup opened by the agent's tab becomes its session's tab; another is ignored.
	b.HandleEvent(event(t, protocol.EventTabCreated, protocol.TabEvent{Tab: protocol.Tab{TabID: 2, OpenerTabID: 1}}))
	b.HandleEvent(event(t, protocol.EventTabCreated, protocol.TabEvent{Tab: protocol.Tab{TabID: 3, OpenerTabID: 99}}))
	if _, ok := b.Lookup("k", b.ids.opaque(2)); !ok {
		t.Fatal("popup of an agent tab not adopted")
	}
	if _, ok := b.Lookup("other", b.ids.opaque(2)); ok {
		t.Fatal("another session sees the popup")
	}
	if _, ok := b.Lookup("k", b.ids.opaque(3)); ok {
		t.Fatal("a tab the agent did not open was adopted")
	}

	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: "Page.javascriptDialogOpening",
		Params: json.RawMessage(`{"type":"confirm","message":"Sure?"}`)}))
	if d := agent.Info().Dialog; d == nil || d.Type != "confirm" || d.Message != "Sure?" {
		t.Fatalf("dialog = %+v", d)
	}
	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: "Page.javascriptDialogClosed", Params: json.RawMessage(`{}`)}))
	if agent.Info().Dialog != nil {
		t.Fatal("dialog still open after it closed")
	}

	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: "Page.frameNavigated",
		Params: json.RawMessage(`{"frame":{"id":"F","loaderId":"L2","url":"http://b.test/next"}}`)}))
	if info := agent.Info(); info.LoaderID != "L2" || info.Origin != "http://b.test" {
		t.Fatalf("after frameNavigated: %+v", info)
	}
	// A child frame's navigation does not change the tab's document.
	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: "Page.frameNavigated",
		Params: json.RawMessage(`{"frame":{"id":"C","parentId":"F","loaderId":"L9","url":"http://ads.test/"}}`)}))
	if info := agent.Info(); info.LoaderID != "L2" {
		t.Fatalf("a child frame changed the loader id: %+v", info)
	}

	b.HandleEvent(event(t, protocol.EventTabClosed, protocol.TabClosed{TabID: 1}))
	if _, ok := b.Lookup("k", agent.ID); ok {
		t.Fatal("closed tab still known")
	}
	// Malformed events are dropped without harm.
	b.HandleEvent(&protocol.Message{Type: protocol.TypeEvent, Event: protocol.EventTabClosed, Params: json.RawMessage(`"x"`)})
}

func TestCheckURL(t *testing.T) {
	for _, ok := range []string{"http://127.0.0.1:8080/a", "https://example.com", "HTTPS://EXAMPLE.COM/x?y#z"} {
		if err := CheckURL(ok); err != nil {
			t.Errorf("%s refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"javascript:alert(1)", "data:text/html,hi", "file:///etc/passwd", "chrome://settings",
		"about:blank", "/relative", "example.com", "", "http://", "view-source:http://a.test"} {
		err := CheckURL(bad)
		var e *URLError
		if !errors.As(err, &e) {
			t.Errorf("%q: err = %v, want a *URLError", bad, err)
		}
	}
}

func TestAnActiveTabMakesTheOthersOfItsWindowInactive(t *testing.T) {
	b := newTestBrowser(t, &fakeExt{})
	b.mu.Lock()
	first := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, Active: true}, "k")
	other := b.adoptLocked(protocol.Tab{TabID: 3, WindowID: 2, Active: true}, "k")
	b.adoptLocked(protocol.Tab{TabID: 2, WindowID: 1, Active: true}, "k")
	b.mu.Unlock()
	if first.Info().Active {
		t.Error("the first tab is still active after another opened active in its window")
	}
	if !other.Info().Active {
		t.Error("a tab of another window lost its active state")
	}
}
