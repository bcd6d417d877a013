package browser_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/protocol"
)

func TestOpenListClose(t *testing.T) {
	e := browsertest.New()
	b, first := browsertest.Start(t, e)
	ctx := context.Background()
	tab, nav, err := b.Open(ctx, browsertest.Session, "")
	if err != nil || nav.Status != browser.NavLoaded || tab.ChromeID == first.ChromeID {
		t.Fatalf("open: %v %+v %v", tab, nav, err)
	}
	if r := e.Requests(protocol.MethodTabOpen); len(r) != 1 || r[0].Num("window_id") != 1 {
		t.Errorf("opened in the agents' window: %+v", r)
	}
	if _, _, err := b.Open(ctx, browsertest.Session, "file:///etc/passwd"); code(err) != toolerr.CodeInvalidArgument {
		t.Errorf("a file: URL: %v", err)
	}
	// The agents' window was closed: the tab opens in a new one.
	e.On(protocol.MethodTabOpen, func(r browsertest.Request) (any, error) {
		if r.Num("window_id") != 0 {
			return nil, &protocol.ResponseError{Code: protocol.ExtInvalidArgument, Message: "No window"}
		}
		return protocol.TabResult{Tab: protocol.Tab{TabID: 200, WindowID: 2, URL: "about:blank", Active: true}}, nil
	})
	if tab, _, err := b.Open(ctx, browsertest.Session, ""); err != nil || tab.ChromeID != 200 {
		t.Fatalf("open in a new window: %v %v", tab, err)
	}
	// List drops the tabs that no longer exist.
	e.On(protocol.MethodTabsGet, func(browsertest.Request) (any, error) {
		return protocol.TabsResult{Tabs: []protocol.Tab{{TabID: 200, WindowID: 2, URL: "https://b.test/", Active: true}}}, nil
	})
	infos, err := b.List(ctx, browsertest.Session)
	if err != nil || len(infos) != 1 || infos[0].ChromeID != 200 || infos[0].URL != "https://b.test/" {
		t.Fatalf("list: %+v %v", infos, err)
	}
	if _, ok := b.Lookup(browsertest.Session, first.ID); ok {
		t.Error("a tab that is gone is still found")
	}
	if other, err := b.List(ctx, "someone else"); err != nil || len(other) != 0 {
		t.Errorf("another session's list: %+v %v", other, err)
	}
	last, _ := b.Newest(browsertest.Session)
	if err := last.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok := b.Lookup(browsertest.Session, last.ID); ok {
		t.Error("a closed tab is still found")
	}
}

func TestCloseUnderBeforeunload(t *testing.T) {
	e := browsertest.New()
	b, tab := browsertest.Start(t, e)
	browsertest.OpenDialog(t, tab, "beforeunload", "")
	if err := tab.Close(context.Background()); code(err) != toolerr.CodeDialogOpen || len(e.Requests(protocol.MethodTabClose)) != 0 {
		t.Errorf("%v", err)
	}
	if _, ok := b.Lookup(browsertest.Session, tab.ID); !ok {
		t.Error("the tab was forgotten")
	}
}

// TestALostDebuggerOfAClosedTab: the tab is forgotten and the error says
// it closed.
func TestALostDebuggerOfAClosedTab(t *testing.T) {
	e := browsertest.New()
	b, tab := browsertest.Start(t, e)
	e.On("Page.reload", func(browsertest.Request) (any, error) {
		return nil, &protocol.ResponseError{Code: protocol.ExtDebuggerDetached, Message: "Debugger is not attached"}
	})
	e.On(protocol.MethodTabsGet, func(browsertest.Request) (any, error) { return protocol.TabsResult{}, nil })
	err := tab.CDP(context.Background(), "Page.reload", nil, nil)
	if code(err) != toolerr.CodeTabGone {
		t.Errorf("%v", err)
	}
	if _, ok := b.Lookup(browsertest.Session, tab.ID); ok {
		t.Error("the closed tab is still found")
	}
	e.On("Page.stopLoading", func(browsertest.Request) (any, error) {
		return nil, &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Inspected target navigated or closed"}
	})
	if err := tab.CDP(context.Background(), "Page.stopLoading", nil, nil); !errors.Is(err, browser.ErrNavigatedAway) {
		t.Errorf("navigated away: %v", err)
	}
}

