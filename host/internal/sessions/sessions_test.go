package sessions

import (
	"log/slog"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/protocol"
)

// newTestRegistry returns a registry over a fake browser that has no
// agent tab yet, with its fake extension.
func newTestRegistry(t *testing.T) (*Registry, *browser.Browser, *browsertest.Ext) {
	t.Helper()
	e := browsertest.New()
	b, err := browser.New(e, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return New(b, e, slog.New(slog.DiscardHandler)), b, e
}

// waitFor waits until method was requested n times, and returns its
// requests.
func waitFor(t *testing.T, e *browsertest.Ext, method string, n int) []browsertest.Request {
	t.Helper()
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		if got := e.Requests(method); len(got) >= n {
			return got
		}
	}
	t.Fatalf("%s was not called %d times", method, n)
	return nil
}

func event(t *testing.T, name string, params any) *protocol.Message {
	t.Helper()
	m, err := protocol.NewEvent(name, params)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSessionsGetDistinctGroups(t *testing.T) {
	r, _, e := newTestRegistry(t)
	a := r.Connect("aaaa", "Claude Code")
	c := r.Connect("cccc", "Claude Code")
	if a.Title != "Diwall · Claude Code" || c.Title != "Diwall · Claude Code 2" || a.Color == c.Color {
		t.Fatalf("titles %q %q colours %s %s", a.Title, c.Title, a.Color, c.Color)
	}
	if again := r.Connect("aaaa", "Other"); again != a {
		t.Fatal("a reconnecting key made a second session")
	}
	for end := time.Now().Add(2 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		sets := waitFor(t, e, protocol.MethodSessionsSet, 2)
		if got, _ := sets[len(sets)-1].Params["sessions"].([]any); len(got) == 2 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("sessions.set = %v", sets[len(sets)-1].Params)
		}
	}
}

func TestSharedTabJoinsItsSessionAndDisconnectReleasesIt(t *testing.T) {
	r, b, e := newTestRegistry(t)
	r.Connect("aaaa", "A")

	// A share with a session that is not connected is ignored.
	b.HandleEvent(event(t, protocol.EventTabShared, protocol.TabShared{TabID: 5, Session: "zzzz"}))
	b.HandleEvent(event(t, protocol.EventTabShared, protocol.TabShared{TabID: 5, Session: "aaaa"}))
	groups := waitFor(t, e, protocol.MethodTabGroup, 1)
	if g := groups[0]; g.Num("tab_id") != 5 || g.Str("title") != "Diwall · A" {
		t.Fatalf("tab.group %v", g.Params)
	}
	tab, ok := b.Newest("aaaa")
	if !ok || tab.ChromeID != 5 {
		t.Fatalf("shared tab not the session's: %v %v", tab, ok)
	}
	if _, ok := b.Newest("zzzz"); ok {
		t.Fatal("a tab went to a session that is not connected")
	}
	sets := waitFor(t, e, protocol.MethodAgentTabsSet, 1)
	if tabs, _ := sets[len(sets)-1].Params["tabs"].([]any); len(tabs) != 1 || tabs[0].(map[string]any)["session"] != "aaaa" {
		t.Fatalf("agent_tabs.set = %v", sets[len(sets)-1].Params)
	}

	b.HandleEvent(event(t, protocol.EventTabUnshared, protocol.TabClosed{TabID: 5}))
	if _, ok := b.Newest("aaaa"); ok {
		t.Fatal("unshared tab still the session's")
	}

	b.HandleEvent(event(t, protocol.EventTabShared, protocol.TabShared{TabID: 5, Session: "aaaa"}))
	waitFor(t, e, protocol.MethodTabGroup, 2)
	r.Disconnect(t.Context(), "aaaa")
	if _, ok := b.Newest("aaaa"); ok {
		t.Fatal("a disconnected session keeps its tab")
	}
	if d := waitFor(t, e, protocol.MethodDebuggerDetach, 1); d[0].Num("tab_id") != 5 {
		t.Fatalf("detach = %v", d[0].Params)
	}
}

func TestShowStateShowsInTheGroup(t *testing.T) {
	r, _, e := newTestRegistry(t)
	g := r.Connect("aaaa", "A")
	if err := r.ShowState(t.Context(), "aaaa", StateActing); err != nil {
		t.Fatal(err)
	}
	if err := r.ShowState(t.Context(), "nobody", StateActing); err != nil {
		t.Fatal(err)
	}
	if s := e.Requests(protocol.MethodTabGroupState); len(s) != 1 || s[0].Str("title") != g.Title || s[0].Str("state") != StateActing {
		t.Fatalf("tab_group.state %v", s)
	}
	// Its group no longer shows it acting once it left.
	r.Disconnect(t.Context(), "aaaa")
	if s := e.Requests(protocol.MethodTabGroupState); len(s) != 2 || s[1].Str("state") != StateIdle {
		t.Fatalf("tab_group.state after it left %v", s)
	}
}

func TestReleaseClosesTheTabs(t *testing.T) {
	e := browsertest.New()
	b, tab := browsertest.Start(t, e)
	r := New(b, e, slog.New(slog.DiscardHandler))
	r.Connect(browsertest.Session, "client")
	if err := r.ShowState(t.Context(), browsertest.Session, StatePaused); err != nil {
		t.Fatal(err)
	}
	if s := e.Requests(protocol.MethodTabGroupState); len(s) != 1 || s[0].Str("state") != StatePaused {
		t.Errorf("tab_group.state %+v", s)
	}
	if err := r.Release(t.Context(), browsertest.Session, true); err != nil {
		t.Fatal(err)
	}
	if s := e.Requests(protocol.MethodTabClose); len(s) != 1 || s[0].Num("tab_id") != float64(tab.ChromeID) {
		t.Errorf("tab.close %+v", s)
	}
	if _, ok := b.Lookup(browsertest.Session, tab.ID); ok {
		t.Error("a released tab is still the session's")
	}
}
