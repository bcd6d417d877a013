package e2e

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// writeProfile writes a profile file into a DIWALL_HOME.
func writeProfile(home, name, body string) error {
	dir := filepath.Join(home, "config", "profiles")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name+".toml"), []byte(body), 0o600)
}

// otherSite serves the fixtures under an origin of its own.
func otherSite(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(fixtures())
	t.Cleanup(srv.Close)
	return srv.URL
}

// answer waits for the approval window the extension opens, checks what
// it asks, and clicks one of its buttons, as the person would.
// A step's question (want holds its words) must also show them, and its
// image.
func (bs *browserSession) answer(c *cdpConn, origin, button string, want ...string) {
	t := bs.t.(*testing.T)
	t.Helper()
	win := c.waitTarget(t, extensionOrigin+"/src/approve.html", 15*time.Second)
	session := c.attach(t, win.TargetID)
	c.waitEval(t, session, `document.readyState === "complete" && !!document.getElementById("deny")`, 5*time.Second)
	text := string(c.eval(t, session, `document.body.innerText`))
	if !strings.Contains(text, origin) || !strings.Contains(text, "diwall-e2e") {
		t.Errorf("the approval window says %s; want the client and %s", text, origin)
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the step's question says %s; want %q", text, w)
		}
	}
	if len(want) > 0 && !strings.Contains(text, "send text it read on a private site") { // (a share question has no image)
		c.waitEval(t, session, `(() => { const i = document.getElementById("step-image"); return !!i && !i.hidden && i.complete && i.naturalWidth > 200; })()`, 5*time.Second)
	}
	// Clicked after the evaluation answers: the click closes the window,
	// which may otherwise take the evaluation's answer with it.
	c.eval(t, session, fmt.Sprintf(`setTimeout(() => document.getElementById(%q).click(), 0), true`, button))
	// The worker closes the window once the host has the answer; wait for
	// that, so the next question cannot find this window still closing.
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		open := false
		for _, tg := range c.targets(t) {
			open = open || tg.TargetID == win.TargetID
		}
		if !open {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the approval window stayed open after %s was clicked", button)
		}
	}
}

// asked runs a tool call while the person answers in the browser; want is
// what a step's question must say (see answer).
func (bs *browserSession) asked(c *cdpConn, origin, button, tool string, args map[string]any, want ...string) envelope {
	bs.t.Helper()
	type result struct {
		res *mcp.CallToolResult
		err error
	}
	done := make(chan result, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
		defer cancel()
		res, err := bs.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
		done <- result{res, err}
	}()
	bs.answer(c, origin, button, want...)
	r := <-done
	if r.err != nil {
		bs.t.Fatalf("%s: protocol error: %v", tool, r.err)
	}
	return decodeEnvelope(bs.t, tool, r.res)
}

