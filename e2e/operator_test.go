package e2e

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The operator's view (docs/contract.md §7): the extension's side panel and the local
// page of `diwall watch`, driven in the real browser as the person would.

// diwall runs a command of the person (pause, resume, stop, watch,
// sessions) against the launch's host and returns what it printed.
func (bs *browserSession) diwall(args ...string) (string, error) {
	cmd := exec.Command(diwallBin, args...)
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+bs.home, "TMPDIR="+filepath.Join(bs.home, "tmp"))
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("diwall %v: %w: %s", args, err, errOut.String())
	}
	return out.String(), nil
}

// watchPage starts the local page and returns its address.
func (bs *browserSession) watchPage() string {
	bs.t.Helper()
	out, err := bs.diwall("watch", "--no-open")
	if err != nil {
		bs.t.Fatal(err)
	}
	return strings.TrimSpace(out)
}

// openURL opens a tab at url as the person would and returns a DevTools
// session on it.
func (c *cdpConn) openURL(t *testing.T, url string) string {
	t.Helper()
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": url}, &created); err != nil {
		t.Fatal(err)
	}
	return c.attach(t, created.TargetID)
}

// views opens the side panel's page and the local page, and waits until
// both show the session's pane.
func (bs *browserSession) views(c *cdpConn) (panel, page string) {
	t := bs.t.(*testing.T)
	t.Helper()
	panel = c.extensionPage(t, "/src/panel.html")
	page = c.openURL(t, bs.watchPage())
	for _, s := range []string{panel, page} {
		c.waitEval(t, s, `document.body?.dataset.connected === "true" && !!document.querySelector(".pane[data-session]")`, 10*time.Second)
	}
	return panel, page
}

// within waits at most d for expression to be true in session, and
// returns how long it took.
func (c *cdpConn) within(t *testing.T, session, expression string, d time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	for string(c.eval(t, session, expression)) != "true" {
		if time.Since(start) > d {
			t.Fatalf("%s was not true within %v", expression, d)
		}
		time.Sleep(10 * time.Millisecond)
	}
	return time.Since(start)
}

// TestOperatorViewsShowLiveOperations: the side panel and the local page
// show the session, its pane with the latest marked image, and each
// operation within a second of its call; the tab group shows the agent
// acting; the log tells what happened.
func TestOperatorViewsShowLiveOperations(t *testing.T) {
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	c := bs.devtools()
	panel, page := bs.views(c)

	obs := bs.mustOK("observe", map[string]any{})
	returned := time.Now()
	op := obs.Server["operation_id"].(string)
	for name, s := range map[string]string{"side panel": panel, "local page": page} {
		seen := c.within(t, s, fmt.Sprintf(`!!document.querySelector('.pane .op[data-op=%q][data-phase="done"][data-ok="true"][data-tool="observe"]')`, op), time.Second)
		took := time.Since(returned)
		c.within(t, s, fmt.Sprintf(`!!document.querySelector('.pane img.latest[data-operation=%q]')`, op), time.Second)
		t.Logf("%s: the observe showed %v after its call returned (polled %v)", name, took.Round(time.Millisecond), seen.Round(time.Millisecond))
	}
	if text := string(c.eval(t, panel, `document.getElementById("log").innerText`)); !strings.Contains(text, "observe ok") {
		t.Errorf("the log does not tell of the observe: %s", text)
	}
	if text := string(c.eval(t, page, `document.getElementById("browser-tab").innerText`)); !strings.Contains(text, "/home.html") {
		t.Errorf("the browser panel does not show the session's tab: %s", text)
	}

	// A running call shows as running, and the tab group says the agent acts.
	snapshot := obs.Server["snapshot_id"].(string)
	done := make(chan envelope, 1)
	go func() {
		done <- bs.call("act", map[string]any{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "wait", "ms": 2500}}})
	}()
	c.within(t, panel, `!!document.querySelector('.pane .op[data-tool="act"][data-phase="running"]')`, time.Second)
	c.within(t, page, `!!document.querySelector('.pane .op[data-tool="act"][data-phase="running"]')`, time.Second)
	acting := false
	for end := time.Now().Add(2 * time.Second); !acting && time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		for title := range c.groups(t) {
			acting = acting || strings.HasPrefix(title, "▶ Diwall · ")
		}
	}
	if !acting {
		t.Errorf("the tab group does not show the agent acting: %v", c.groups(t))
	}
	if env := <-done; !env.OK {
		t.Fatalf("act: %v", env.Server["error"])
	}
	c.within(t, panel, `!!document.querySelector('.pane .op[data-tool="act"][data-phase="done"]')`, time.Second)
	idle := false
	for end := time.Now().Add(5 * time.Second); !idle && time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
		_, idle = c.groups(t)["Diwall · diwall-e2e"]
	}
	if !idle {
		t.Errorf("the tab group still shows the agent acting: %v", c.groups(t))
	}
}

