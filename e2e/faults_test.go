package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// inFlight is a tool call running while a test breaks something.
type inFlight struct {
	bs    *browserSession
	tool  string
	start time.Time
	done  chan struct{}
	res   *mcp.CallToolResult
	err   error
}

// begin starts a tool call and returns at once.
func (bs *browserSession) begin(tool string, args any) *inFlight {
	f := &inFlight{bs: bs, tool: tool, start: time.Now(), done: make(chan struct{})}
	go func() {
		defer close(f.done)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		f.res, f.err = bs.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	}()
	return f
}

// end waits for the call, at most within, and checks that it failed with
// code and a message that says what to do (one of hints).
func (f *inFlight) end(within time.Duration, code string, hints ...string) envelope {
	t := f.bs.t
	t.Helper()
	select {
	case <-f.done:
	case <-time.After(within + 5*time.Second):
		t.Fatalf("%s still running %v after the fault", f.tool, time.Since(f.start))
	}
	took := time.Since(f.start)
	if f.err != nil {
		t.Fatalf("%s: protocol error: %v", f.tool, f.err)
	}
	env := decodeEnvelope(t, f.tool, f.res)
	msg := errorMessage(env)
	t.Logf("%s ended in %v: ok=%v code=%s message=%q", f.tool, took.Round(time.Millisecond), env.OK, env.errorCode(), msg)
	if env.OK || !slices.Contains(strings.Split(code, "|"), env.errorCode()) {
		t.Fatalf("%s: ok=%v code=%q, want %s (%v)", f.tool, env.OK, env.errorCode(), code, env.Server["error"])
	}
	if took > within {
		t.Errorf("%s took %v to fail, past %v", f.tool, took, within)
	}
	said := false
	for _, h := range hints {
		said = said || strings.Contains(strings.ToLower(msg), h)
	}
	if !said {
		t.Errorf("%s: the message %q says none of %v", f.tool, msg, hints)
	}
	return env
}

// waitForever is an act that waits in the page for text that never
// comes: a call that lasts about 10 s unless something breaks it.
func waitForever(snapshot string) map[string]any {
	return map[string]any{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "wait", "text": "never-on-this-page"}}}
}

// settle gives a call just begun time to reach the page: there is no
// event a test can await for that.
func settle() { time.Sleep(700 * time.Millisecond) }

// hostPID is the pid of the launched browser's host.
func (bs *browserSession) hostPID() int {
	bs.t.Helper()
	pids, _ := filepath.Glob(filepath.Join(bs.home, "state", "l-*", "host.pid"))
	if len(pids) != 1 {
		bs.t.Fatalf("host.pid: found %v", pids)
	}
	data, _ := os.ReadFile(pids[0])
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		bs.t.Fatal(err)
	}
	return pid
}

// TestFaultHostKilledMidCall: the host dies under a running act; the call
// ends with no_browser at once; the extension starts a new host and the
// bridge reconnects to it with the session's tab.
func TestFaultHostKilledMidCall(t *testing.T) {
	bs := launch(t)
	tab := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/act/lists.html"}).Server["tab_id"]
	o := bs.observe()
	old := bs.hostPID()
	f := bs.begin("act", waitForever(snap(o)))
	settle()
	if err := killProcess(old); err != nil {
		t.Fatal(err)
	}
	f.end(5*time.Second, "no_browser", "again", "restart")
	list := bs.eventually(30*time.Second, "tabs", map[string]any{"action": "list"})
	if !list.OK {
		t.Fatalf("the bridge did not reach a new host: %v", list.Server["error"])
	}
	if tabs := list.Server["tabs"].([]any); len(tabs) != 1 || tabs[0].(map[string]any)["tab_id"] != tab {
		t.Fatalf("after the new host: tabs %v, want only %v", tabs, tab)
	}
	if pid := bs.hostPID(); pid == old {
		t.Fatalf("the host pid is still %d", pid)
	}
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", old)); err == nil {
		t.Errorf("the killed host %d is still there (a zombie nobody reaped?)", old)
	}
	bs.observe()
}