func TestEvaluate(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	ctx := context.Background()
	answers := []struct {
		answer any
		err    error
		check  func(string, error) bool
	}{
		{browsertest.EvalString("yes"), nil, func(s string, err error) bool { return s == "yes" && err == nil }},
		{map[string]any{"result": map[string]any{"type": "number", "value": 3}}, nil,
			func(_ string, err error) bool { return err != nil && strings.Contains(err.Error(), "not a string") }},
		{map[string]any{"exceptionDetails": map[string]any{"text": "Uncaught", "exception": map[string]any{"description": "TypeError: x"}}}, nil,
			func(_ string, err error) bool { return err != nil && strings.Contains(err.Error(), "TypeError: x") }},
		{nil, &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Execution was terminated"},
			func(_ string, err error) bool { return code(err) == toolerr.CodeTimeout }},
		{nil, &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Cannot find context with specified id"},
			func(_ string, err error) bool { return errors.Is(err, browser.ErrWorldGone) }},
	}
	for i, a := range answers {
		e.On("Runtime.evaluate", func(r browsertest.Request) (any, error) {
			if r.Num("contextId") != 7 || r.Str("expression") != "1" {
				t.Errorf("evaluate %v", r.Params)
			}
			return a.answer, a.err
		})
		if s, err := tab.Evaluate(ctx, "1", 3000); !a.check(s, err) {
			t.Errorf("answer %d: %q %v", i, s, err)
		}
	}
	// The world that was gone is made again.
	e.On("Runtime.evaluate", func(browsertest.Request) (any, error) { return browsertest.EvalString("ok"), nil })
	if _, err := tab.Evaluate(ctx, "1", 3000); err != nil || len(e.Requests("Page.createIsolatedWorld")) != 2 {
		t.Errorf("%v; %d worlds made", err, len(e.Requests("Page.createIsolatedWorld")))
	}
	// A new document has new worlds.
	browsertest.Navigate(t, tab, "L2", "https://a.test/2")
	if _, err := tab.Evaluate(ctx, "1", 3000); err != nil || len(e.Requests("Page.createIsolatedWorld")) != 3 {
		t.Errorf("%v; %d worlds made", err, len(e.Requests("Page.createIsolatedWorld")))
	}
	// A child frame's world in its own session; a frame gone is a world gone.
	f := browser.Frame{ID: "f1", Session: "S1"}
	e.On("Page.createIsolatedWorld", func(r browsertest.Request) (any, error) {
		if r.Session == "S1" {
			return nil, errors.New("No frame with given id found")
		}
		return map[string]any{"executionContextId": 7}, nil
	})
	if _, err := tab.CallIn(ctx, f, "function () { return 1; }", nil, false); !errors.Is(err, browser.ErrWorldGone) {
		t.Errorf("a frame gone: %v", err)
	}
	// Installed scripts are remembered per world.
	tab.SetInstalledIn(f, 9, "act")
	if !tab.InstalledIn(f, 9, "act") || tab.InstalledIn(f, 8, "act") || tab.InstalledIn(browser.Frame{}, 9, "act") {
		t.Error("InstalledIn")
	}
}

// TestACrashedPageAnswersNothing.
func TestACrashedPageAnswersNothing(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	browsertest.Event(t, tab, cdp.InspectorTargetCrashed, map[string]any{})
	if _, err := tab.Evaluate(context.Background(), "1", 1000); !errors.Is(err, browser.ErrCrashed) || !tab.Info().Crashed {
		t.Errorf("%v", err)
	}
	browsertest.Navigate(t, tab, "L2", "https://a.test/")
	if tab.Info().Crashed {
		t.Error("a new document is still crashed")
	}
}

