package browser_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// focusCalls returns the enabled value of each Emulation.setFocusEmulationEnabled the host sent.
func focusCalls(e *browsertest.Ext) []bool {
	var out []bool
	for _, r := range e.Requests(string(cdp.EmulationSetFocusEmulationEnabled)) {
		on, _ := r.Params["enabled"].(bool)
		out = append(out, on)
	}
	return out
}

// waitFocusCalls waits until the host sent n focus emulation commands.
func waitFocusCalls(t *testing.T, e *browsertest.Ext, n int) []bool {
	t.Helper()
	for end := time.Now().Add(2 * time.Second); len(focusCalls(e)) < n && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond)
	}
	got := focusCalls(e)
	if len(got) != n {
		t.Fatalf("focus emulation commands %v, want %d", got, n)
	}
	return got
}

// lingerFor sets browser.AwakeLinger for the test.
func lingerFor(t *testing.T, d time.Duration) {
	old := browser.AwakeLinger
	browser.AwakeLinger = d
	t.Cleanup(func() { browser.AwakeLinger = old })
}

// TestKeepAwakeHoldsTheTabWhileTheAgentWorks: the first hold turns focus
// emulation on, an overlapping one sends nothing more, and it is turned off
// once the last hold ended and the linger passed.
func TestKeepAwakeHoldsTheTabWhileTheAgentWorks(t *testing.T) {
	lingerFor(t, 30*time.Millisecond)
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	first := tab.KeepAwake(context.Background())
	second := tab.KeepAwake(context.Background())
	if got := waitFocusCalls(t, e, 1); !got[0] || !tab.Awake() {
		t.Fatalf("%v, awake %v", got, tab.Awake())
	}
	first()
	first() // a second release of the same hold changes nothing
	time.Sleep(80 * time.Millisecond)
	if got := focusCalls(e); len(got) != 1 || !tab.Awake() {
		t.Fatalf("turned off while a hold remains: %v", got)
	}
	second()
	if got := waitFocusCalls(t, e, 2); got[1] || tab.Awake() {
		t.Fatalf("not turned off after the linger: %v, awake %v", got, tab.Awake())
	}
}

// TestWorkWithinTheLingerKeepsItOn: a hold that comes before the linger
// ended neither turns it off nor on again.
func TestWorkWithinTheLingerKeepsItOn(t *testing.T) {
	lingerFor(t, 150*time.Millisecond)
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	tab.KeepAwake(context.Background())()
	waitFocusCalls(t, e, 1)
	time.Sleep(50 * time.Millisecond)
	again := tab.KeepAwake(context.Background())
	time.Sleep(200 * time.Millisecond)
	if got := focusCalls(e); len(got) != 1 || !tab.Awake() {
		t.Fatalf("%v, awake %v", got, tab.Awake())
	}
	again()
	waitFocusCalls(t, e, 2)
}

// TestAFailedStartIsTriedAgain: when Chrome refuses, the tab is not taken
// for awake, and the next hold asks again.
func TestAFailedStartIsTriedAgain(t *testing.T) {
	lingerFor(t, time.Hour)
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	e.On(string(cdp.EmulationSetFocusEmulationEnabled), func(browsertest.Request) (any, error) { return nil, errors.New("no") })
	tab.KeepAwake(context.Background())()
	waitFocusCalls(t, e, 1)
	for end := time.Now().Add(2 * time.Second); tab.Awake() && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond)
	}
	if tab.Awake() {
		t.Fatal("still taken for awake after Chrome refused")
	}
	tab.KeepAwake(context.Background())()
	waitFocusCalls(t, e, 2)
}

// TestADetachEndsIt: Chrome drops focus emulation with the debugger
// session; the next hold, on the new session, turns it on again.
func TestADetachEndsIt(t *testing.T) {
	lingerFor(t, time.Hour)
	e := browsertest.New()
	b, tab := browsertest.Start(t, e)
	release := tab.KeepAwake(context.Background())
	waitFocusCalls(t, e, 1)
	m, err := protocol.NewEvent(protocol.EventDebuggerDetached, protocol.DebuggerDetached{TabID: tab.ChromeID, Reason: "canceled_by_user"})
	if err != nil {
		t.Fatal(err)
	}
	b.HandleEvent(m)
	if tab.Awake() {
		t.Fatal("still awake after the debugger left")
	}
	release()
	tab.KeepAwake(context.Background())()
	waitFocusCalls(t, e, 2)
	if got := e.Requests(protocol.MethodDebuggerAttach); len(got) < 2 {
		t.Errorf("not attached again: %d attaches", len(got))
	}
}

// TestOpenIsInTheBackground: an agent's tab opens without becoming the
// active tab of its window.
func TestOpenIsInTheBackground(t *testing.T) {
	e := browsertest.New()
	b, _ := browsertest.Start(t, e)
	if _, _, err := b.Open(context.Background(), browsertest.Session, ""); err != nil {
		t.Fatal(err)
	}
	opens := e.Requests(protocol.MethodTabOpen)
	if len(opens) == 0 {
		t.Fatal("no tab.open")
	}
	for _, r := range opens {
		if active, ok := r.Params["active"].(bool); !ok || active {
			t.Errorf("tab.open %v: want active false", r.Params)
		}
	}
}

// TestOpenIsInFrontWhenHeadless: a headless browser has no screen to
// take, and the agent's tab opens in front there.
func TestOpenIsInFrontWhenHeadless(t *testing.T) {
	e := browsertest.New()
	b, _ := browsertest.Start(t, e)
	if err := b.Restore(context.Background(), protocol.Hello{UserAgent: "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/156.0.0.0"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := b.Open(context.Background(), browsertest.Session, ""); err != nil {
		t.Fatal(err)
	}
	opens := e.Requests(protocol.MethodTabOpen)
	if active, ok := opens[len(opens)-1].Params["active"].(bool); !ok || !active {
		t.Errorf("tab.open %v: want active true", opens[len(opens)-1].Params)
	}
}

// TestABackgroundTabIsKeptDrawing: a tab in the background gets a
// screencast while it is awake (Chrome then sends it begin-frames), stopped
// when it sleeps; a tab in front, which draws anyway, gets none.
func TestABackgroundTabIsKeptDrawing(t *testing.T) {
	lingerFor(t, 20*time.Millisecond)
	e := browsertest.New()
	b, tab := browsertest.Start(t, e)
	tab.KeepAwake(context.Background())()
	waitFocusCalls(t, e, 2)
	if n := len(e.Requests(string(cdp.PageStartScreencast))); n != 0 {
		t.Errorf("a tab in front got %d screencasts", n)
	}
	m, err := protocol.NewEvent(protocol.EventTabUpdated, protocol.TabEvent{Tab: protocol.Tab{TabID: tab.ChromeID, WindowID: 1, URL: e.URL, Status: "complete"}})
	if err != nil {
		t.Fatal(err)
	}
	b.HandleEvent(m)
	tab.KeepAwake(context.Background())()
	waitFocusCalls(t, e, 4)
	for end := time.Now().Add(2 * time.Second); len(e.Requests(string(cdp.PageStopScreencast))) == 0 && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond)
	}
	if starts, stops := len(e.Requests(string(cdp.PageStartScreencast))), len(e.Requests(string(cdp.PageStopScreencast))); starts != 1 || stops != 1 {
		t.Errorf("a tab in the background: %d screencasts started, %d stopped; want 1, 1", starts, stops)
	}
}