// TestFaultTabClosedMidAct: the person closes the tab under a running
// act; it ends with tab_gone and the tab is no longer listed.
func TestFaultTabClosedMidAct(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html?closed")
	o := bs.observe()
	c := bs.devtools()
	f := bs.begin("act", waitForever(snap(o)))
	settle()
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, "/act/lists.html?closed") {
			if err := c.call(t, "", "Target.closeTarget", map[string]any{"targetId": tg.TargetID}, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	f.end(5*time.Second, "tab_gone", "tabs")
	if bs.tabOrigin(o.Server["tab_id"].(string)) != "" {
		t.Error("the closed tab is still listed")
	}
}

// TestFaultDialogDuringAct: the page opens an alert while an act waits on
// it; the act stops at once and says so; the dialog can be answered and the
// page goes on.
func TestFaultDialogDuringAct(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html?dialog")
	o := bs.observe()
	f := bs.begin("act", waitForever(snap(o)))
	settle()
	var ok bool
	bs.pageEval("/act/lists.html?dialog", `(setTimeout(() => alert("stop right there"), 10), true)`, &ok)
	select {
	case <-f.done:
	case <-time.After(8 * time.Second):
		t.Fatal("the act still waits 8 s after the dialog opened")
	}
	env := decodeEnvelope(t, "act", f.res)
	t.Logf("act with a dialog: ok=%v code=%s dialog_opened=%v in %v", env.OK, env.errorCode(), env.Server["dialog_opened"], time.Since(f.start).Round(time.Millisecond))
	if env.Server["dialog_opened"] != true {
		t.Fatalf("the act does not say a dialog opened: %v", env.Server)
	}
	obs := bs.mustOK("observe", map[string]any{})
	if d := dialogOf(t, obs); d["message"] != "stop right there" {
		t.Fatalf("observe after the act: dialog %v", d)
	}
	bs.mustOK("dialog", map[string]any{"action": "accept"})
	if o := bs.observe(); o.Dialog != nil {
		t.Fatalf("a dialog is left: %v", o.Dialog)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestFaultDetachedMidAct: the person cancels the debugging bar (the
// debugger leaves the tab) under a running act; it ends with
// debugger_detached, and the next call attaches again.
func TestFaultDetachedMidAct(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html?detach")
	o := bs.observe()
	c := bs.devtools()
	var target string
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, "/act/lists.html?detach") {
			target = tg.TargetID
		}
	}
	chromeTab := c.tabIDOf(t, target)
	f := bs.begin("act", waitForever(snap(o)))
	settle()
	c.inWorker(t, fmt.Sprintf(`chrome.debugger.detach({tabId: %d}).then(() => true)`, chromeTab))
	f.end(5*time.Second, "debugger_detached", "again")
	// Nothing is left: the next call attaches again and works.
	if o := bs.observe(); len(o.Elements) == 0 {
		t.Fatal("observe after the detach sees nothing")
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestFaultNavigationDuringObserve: the page navigates while a large
// observation is being made; the observation is either wholly of one
// document, with a snapshot that works for it, or a clear failure.
func TestFaultNavigationDuringObserve(t *testing.T) {
	bs := shared(t)
	bs.openPage("/gen?n=4000")
	var ok bool
	for i := 0; i < 3; i++ {
		bs.pageEval("/gen?n=4000", fmt.Sprintf(`(setTimeout(() => location.href = "/second.html?n=4000", %d), true)`, 50+150*i), &ok)
		env := bs.call("observe", map[string]any{})
		if !env.OK {
			if code := env.errorCode(); code != "timeout" || len(errorMessage(env)) < 40 {
				t.Fatalf("observe during a navigation: %s %q", code, errorMessage(env))
			}
			t.Logf("observe during a navigation: %s %q", env.errorCode(), errorMessage(env))
		} else {
			o := decodeObservation(t, env)
			t.Logf("observe during a navigation: ok, %q, %d marks", o.Title, len(o.Elements))
			second := strings.Contains(o.URL, "/second.html")
			if second != (o.Title == "Diwall fixture: second") {
				t.Fatalf("an observation mixes two documents: url %s, title %q", o.URL, o.Title)
			}
			if second {
				bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "second"})
			} else if r := bs.call("read", map[string]any{"snapshot_id": snap(o), "query": "Workspace"}); !r.OK && r.errorCode() != "snapshot_stale" {
				t.Fatalf("read with the observation's snapshot: %s", r.errorCode())
			}
		}
		bs.mustOK("navigate", map[string]any{"url": siteURL + "/gen?n=4000"})
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