// TestUnlessDialog stops waiting when a dialog opens or the page crashes.
func TestUnlessDialog(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	for event, want := range map[string]error{"Page.javascriptDialogOpening": browser.ErrDialogOpened, cdp.InspectorTargetCrashed: browser.ErrCrashed} {
		started := make(chan struct{})
		done := make(chan error)
		go func() {
			done <- tab.UnlessDialog(context.Background(), func(ctx context.Context) error {
				close(started)
				<-ctx.Done()
				return ctx.Err()
			})
		}()
		<-started
		browsertest.Event(t, tab, event, map[string]any{"type": "alert"})
		if err := <-done; !errors.Is(err, want) {
			t.Errorf("%s: %v", event, err)
		}
	}
	if err := tab.CDPUnlessDialog(context.Background(), "Page.bringToFront", nil, nil); err != nil {
		t.Error(err)
	}
}

// TestPipelineStopsAtADialog: a command whose page opens a dialog ends
// the pipeline with ErrDialogOpened.
func TestPipelineStopsAtADialog(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	e.On("Input.dispatchMouseEvent", func(r browsertest.Request) (any, error) {
		browsertest.OpenDialog(t, tab, "alert", "hi")
		<-r.Ctx.Done()
		return nil, r.Ctx.Err()
	})
	err := tab.Pipeline(context.Background(), []browser.Command{{Method: "Input.dispatchMouseEvent", Params: map[string]any{"type": "mousePressed"}}, {Method: "Input.dispatchKeyEvent"}})
	if !errors.Is(err, browser.ErrDialogOpened) || len(e.Requests("Input.dispatchKeyEvent")) != 0 {
		t.Errorf("%v; the key was sent: %v", err, e.Methods())
	}
	// An optional command's failure is not the pipeline's.
	e.On("Runtime.releaseObjectGroup", func(browsertest.Request) (any, error) { return nil, errors.New("no group") })
	if err := tab.Pipeline(context.Background(), []browser.Command{{Method: "Runtime.releaseObjectGroup", Optional: true}, {Method: "Page.bringToFront"}}); err != nil {
		t.Errorf("an optional failure: %v", err)
	}
	if err := tab.Pipeline(context.Background(), nil); err != nil {
		t.Error(err)
	}
}

func TestSnapshotsBelongToTheirDocument(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	if tab.SetSnapshot(&browser.Snapshot{ID: "s", LoaderID: "L0"}) {
		t.Error("a snapshot of another document was taken")
	}
	if !tab.SetSnapshot(&browser.Snapshot{ID: "s", LoaderID: "L1"}) || tab.Info().Current("s") == nil {
		t.Fatal("the snapshot of the document was not taken")
	}
	browsertest.Navigate(t, tab, "L2", "https://a.test/2")
	if tab.Info().Snapshot != nil {
		t.Error("a new document kept the old snapshot")
	}
}

func TestSnapshotPlaces(t *testing.T) {
	s := &browser.Snapshot{Frames: []browser.SnapFrame{{Frame: browser.Frame{ID: "f1"}, Owner: 1}},
		Place: []browser.NodePlace{{Frame: 0, Local: 0}, {Frame: 0, Local: 1}, {Frame: 1, Local: 0}}}
	if f, l := s.Where(2); f != 1 || l != 0 {
		t.Errorf("Where(2) = %d, %d", f, l)
	}
	if f, l := s.Where(9); f != 0 || l != 9 {
		t.Errorf("Where(9) = %d, %d", f, l)
	}
	if s.FrameOf(1).ID != "f1" || !s.FrameOf(0).Main() || !s.FrameOf(5).Main() {
		t.Error("FrameOf")
	}
	if s.Global(1, 0) != 2 || s.Global(1, 5) != -1 {
		t.Error("Global")
	}
	plain := &browser.Snapshot{}
	if plain.Global(0, 4) != 4 || plain.Global(1, 4) != -1 {
		t.Error("Global without frames")
	}
}

func TestRecordAndDragData(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	events, stop := tab.Record()
	browsertest.Event(t, tab, "Input.dragIntercepted", map[string]any{"data": map[string]any{"items": []any{}}})
	browsertest.Event(t, tab, "Page.loadEventFired", map[string]any{})
	stop()
	if a, c := <-events, <-events; a != "Input.dragIntercepted" || c != "Page.loadEventFired" {
		t.Errorf("recorded %s, %s", a, c)
	}
	if d := tab.TakeDragData(); !strings.Contains(string(d), "items") || tab.TakeDragData() != nil {
		t.Errorf("drag data %s", d)
	}
}
