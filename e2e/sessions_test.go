package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// attachSecond starts a second `diwall mcp` (no --launch) with the same
// DIWALL_HOME as a running launch: it reaches that launched browser's host,
// as a second MCP client of the person's would.
func attachSecond(t testing.TB, first *browserSession, client string, args ...string) *browserSession {
	t.Helper()
	env := append(os.Environ(), "DIWALL_HOME="+first.home, "TMPDIR="+filepath.Join(first.home, "tmp"), "DIWALL_LOG=debug")
	return connectMCP(t, env, first.home, client, args...)
}

// connectMCP starts `diwall mcp args...` in env (no --launch) and connects
// an MCP client named client to it; cleanup closes it. home is the home
// it reaches a host in.
func connectMCP(t testing.TB, env []string, home, client string, args ...string) *browserSession {
	t.Helper()
	cmd := exec.Command(diwallBin, append([]string{"mcp"}, args...)...)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	session, err := mcp.NewClient(&mcp.Implementation{Name: client, Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("diwall mcp: %v\n%s", err, stderr.String())
	}
	t.Cleanup(func() { session.Close() })
	return &browserSession{t: t, launched: &launched{home: home, cmd: cmd, session: session, stderr: &stderr}}
}

// groups lists the browser's tab groups: title -> colour and the URLs of
// their tabs.
func (c *cdpConn) groups(t testing.TB) map[string][]string {
	t.Helper()
	raw := c.inWorker(t, `(async () => {
		const out = {};
		for (const g of await chrome.tabGroups.query({})) {
			const tabs = await chrome.tabs.query({groupId: g.id});
			out[g.title] = [g.color, ...tabs.map(x => x.url)];
		}
		return out;
	})()`)
	var out map[string][]string
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatalf("groups: %v (%s)", err, raw)
	}
	return out
}

// TestSessionsHaveTheirOwnTabs: two MCP clients on one browser each list,
// observe and act on their own tabs only; a snapshot of one is refused in
// the other; each session's tabs sit in a group of its own.
func TestSessionsHaveTheirOwnTabs(t *testing.T) {
	a := launch(t)
	aTab := a.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"}).Server["tab_id"].(string)
	aSnap := snap(a.observe())

	b := attachSecond(t, a, "second-client")
	if list := b.eventually(20*time.Second, "tabs", map[string]any{"action": "list"}); !list.OK {
		t.Fatalf("the second session did not reach the launched browser: %v\n%s", list.Server["error"], b.stderr.String())
	} else if tabs := list.Server["tabs"].([]any); len(tabs) != 0 {
		t.Fatalf("the second session lists the first one's tabs: %v", tabs)
	}
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"observe", map[string]any{"tab_id": aTab}},
		{"observe", map[string]any{}},
		{"act", map[string]any{"tab_id": aTab, "snapshot_id": aSnap, "steps": []map[string]any{{"action": "press", "keys": "Tab"}}}},
		{"read", map[string]any{"tab_id": aTab, "snapshot_id": aSnap}},
		{"navigate", map[string]any{"tab_id": aTab, "action": "reload"}},
		{"dialog", map[string]any{"tab_id": aTab, "action": "dismiss"}},
		{"tabs", map[string]any{"action": "select", "tab_id": aTab}},
		{"tabs", map[string]any{"action": "close", "tab_id": aTab}},
	} {
		if env := b.call(c.tool, c.args); env.OK || env.errorCode() != "tab_gone" {
			t.Errorf("second session, %s %v on the first one's tab: ok=%v code=%s", c.tool, c.args, env.OK, env.errorCode())
		}
	}

	bTab := b.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/second.html"}).Server["tab_id"].(string)
	// The first session's snapshot means nothing in the second's tab.
	if env := b.call("act", map[string]any{"snapshot_id": aSnap, "steps": []map[string]any{{"action": "click", "mark": 1}}}); env.errorCode() != "snapshot_stale" {
		t.Errorf("a snapshot of another session: code %s, want snapshot_stale", env.errorCode())
	}
	if env := b.call("read", map[string]any{"snapshot_id": aSnap}); env.errorCode() != "snapshot_stale" {
		t.Errorf("read with another session's snapshot: code %s", env.errorCode())
	}
	if env := a.call("observe", map[string]any{"tab_id": bTab}); env.errorCode() != "tab_gone" {
		t.Errorf("the first session observes the second's tab: code %s", env.errorCode())
	}
	list := a.mustOK("tabs", map[string]any{"action": "list"})
	if tabs := list.Server["tabs"].([]any); len(tabs) != 1 || tabs[0].(map[string]any)["tab_id"] != aTab {
		t.Errorf("the first session's tabs: %v", tabs)
	}
	// Its own snapshot still works in its own tab.
	a.mustOK("read", map[string]any{"snapshot_id": aSnap, "query": "Second"})

	// Each session's tabs sit in a named, coloured group of their own.
	c := a.devtools()
	var groups map[string][]string
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		groups = c.groups(t)
		if len(groups["Diwall · diwall-e2e"]) == 2 && len(groups["Diwall · second-client"]) == 2 || time.Now().After(end) {
			break
		}
	}
	ga, gb := groups["Diwall · diwall-e2e"], groups["Diwall · second-client"]
	if len(ga) != 2 || len(gb) != 2 || !strings.HasSuffix(ga[1], "/home.html") || !strings.HasSuffix(gb[1], "/second.html") || ga[0] == gb[0] {
		t.Errorf("tab groups = %v", groups)
	}

	// When the second client goes, its tab is released: the debugger
	// leaves it, it stays open, and the first session still does not see it.
	var bTarget string
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, "/second.html") {
			bTarget = tg.TargetID
		}
	}
	chromeTab := c.tabIDOf(t, bTarget)
	b.session.Close()
	attached := fmt.Sprintf(`chrome.debugger.getTargets().then(ts => ts.some(x => x.tabId === %d && x.attached))`, chromeTab)
	for end := time.Now().Add(10 * time.Second); string(c.inWorker(t, attached)) != "false"; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the debugger stayed on the tab of a session that ended")
		}
	}
	if env := a.call("observe", map[string]any{"tab_id": bTab}); env.errorCode() != "tab_gone" {
		t.Errorf("after the second session ended: code %s", env.errorCode())
	}
}
