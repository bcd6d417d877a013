package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The person in the loop (issue 21): the model hands a step to the person,
// who does it in the agent's tab and answers from the command line, the
// side panel or the operator page; nobody at all answers person_unavailable.

// handoffCode is what the person types into the page during a handoff: it
// must reach no result, no log and no audit record.
const handoffCode = "739184"

// pending is a handoff call in flight.
type pending struct {
	res chan *mcp.CallToolResult
	err chan error
}

// handOff starts a handoff call and returns at once.
func (bs *browserSession) handOff(reason string) pending {
	p := pending{res: make(chan *mcp.CallToolResult, 1), err: make(chan error, 1)}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		res, err := bs.session.CallTool(ctx, &mcp.CallToolParams{Name: "handoff", Arguments: map[string]any{"reason": reason}})
		if err != nil {
			p.err <- err
			return
		}
		p.res <- res
	}()
	return p
}

// result waits for the handoff's result.
func (bs *browserSession) result(p pending, within time.Duration) envelope {
	bs.t.Helper()
	select {
	case res := <-p.res:
		return decodeEnvelope(bs.t, "handoff", res)
	case err := <-p.err:
		bs.t.Fatalf("handoff: protocol error: %v", err)
	case <-time.After(within):
		bs.t.Fatalf("handoff: no result within %v", within)
	}
	return envelope{}
}

// waiting waits until `diwall sessions` shows the session waiting for the
// person, with the model's reason quoted.
func (bs *browserSession) waiting(reason string) {
	bs.t.Helper()
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		out, err := bs.diwall("sessions")
		if err == nil && strings.Contains(out, fmt.Sprintf("the model says: %q", reason)) {
			return
		}
		if time.Now().After(end) {
			bs.t.Fatalf("diwall sessions never showed the handoff: %q %v", out, err)
		}
	}
}

