package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// tsResults is the line e2e/tsclient/client.mjs prints.
type tsResults struct {
	Failures []string `json:"failures"`
	Listed   []string `json:"listed"`
	Calls    []struct {
		Tool string         `json:"tool"`
		Args map[string]any `json:"args"`
		OK   bool           `json:"ok"`
		Code string         `json:"code"`
		MS   int64          `json:"ms"`
	} `json:"calls"`
	Progress struct {
		Notifications int      `json:"notifications"`
		Messages      []string `json:"messages"`
		Elicited      int      `json:"elicited"`
	} `json:"progress"`
	Cancel struct {
		Aborted        string `json:"aborted"`
		AbortedAfterMS int64  `json:"abortedAfterMs"`
		TabsAfterMS    int64  `json:"tabsAfterMs"`
		ObserveAfterMS int64  `json:"observeAfterMs"`
	} `json:"cancel"`
	Tokens []struct {
		Token any    `json:"token"`
		Code  string `json:"code"`
	} `json:"tokens"`
	Versions []struct {
		Version    string `json:"version"`
		Negotiated string `json:"negotiated"`
		Tools      int    `json:"tools"`
		Code       string `json:"code"`
		ResultType bool   `json:"resultType"`
	} `json:"versions"`
	ClientErrors []string `json:"clientErrors"`
}

