package e2e

import (
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// Beside the person (docs/contract.md §11): in the person's everyday
// browser, headed, with their own tab in front, the agent works in tabs of
// its own in the background. These tests need Xvfb, and xdotool for the
// person's keyboard (.ci/run installs both).

// TestBesideNoCallTakesTheScreen: no tool call activates a tab, focuses a
// window or moves the person's keyboard focus; the agent's tab opens in the
// background in the session's tab group, is observed and acted on there
// (its image is its own page), and once the agent is idle it is a hidden
// tab again.
func TestBesideNoCallTakesTheScreen(t *testing.T) {
	b := newBeside(t)
	a := b.client("Beside")
	url := siteURL + "/beside/agent.html"
	open := a.eventually(30*time.Second, "tabs", map[string]any{"action": "open", "url": url})
	if !open.OK {
		t.Fatalf("no host came: %v\n%s", open.Server["error"], b.browserLog.String())
	}
	b.checkUndisturbed("tabs open")
	_, active, grouped := b.agentTab(url)
	for end := time.Now().Add(5 * time.Second); !grouped && time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		_, active, grouped = b.agentTab(url)
	}
	if active || !grouped {
		t.Errorf("the agent's tab: active %v, in a group %v; want in the background, in the session's group", active, grouped)
	}

	o := a.observe()
	if o.Server["capture"] != "ok" || len(o.PNG) == 0 || o.Title != "Agent's form" {
		t.Errorf("observe in the background: capture %v, %d image bytes, title %q", o.Server["capture"], len(o.PNG), o.Title)
	}
	b.checkUndisturbed("observe")

	a.mustOK("navigate", map[string]any{"url": url + "?again"})
	b.checkUndisturbed("navigate")
	o = a.observe()
	r := a.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "First name"), "text": "Ada"},
		map[string]any{"action": "press", "mark": markOf(t, o, "textbox", "Last name"), "keys": "L"},
		map[string]any{"action": "check", "mark": markOf(t, o, "checkbox", "Gift wrap")},
		map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Size"), "values": []string{"Large"}},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Start timer")},
		map[string]any{"action": "wait", "text": "fired after", "ms": 5000})
	if !r.OK {
		t.Errorf("act in the background: %v %+v", r.Server["error"], r.Steps)
	}
	b.checkUndisturbed("act")
	a.mustOK("read", map[string]any{"snapshot_id": snap(o)})
	b.checkUndisturbed("read")
	a.mustOK("screenshot", map[string]any{})
	b.checkUndisturbed("screenshot")
	a.mustOK("tabs", map[string]any{"action": "list"})
	a.mustOK("tabs", map[string]any{"action": "select", "tab_id": open.Server["tab_id"]})
	b.checkUndisturbed("tabs select")
	a.mustOK("downloads", map[string]any{"action": "list"})
	b.checkUndisturbed("downloads")

	o = a.observe()
	a.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Show alert")})
	a.mustOK("dialog", map[string]any{"action": "accept"})
	b.checkUndisturbed("dialog")

	p := a.handOff("check the form")
	var answered bool
	for end := time.Now().Add(20 * time.Second); !answered && time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		_, err := b.run("handoff", "done")
		answered = err == nil
	}
	if env := a.result(p, 20*time.Second); !answered || !env.OK {
		t.Errorf("handoff: answered %v, %v", answered, env.Server["error"])
	}
	b.checkUndisturbed("handoff")

	// Idle, the agent's tab is a hidden tab again (Chrome throttles it as any).
	agent := b.dt.attach(t, b.dt.waitTarget(t, url+"?again", 5*time.Second).TargetID)
	b.dt.waitEval(t, agent, `document.visibilityState === "hidden"`, 10*time.Second)
}

// TestBesideThePersonKeepsTheirKeyboard: while the agent types in its tab,
// every key the person types in their own tab arrives, in order, and their
// focus never moves.
func TestBesideThePersonKeepsTheirKeyboard(t *testing.T) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool)")
	}
	b := newBeside(t)
	a := b.client("Beside")
	url := siteURL + "/beside/agent.html"
	if open := a.eventually(30*time.Second, "tabs", map[string]any{"action": "open", "url": url}); !open.OK {
		t.Fatalf("no host came: %v\n%s", open.Server["error"], b.browserLog.String())
	}
	o := a.observe()
	message := markOf(t, o, "textbox", "Message")

	var wg sync.WaitGroup
	stop := make(chan struct{})
	calls, failed := 0, []string{}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			r := a.act(snap(o), false,
				map[string]any{"action": "type", "mark": message, "text": "the agent types here "},
				map[string]any{"action": "press", "mark": message, "keys": "a"},
				map[string]any{"action": "press", "mark": message, "keys": "space"})
			calls++
			if !r.OK {
				failed = append(failed, r.message())
			}
		}
	}()
	const typed = "The quick brown fox jumps over the lazy dog 0123456789."
	time.Sleep(200 * time.Millisecond)
	err := b.typeAsPerson(typed, 25)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if calls < 2 || len(failed) > 0 {
		t.Errorf("the agent typed in %d calls, failures %v", calls, failed)
	}
	var got string
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if got = string(b.dt.eval(t, b.person, `document.getElementById("notes").value`)); got == `"`+typed+`"` {
			break
		}
	}
	if got != `"`+typed+`"` {
		t.Errorf("the person typed %q, their field has %s", typed, got)
	}
	b.checkUndisturbed("the agent typed while the person did")
	agent := b.dt.attach(t, b.dt.waitTarget(t, url, 5*time.Second).TargetID)
	if v := string(b.dt.eval(t, agent, `document.querySelector("[name=message]").value`)); !strings.Contains(v, "the agent types here a ") {
		t.Errorf("the agent's field has %s", v)
	}
}