func TestHandoff(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "person", fmt.Sprintf("sites = [%q]\n\n[budgets]\nhandoff_s = 5\n", siteURL))
	}, nil, "--profile", "person")
	bs.openPage("/handoff/mfa.html")

	// No person: a headless browser, no view connected, a client without
	// elicitation.
	start := time.Now()
	env := bs.call("handoff", map[string]any{"reason": "type the code we sent you"})
	if env.errorCode() != "person_unavailable" || time.Since(start) > 2*time.Second {
		t.Fatalf("no person: %s after %v", env.errorCode(), time.Since(start))
	}

	// The person opens the side panel and the operator page.
	c := bs.devtools()
	panel, page := bs.views(c)
	var agentTab string
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, "/handoff/mfa.html") {
			agentTab = c.attach(t, tg.TargetID)
		}
	}
	if agentTab == "" {
		t.Fatal("no agent tab")
	}

	// Done, from the command line, after typing the code in the agent's tab.
	reason := "type the code we sent to your phone, then press Done"
	p := bs.handOff(reason)
	bs.waiting(reason)
	// The browser's desktop notification of it, until it ends.
	notifications := func(want int) {
		t.Helper()
		for end := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
			var n int
			if err := json.Unmarshal(c.inWorker(t, `chrome.notifications.getAll().then(all => Object.keys(all).length)`), &n); err != nil {
				t.Fatal(err)
			}
			if n == want {
				return
			}
			if time.Now().After(end) {
				t.Fatalf("%d desktop notifications, want %d", n, want)
			}
		}
	}
	notifications(1)
	for _, s := range []string{panel, page} {
		c.waitEval(t, s, fmt.Sprintf(`document.querySelector("#sessions li[data-handoff=true] .reason")?.textContent === %q`, reason), 10*time.Second)
	}
	start = time.Now()
	if env := bs.call("observe", map[string]any{}); env.errorCode() != "paused_by_user" || time.Since(start) > time.Second {
		t.Errorf("observe while handed off: %s after %v", env.errorCode(), time.Since(start))
	}
	c.eval(t, agentTab, `document.getElementById("code").focus(), true`)
	if err := c.call(t, agentTab, "Input.insertText", map[string]any{"text": handoffCode}, nil); err != nil {
		t.Fatal(err)
	}
	// And into a field that is not sensitive (its value would show).
	c.eval(t, agentTab, `document.getElementById("note").focus(), true`)
	if err := c.call(t, agentTab, "Input.insertText", map[string]any{"text": "ref " + handoffCode}, nil); err != nil {
		t.Fatal(err)
	}
	c.waitEval(t, agentTab, fmt.Sprintf(`document.getElementById("code").value === %q && document.getElementById("note").value === %q`, handoffCode, "ref "+handoffCode), 5*time.Second)
	if out, err := bs.diwall("handoff", "done"); err != nil || !strings.Contains(out, "answered done: diwall-e2e") {
		t.Fatalf("diwall handoff done: %q %v", out, err)
	}
	env = bs.result(p, 10*time.Second)
	notifications(0)
	results := []envelope{env}
	if !env.OK || env.Server["outcome"] != "done" || env.Server["observation"] == nil {
		t.Fatalf("done: %v", env.Server)
	}
	if len(env.raw.Content) != 1 {
		t.Errorf("done: the image would show what the person typed, yet the result has %d blocks: %s", len(env.raw.Content), env.PageContent)
	}
	for _, s := range []string{panel, page} {
		c.waitEval(t, s, `document.querySelector("#sessions li[data-handoff=true]") === null`, 5*time.Second)
	}
	bs.mustOK("observe", map[string]any{})
	if _, err := bs.diwall("handoff", "done"); err == nil || !strings.Contains(err.Error(), "no session waits for you") {
		t.Errorf("answering with nothing waiting: %v", err)
	}

	// I can't, from the operator page; Done, from the side panel.
	for _, c2 := range []struct{ where, view, button, want string }{
		{"the operator page", page, "handoff_decline", "declined"},
		{"the side panel", panel, "handoff_done", "done"},
	} {
		p := bs.handOff("solve the captcha")
		c.waitEval(t, c2.view, fmt.Sprintf(`!!document.querySelector('#sessions li[data-handoff=true] [data-action=%q]')`, c2.button), 10*time.Second)
		c.eval(t, c2.view, fmt.Sprintf(`document.querySelector('#sessions li[data-handoff=true] [data-action=%q]').click(), true`, c2.button))
		env := bs.result(p, 10*time.Second)
		results = append(results, env)
		if !env.OK || env.Server["outcome"] != c2.want {
			t.Errorf("%s: %v", c2.where, env.Server)
		}
	}

	// A pause ends the handoff with paused_by_user; a paused session cannot
	// hand off.
	p = bs.handOff("read the terms")
	bs.waiting("read the terms")
	if _, err := bs.diwall("pause", "diwall-e2e"); err != nil {
		t.Fatal(err)
	}
	if env := bs.result(p, 10*time.Second); env.errorCode() != "paused_by_user" {
		t.Errorf("paused during a handoff: %v", env.Server)
	}
	if env := bs.call("handoff", map[string]any{"reason": "x"}); env.errorCode() != "paused_by_user" {
		t.Errorf("a paused session hands off: %v", env.Server)
	}
	if out, err := bs.diwall("sessions"); err != nil || strings.Contains(out, "waits for you") {
		t.Errorf("the handoff is still shown after the pause: %q %v", out, err)
	}
	if _, err := bs.diwall("resume", "diwall-e2e"); err != nil {
		t.Fatal(err)
	}

	// Nobody answers: timed_out once the profile's handoff_s (5 s) passed.
	start = time.Now()
	env = bs.result(bs.handOff("accept the terms"), 20*time.Second)
	results = append(results, env)
	if took := time.Since(start); !env.OK || env.Server["outcome"] != "timed_out" || took < 5*time.Second || took > 15*time.Second {
		t.Errorf("timed out: %v after %v", env.Server, took)
	}

	// What the person typed reached no result, no log and no audit record.
	for i, env := range results {
		data, _ := json.Marshal(env.raw)
		if bytes.Contains(data, []byte(handoffCode)) {
			t.Errorf("result %d carries what the person typed: %.400s", i, data)
		}
	}
	if strings.Contains(bs.stderr.String(), handoffCode) {
		t.Error("diwall's stderr carries what the person typed")
	}
	for _, dir := range []string{filepath.Join(bs.home, "logs"), filepath.Join(bs.home, "state", "audit")} {
		_ = filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() {
				return nil
			}
			if data, _ := os.ReadFile(path); bytes.Contains(data, []byte(handoffCode)) {
				t.Errorf("%s holds what the person typed", path)
			}
			return nil
		})
	}
	s := bs.auditSession()
	var outcomes []string
	for _, rec := range s.Records {
		if rec.Tool == "handoff" {
			outcomes = append(outcomes, rec.Outcome)
			if rec.OK && !strings.Contains(strings.Join(rec.Notices, "|"), "the person acted") {
				t.Errorf("audit: a handoff without \"the person acted\": %v", rec.Notices)
			}
		}
	}
	if got, want := strings.Join(outcomes, " "), "person_unavailable done declined done paused_by_user paused_by_user timed_out"; got != want {
		t.Errorf("audit handoff outcomes:\n got %s\nwant %s", got, want)
	}
	// diwall audit shows each handoff with its answer and its time.
	out, err := bs.diwall("audit", "show", s.Key[:8])
	if err != nil {
		t.Fatal(err)
	}
	var shown []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[1] == "handoff" {
			shown = append(shown, f[2])
			if _, err := time.Parse("15:04:05.000", f[0]); err != nil {
				t.Errorf("audit show: a handoff without its time: %q", line)
			}
		}
	}
	if got, want := strings.Join(shown, " "), "person_unavailable done declined done paused_by_user paused_by_user timed_out"; got != want {
		t.Errorf("audit show handoffs:\n got %s\nwant %s\n%s", got, want, out)
	}
}