// TestTypeScriptClient: the official TypeScript MCP SDK client (pinned in
// e2e/tsclient) drives `diwall mcp --launch=headless`: every listed tool
// with the SDK's numeric progress tokens, the host's progress back to the
// call that asked (a handoff answered through elicitation), other
// progress tokens (a string, a negative fraction), a call cancelled
// mid-way, and a fresh client on each protocol version go-sdk negotiates
// (on a plain `diwall mcp` that finds the launched browser). diwall must
// answer every call with a well-formed result and never go away.
func TestTypeScriptClient(t *testing.T) {
	dir, err := filepath.Abs("tsclient")
	if err != nil {
		t.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not installed (Node 20 or later, with npm): install it, then run `cd e2e/tsclient && npm ci`: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@modelcontextprotocol", "sdk", "package.json")); err != nil {
		t.Fatalf("the TypeScript MCP SDK is not installed in e2e/tsclient: run `cd e2e/tsclient && npm ci` (make test-e2e does): %v", err)
	}
	home, err := os.MkdirTemp("", "dw-")
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(home, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	// Every MCP version go-sdk negotiates (2024-11-05 to 2026-07-28 in
	// v1.8.0), oldest first.
	versions := mcp.SupportedProtocolVersions()
	slices.Reverse(versions)
	cfg, err := json.Marshal(map[string]any{
		"bin":        diwallBin,
		"launchArgs": []string{"mcp", "--launch=headless"},
		"plainArgs":  []string{"mcp"},
		"url":        siteURL + "/home.html",
		"versions":   versions,
		"deadlineMs": 100_000,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 120*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "client.mjs", string(cfg))
	cmd.Dir = dir
	env := append(os.Environ(), "DIWALL_HOME="+home, "TMPDIR="+tmp, "DIWALL_TEST_DEVTOOLS=1", "DIWALL_LOG=debug")
	cmd.Env = env
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	runErr := cmd.Run()
	t.Logf("node client.mjs ran %v", time.Since(start).Round(100*time.Millisecond))
	t.Cleanup(func() {
		// Whatever the script left (it exits on a deadline of its own
		// first), then the check that nothing was.
		for end := time.Now().Add(10 * time.Second); len(processesUnder(home)) > 0 && time.Now().Before(end); {
			time.Sleep(100 * time.Millisecond)
		}
		if left := processesUnder(home); len(left) > 0 {
			t.Errorf("processes left running after the client went away: %v", left)
			for _, p := range left {
				pid, _, _ := strings.Cut(p, ":")
				if n, err := strconv.Atoi(pid); err == nil {
					_ = killProcess(n)
				}
			}
		}
		if t.Failed() || os.Getenv("DIWALL_E2E_KEEP") == "1" {
			t.Logf("kept DIWALL_HOME %s", home)
			return
		}
		os.RemoveAll(home)
	})
	defer func() {
		if !t.Failed() {
			return
		}
		t.Logf("node's stderr (and diwall's):\n%s", lastChars(stderr.String(), 12000))
		for _, name := range []string{"mcp.log", "host.log"} {
			data, _ := os.ReadFile(filepath.Join(home, "logs", name))
			t.Logf("--- %s (tail) ---\n%s", name, lastChars(string(data), 8000))
		}
	}()

	line := lastLine(stdout.String())
	var res tsResults
	if err := json.Unmarshal([]byte(line), &res); err != nil {
		t.Fatalf("node client.mjs printed no result line (%v, exit: %v); stdout:\n%s", err, runErr, lastChars(stdout.String(), 4000))
	}
	for _, f := range res.Failures {
		t.Errorf("TypeScript client: %s", f)
	}
	if runErr != nil && len(res.Failures) == 0 {
		t.Errorf("node client.mjs: %v", runErr)
	}
	for _, c := range res.Calls {
		t.Logf("%s %v: %s in %d ms", c.Tool, c.Args, c.Code, c.MS)
	}
	for _, want := range []string{"tabs", "navigate", "observe", "act", "read", "screenshot", "dialog", "downloads", "handoff"} {
		if !slices.Contains(res.Listed, want) {
			t.Errorf("tools/list to the TypeScript client lacks %s: %v", want, res.Listed)
		}
	}
	t.Logf("progress: %d notifications (%v), elicited %d", res.Progress.Notifications, res.Progress.Messages, res.Progress.Elicited)
	t.Logf("cancel: %q after %d ms; tabs then took %d ms, observe %d ms", res.Cancel.Aborted, res.Cancel.AbortedAfterMS, res.Cancel.TabsAfterMS, res.Cancel.ObserveAfterMS)
	// The cancel reached the host: its act of 5 s ended at once (when the
	// script got that far: what failed is said above).
	if len(res.Failures) == 0 {
		if took, outcome, ok := cancelledAct(t, env); !ok {
			t.Errorf("the audit log has no act that waited 5 s")
		} else if took > 3*time.Second || outcome == "ok" {
			t.Errorf("the cancelled act worked %v at the host and ended %s: the cancel did not reach it", took, outcome)
		}
	}
	for _, tk := range res.Tokens {
		t.Logf("progress token %v: %s", tk.Token, tk.Code)
	}
	if len(res.Versions) != len(versions) {
		t.Errorf("%d protocol versions tried, want %d", len(res.Versions), len(versions))
	}
	for _, v := range res.Versions {
		t.Logf("protocol %s: negotiated %s, %d tools, tabs list %s", v.Version, v.Negotiated, v.Tools, v.Code)
		// A plain diwall mcp finds the launched browser's host.
		if v.Code != "ok" {
			t.Errorf("protocol %s: tabs list answered %s, want ok from the launched browser's host", v.Version, v.Code)
		}
	}
	for _, e := range res.ClientErrors {
		if strings.Contains(e, "unknown token") {
			t.Errorf("a progress notification came back with a token the client did not send: %s", e)
		}
	}
	if tmpLeft, _ := os.ReadDir(tmp); len(tmpLeft) > 0 {
		t.Errorf("temp files left behind: %d entries in TMPDIR", len(tmpLeft))
	}
}

// lastLine is the last line of s that is not blank.
func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// lastChars is the last n bytes of s.
func lastChars(s string, n int) string {
	if len(s) > n {
		return "…" + s[len(s)-n:]
	}
	return s
}

// cancelledAct reads in the audit log (diwall audit list/show --json) the
// act that was to wait 5 s: how long the host worked on it and how it
// ended.
func cancelledAct(t *testing.T, env []string) (time.Duration, string, bool) {
	t.Helper()
	var list []struct {
		Key string `json:"key"`
	}
	diwallJSON(t, env, &list, "audit", "list", "--json")
	for _, s := range list {
		var session struct {
			Records []struct {
				Tool string `json:"tool"`
				Args struct {
					Steps []struct {
						Action string `json:"action"`
						MS     int    `json:"ms"`
					} `json:"steps"`
				} `json:"args"`
				Outcome string `json:"outcome"`
				TookNS  int64  `json:"took_ns"`
			} `json:"records"`
		}
		diwallJSON(t, env, &session, "audit", "show", s.Key, "--json")
		for _, r := range session.Records {
			if r.Tool == "act" && len(r.Args.Steps) == 1 && r.Args.Steps[0].Action == "wait" && r.Args.Steps[0].MS == 5000 {
				return time.Duration(r.TookNS), r.Outcome, true
			}
		}
	}
	return 0, "", false
}