// TestPauseResumeStop: paused from the side panel, the local page or the
// command line, every tool answers paused_by_user at once; resumed, it
// works again; stopped, its access ends (the debugger leaves its tab,
// which stays open) until resumed.
func TestPauseResumeStop(t *testing.T) {
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	c := bs.devtools()
	panel, page := bs.views(c)
	status := func(s, want string) {
		t.Helper()
		c.within(t, s, fmt.Sprintf(`document.querySelector("#sessions li[data-session]")?.dataset.status === %q`, want), 2*time.Second)
	}
	paused := func(how string) {
		t.Helper()
		start := time.Now()
		env := bs.call("observe", map[string]any{})
		if env.OK || env.errorCode() != "paused_by_user" {
			t.Fatalf("paused from %s: observe ok=%v code=%s", how, env.OK, env.errorCode())
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("paused from %s: the refusal took %v", how, took)
		}
		if env := bs.call("tabs", map[string]any{"action": "list"}); env.errorCode() != "paused_by_user" {
			t.Errorf("paused from %s: tabs answered %s", how, env.errorCode())
		}
	}

	// The side panel's button.
	c.eval(t, panel, `document.querySelector('#sessions li [data-action="pause"]').click(), true`)
	status(panel, "paused")
	status(page, "paused")
	paused("the side panel")
	c.eval(t, panel, `document.querySelector('#sessions li [data-action="resume"]').click(), true`)
	status(panel, "running")
	bs.mustOK("observe", map[string]any{})

	// The local page's "Pause all", and the command line's resume.
	c.eval(t, page, `document.getElementById("pause-all").click(), true`)
	status(page, "paused")
	paused("the local page")
	if out, err := bs.diwall("resume", "--all"); err != nil || !strings.Contains(out, "running: diwall-e2e") {
		t.Fatalf("diwall resume: %q %v", out, err)
	}
	status(panel, "running")
	bs.mustOK("observe", map[string]any{})

	// The command line, naming the session by its client's name.
	if out, err := bs.diwall("pause", "diwall-e2e"); err != nil || !strings.Contains(out, "paused: diwall-e2e") {
		t.Fatalf("diwall pause: %q %v", out, err)
	}
	paused("the command line")
	if _, err := bs.diwall("pause", "nobody"); err == nil || !strings.Contains(err.Error(), `no session "nobody"`) {
		t.Errorf("pausing an unknown session: %v", err)
	}
	out, err := bs.diwall("sessions")
	if err != nil || !strings.Contains(out, "diwall-e2e") || !strings.Contains(out, "paused") {
		t.Errorf("diwall sessions: %q %v", out, err)
	}
	if _, err := bs.diwall("resume"); err != nil {
		t.Fatal(err)
	}

	// A pause interrupts a call that is running.
	snapshot := bs.observe().Server["snapshot_id"].(string)
	done := make(chan envelope, 1)
	start := time.Now()
	go func() {
		done <- bs.call("act", map[string]any{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "wait", "ms": 20000}}})
	}()
	c.within(t, panel, `!!document.querySelector('.pane .op[data-tool="act"][data-phase="running"]')`, 2*time.Second)
	if _, err := bs.diwall("pause"); err != nil {
		t.Fatal(err)
	}
	if env := <-done; env.errorCode() != "paused_by_user" || time.Since(start) > 10*time.Second {
		t.Errorf("a running call after pause: code %s after %v", env.errorCode(), time.Since(start))
	}
	if _, err := bs.diwall("resume"); err != nil {
		t.Fatal(err)
	}

	// Stop: the session's access ends; its tab stays open, no longer its.
	c.eval(t, panel, `document.querySelector('#sessions li [data-action="stop"]').click(), true`)
	status(panel, "stopped")
	if env := bs.call("observe", map[string]any{}); env.errorCode() != "permission_denied" || !strings.Contains(env.Server["error"].(map[string]any)["message"].(string), "stopped") {
		t.Errorf("a stopped session's call: %v", env.Server["error"])
	}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		agent := string(c.inWorker(t, `chrome.storage.session.get("agent_tabs").then(x => JSON.stringify(x.agent_tabs ?? []))`))
		if agent == `"[]"` {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the stopped session's tab is still an agent tab: %s", agent)
		}
	}
	open := false
	for _, tg := range c.targets(t) {
		open = open || tg.Type == "page" && strings.HasSuffix(tg.URL, "/home.html")
	}
	if !open {
		t.Error("stop closed the tab; it should stay open unless the person asks")
	}
	if _, err := bs.diwall("resume"); err != nil {
		t.Fatal(err)
	}
	if list := bs.mustOK("tabs", map[string]any{"action": "list"}); len(list.Server["tabs"].([]any)) != 0 {
		t.Errorf("after stop and resume the session still has tabs: %v", list.Server["tabs"])
	}

	// Stop with --close-tabs closes them.
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/second.html"})
	if _, err := bs.diwall("stop", "--close-tabs"); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		still := slices.ContainsFunc(c.targets(t), func(tg cdpTarget) bool { return strings.HasSuffix(tg.URL, "/second.html") })
		if !still {
			break
		}
		if time.Now().After(end) {
			t.Fatal("stop --close-tabs left the tab open")
		}
	}
	if _, err := bs.diwall("resume"); err != nil {
		t.Fatal(err)
	}
}