// TestHandoffThroughTheClient: a client that announced elicitation is a
// person who can answer, even with no view connected to a headless
// browser; it is told of the wait with progress notifications; the first
// answer wins and the other question is withdrawn.
func TestHandoffThroughTheClient(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "person", fmt.Sprintf("sites = [%q]\n", siteURL))
	}, nil, "--profile", "person")
	progressed := make(chan string, 100)
	asked := make(chan string, 10)
	withdrawn := make(chan struct{}, 10)
	var answer atomic.Value // "done": answer once a progress notification came; "wait": until withdrawn
	answer.Store("done")
	client := attachWithOptions(t, bs, "elicits", &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			progressed <- req.Params.Message
		},
		ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked <- req.Params.Message
			if answer.Load() == "wait" {
				<-ctx.Done()
				withdrawn <- struct{}{}
				return nil, ctx.Err()
			}
			select {
			case <-progressed:
			case <-time.After(15 * time.Second):
				return &mcp.ElicitResult{Action: "cancel"}, nil
			}
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"answer": "done"}}, nil
		},
		// Elicitation during a call ends with 2025-11-25 (later versions want
		// it in the call's result), and the clients that elicit speak it.
	}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"}, "--profile", "person")
	client.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/handoff/mfa.html"})

	call := func(reason string) pending {
		p := pending{res: make(chan *mcp.CallToolResult, 1), err: make(chan error, 1)}
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			params := &mcp.CallToolParams{Name: "handoff", Arguments: map[string]any{"reason": reason}}
			params.SetProgressToken("handoff-" + reason)
			res, err := client.session.CallTool(ctx, params)
			if err != nil {
				p.err <- err
				return
			}
			p.res <- res
		}()
		return p
	}

	// Answered in the client, after a progress notification reached it.
	env := client.result(call("enter the code"), 30*time.Second)
	if !env.OK || env.Server["outcome"] != "done" {
		t.Fatalf("answered through the client: %v", env.Server)
	}
	if msg := <-asked; !strings.Contains(msg, `The model says: "enter the code"`) {
		t.Errorf("the client's question: %q", msg)
	}

	// Answered on the command line first: the client's question is withdrawn.
	answer.Store("wait")
	p := call("solve the captcha")
	select {
	case <-asked:
	case <-time.After(10 * time.Second):
		t.Fatal("the client was not asked")
	}
	if out, err := bs.diwall("handoff", "decline", "elicits"); err != nil || !strings.Contains(out, "answered decline") {
		t.Fatalf("diwall handoff decline: %q %v", out, err)
	}
	env = client.result(p, 10*time.Second)
	if !env.OK || env.Server["outcome"] != "declined" {
		t.Errorf("answered on the command line: %v", env.Server)
	}
	select {
	case <-withdrawn:
	case <-time.After(10 * time.Second):
		t.Error("the client's question was not withdrawn")
	}
}