// TestApprovalAllowOnceAlwaysDeny: with ask = true, a site not on the list
// is asked for in the browser; the person's Allow once, Always and Deny,
// clicked in the extension's own window, decide the call; Always is written
// to the profile file; an unanswered question ends in permission_denied.
func TestApprovalAllowOnceAlwaysDeny(t *testing.T) {
	once, always, deny, byClick := otherSite(t), otherSite(t), otherSite(t), otherSite(t)
	unanswered := outsideURL("")
	var profilePath string
	bs := launchPrepared(t, func(home string) error {
		profilePath = filepath.Join(home, "config", "profiles", "asking.toml")
		return writeProfile(home, "asking", fmt.Sprintf("# asks for the rest\nsites = [%q]\nask = true\n\n[budgets]\ncall_timeout_ms = 8000\n", siteURL))
	}, []string{"DIWALL_TEST_PERSON=1"}, "--profile", "asking")
	bs.openPage("/home.html")
	c := bs.devtools()

	if env := bs.asked(c, once, "allow-once", "navigate", map[string]any{"url": once + "/second.html"}); !env.OK {
		t.Fatalf("allowed once: %v", env.Server["error"])
	}
	bs.observe() // the session may now see it
	if env := bs.asked(c, deny, "deny", "navigate", map[string]any{"url": deny + "/second.html"}); env.errorCode() != "permission_denied" {
		t.Fatalf("denied: ok=%v code=%s", env.OK, env.errorCode())
	}
	start := time.Now()
	if env := bs.call("navigate", map[string]any{"url": deny + "/home.html"}); env.errorCode() != "permission_denied" || time.Since(start) > 2*time.Second {
		t.Errorf("a denied site asked again, or slowly: code %s after %v", env.errorCode(), time.Since(start))
	}
	if env := bs.asked(c, always, "allow-always", "navigate", map[string]any{"url": always + "/home.html"}); !env.OK {
		t.Fatalf("allowed always: %v", env.Server["error"])
	}
	data, _ := os.ReadFile(profilePath)
	if !strings.Contains(string(data), always) || strings.Contains(string(data), once) || !strings.HasPrefix(string(data), "# asks for the rest") {
		t.Errorf("the profile after Always:\n%s", data)
	}

	// An act whose click lands on a site not on the list asks too.
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/gate/links?to=" + byClick + "/second.html"})
	o := bs.observe()
	step := []map[string]any{{"action": "click", "mark": markOf(t, o, "link", "Same tab")}}
	if env := bs.asked(c, byClick, "allow-once", "act", map[string]any{"snapshot_id": snap(o), "steps": step}); !env.OK {
		t.Errorf("a click that left the sites, allowed: %v", env.Server["error"])
	}

	// Nobody answers: the call's budget ends the question and its window.
	start = time.Now()
	env := bs.call("navigate", map[string]any{"url": unanswered + "/home.html"})
	if env.errorCode() != "permission_denied" || time.Since(start) > 12*time.Second {
		t.Errorf("unanswered: code %s after %v", env.errorCode(), time.Since(start))
	}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		open := false
		for _, tg := range c.targets(t) {
			open = open || strings.HasPrefix(tg.URL, extensionOrigin+"/src/approve.html")
		}
		if !open {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the approval window stayed open after the question was withdrawn")
		}
	}
}

// TestApprovalWithNoPersonIsPrompt: a headless browser has no one to ask,
// so a site not on the list is refused at once.
func TestApprovalWithNoPersonIsPrompt(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "asking", fmt.Sprintf("sites = [%q]\nask = true\n", siteURL))
	}, nil, "--profile", "asking")
	bs.openPage("/home.html")
	start := time.Now()
	env := bs.call("navigate", map[string]any{"url": outsideURL("/home.html")})
	if env.errorCode() != "permission_denied" || time.Since(start) > 2*time.Second {
		t.Fatalf("headless, a site not on the list: code %s after %v", env.errorCode(), time.Since(start))
	}
	msg := env.Server["error"].(map[string]any)["message"].(string)
	if !strings.Contains(msg, "diwall profile allow asking") {
		t.Errorf("the message does not tell how to allow it: %s", msg)
	}
}

// TestProfileFiles: a profile made and edited with `diwall profile` decides
// what a session may do; one that names only some tools lists only those;
// a malformed one is refused with its line and key.
func TestProfileFiles(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		run := func(args ...string) error {
			cmd := exec.Command(diwallBin, args...)
			cmd.Env = append(os.Environ(), "DIWALL_HOME="+home)
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("diwall %v: %w\n%s", args, err, out)
			}
			return nil
		}
		if err := run("profile", "create", "narrow"); err != nil {
			return err
		}
		if err := run("profile", "allow", "narrow", siteURL); err != nil {
			return err
		}
		path := filepath.Join(home, "config", "profiles", "narrow.toml")
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		// The person also narrows the tools, by hand, at the top.
		return os.WriteFile(path, append([]byte("tools = [\"observe\", \"navigate\", \"tabs\"]\n"), data...), 0o600)
	}, nil, "--profile", "narrow")
	tools, err := bs.session.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	if strings.Join(names, ",") != "navigate,observe,tabs" {
		t.Errorf("listed tools %v, want observe, navigate, tabs", names)
	}
	bs.openPage("/home.html")
	bs.observe()
	if env := bs.call("navigate", map[string]any{"url": outsideURL("/home.html")}); env.errorCode() != "permission_denied" {
		t.Errorf("outside the narrow profile's sites (ask, headless): code %s", env.errorCode())
	}

	// A malformed profile: refused before anything starts, naming line and key.
	home := t.TempDir()
	if err := writeProfile(home, "broken", "ask = true\nsites = [\"htp://example.com\"]\n"); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(diwallBin, "mcp", "--launch=headless", "--profile", "broken")
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+home)
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "line 2") || !strings.Contains(string(out), "sites") {
		t.Errorf("a malformed profile: err %v, output %s", err, out)
	}
}