// TestLocalPageRefusesStrangers: the real host's page answers only under
// its token, at a loopback Host, to its own origin; a page of another
// site in the browser cannot open its feed.
func TestLocalPageRefusesStrangers(t *testing.T) {
	bs := shared(t)
	page := bs.watchPage()
	u, err := url.Parse(page)
	if err != nil || u.Hostname() != "127.0.0.1" {
		t.Fatalf("the page's address: %s %v", page, err)
	}
	get := func(path, host, origin string) int {
		req, _ := http.NewRequest("GET", "http://"+u.Host+path, nil)
		if host != "" {
			req.Host = host
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for _, c := range []struct {
		what, path, host, origin string
		want                     int
	}{
		{"the page", u.Path, "", "", 200},
		{"no token", "/", "", "", 401},
		{"no token, the page's file", "/panel.html", "", "", 401},
		{"a wrong token", "/" + strings.Repeat("ab", 24) + "/", "", "", 401},
		{"a foreign Origin", u.Path, "", "http://evil.example", 403},
		{"a non-loopback Host", u.Path, "evil.example:" + u.Port(), "", 421},
		{"a LAN Host", u.Path, "10.0.0.5:" + u.Port(), "", 421},
	} {
		if got := get(c.path, c.host, c.origin); got != c.want {
			t.Errorf("%s: %d, want %d", c.what, got, c.want)
		}
	}
	// A page of another site, in the browser, tries the feed with the token.
	c := bs.devtools()
	s := c.openURL(t, siteURL+"/home.html")
	c.waitEval(t, s, `document.readyState === "complete"`, 5*time.Second)
	ws := "ws://" + u.Host + u.Path + "ws"
	got := string(c.eval(t, s, fmt.Sprintf(`new Promise(r => { const w = new WebSocket(%q); w.onopen = () => r("open"); w.onerror = () => r("refused"); setTimeout(() => r("timeout"), 5000); })`, ws)))
	if got != `"refused"` {
		t.Errorf("a foreign page's WebSocket to the feed: %s", got)
	}
}

// attachWith starts another `diwall mcp` on the launched browser, whose
// client announces caps.
func attachWith(t *testing.T, first *browserSession, client string, caps *mcp.ClientCapabilities, args ...string) *browserSession {
	t.Helper()
	return attachWithOptions(t, first, client, &mcp.ClientOptions{Capabilities: caps}, nil, args...)
}

// attachWithOptions is attachWith with the client's options (its handlers).
func attachWithOptions(t *testing.T, first *browserSession, client string, opts *mcp.ClientOptions, sessOpts *mcp.ClientSessionOptions, args ...string) *browserSession {
	t.Helper()
	cmd := exec.Command(diwallBin, append([]string{"mcp"}, args...)...)
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+first.home, "TMPDIR="+filepath.Join(first.home, "tmp"), "DIWALL_LOG=debug")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	session, err := mcp.NewClient(&mcp.Implementation{Name: client, Version: "0"}, opts).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, sessOpts)
	if err != nil {
		t.Fatalf("diwall mcp: %v\n%s", err, stderr.String())
	}
	t.Cleanup(func() { session.Close() })
	return &browserSession{t: t, launched: &launched{home: first.home, cmd: cmd, session: session, stderr: &stderr}}
}

// listed reports whether tools/list offers the tool.
func (bs *browserSession) listed(tool string) bool {
	bs.t.Helper()
	res, err := bs.session.ListTools(context.Background(), nil)
	if err != nil {
		bs.t.Fatal(err)
	}
	return slices.ContainsFunc(res.Tools, func(x *mcp.Tool) bool { return x.Name == tool })
}

// TestScreen: screen is offered only to a client that announces
// ui-commands under a profile with operator_write; it answers UNAVAILABLE
// with no view open, and reaches every open view, which applies it.
func TestScreen(t *testing.T) {
	prepare := func(home string) error {
		if err := writeProfile(home, "watcher", "sites = [\"http://127.0.0.1:*\"]\noperator_write = true\n"); err != nil {
			return err
		}
		return writeProfile(home, "plain", "sites = [\"http://127.0.0.1:*\"]\n")
	}
	bs := launchPrepared(t, prepare, nil)
	ui := &mcp.ClientCapabilities{Experimental: map[string]any{"ui-commands": map[string]any{}}}

	// The launch's own client announced nothing.
	if bs.listed("screen") {
		t.Error("screen is listed to a client without ui-commands")
	}
	if env := bs.call("screen", map[string]any{"action": "sidebar_hide"}); env.errorCode() != "permission_denied" {
		t.Errorf("screen without ui-commands: %s", env.errorCode())
	}
	// ui-commands, but a profile without operator_write.
	plain := attachWith(t, bs, "plain-client", ui, "--profile", "plain")
	if plain.listed("screen") {
		t.Error("screen is listed under a profile without operator_write")
	}
	if env := plain.call("screen", map[string]any{"action": "sidebar_hide"}); env.errorCode() != "permission_denied" {
		t.Errorf("screen without operator_write: %s", env.errorCode())
	}
	// operator_write, but no ui-commands.
	if mute := attachWith(t, bs, "mute-client", nil, "--profile", "watcher"); mute.listed("screen") {
		t.Error("screen is listed to a client without ui-commands")
	} else if env := mute.call("screen", map[string]any{"action": "sidebar_hide"}); env.errorCode() != "permission_denied" {
		t.Errorf("screen of a client without ui-commands: %s", env.errorCode())
	}

	// Both: listed; with no view open, UNAVAILABLE.
	w := attachWith(t, bs, "watcher-client", ui, "--profile", "watcher")
	if !w.listed("screen") {
		t.Fatal("screen is not listed to a client with ui-commands and operator_write")
	}
	if env := w.call("screen", map[string]any{"action": "sidebar_hide"}); env.errorCode() != "UNAVAILABLE" {
		t.Fatalf("screen with no view open: ok=%v code=%s", env.OK, env.errorCode())
	}
	if env := w.call("screen", map[string]any{"action": "sidebar_hide", "dock": "left"}); env.errorCode() != "invalid_argument" {
		t.Errorf("a bad dock: %s", env.errorCode())
	}

	// One view: the side panel.
	c := bs.devtools()
	panel := c.extensionPage(t, "/src/panel.html")
	c.waitEval(t, panel, `document.body?.dataset.connected === "true" && document.querySelectorAll("#sessions li").length >= 3`, 10*time.Second)
	// Its hello reaches the host just after it connects: the first screen may still find none.
	env := w.eventually(5*time.Second, "screen", map[string]any{"action": "split_right"})
	if !env.OK || env.PageContent == nil {
		t.Fatalf("screen with the side panel open: %v", env.Server["error"])
	}
	if string(env.PageContent) != "{}" {
		t.Errorf("screen's page_content: %s", env.PageContent)
	}
	c.within(t, panel, `document.body.dataset.panes === "2" && document.querySelector('.pane[data-focused="true"]')?.dataset.session !== undefined`, time.Second)

	// Two views: both receive every command.
	page := c.openURL(t, bs.watchPage())
	c.waitEval(t, page, `document.body?.dataset.connected === "true" && document.querySelectorAll("#sessions li").length >= 3`, 10*time.Second)
	w.mustOK("screen", map[string]any{"action": "sidebar_hide"}) // the page may miss this one while its hello is on its way
	c.within(t, panel, `document.body.dataset.sidebar === "false"`, time.Second)
	for end := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		w.mustOK("screen", map[string]any{"action": "terminal_show", "dock": "right"})
		if string(c.eval(t, page, `document.body.dataset.terminal === "right"`)) == "true" || time.Now().After(end) {
			break
		}
	}
	w.mustOK("screen", map[string]any{"action": "browser_hide"})
	for name, s := range map[string]string{"side panel": panel, "local page": page} {
		for end := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			got := string(c.eval(t, s, `JSON.stringify([document.body.dataset.terminal, document.body.dataset.browser])`))
			if got == `"[\"right\",\"hidden\"]"` {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("%s: terminal and browser panels are %s after terminal_show right, browser_hide", name, got)
			}
		}
	}
	// A pane action names the caller's session by default; another key must exist.
	if env := w.call("screen", map[string]any{"action": "focus", "sessionKey": strings.Repeat("f", 32)}); env.errorCode() != "invalid_argument" {
		t.Errorf("screen on an unknown session: %s", env.errorCode())
	}
	w.mustOK("screen", map[string]any{"action": "close_pane"})
	c.within(t, panel, `document.body.dataset.panes === "1"`, time.Second)
	c.within(t, page, `document.querySelector("#log").innerText.includes("arranged the view")`, time.Second)
}
