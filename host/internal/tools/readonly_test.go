package tools

import (
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/internal/policy"
)

// TestReadOnlySiteRefusesEveryChange walks every tool on a page of a
// read-only site: each change is refused with permission_denied naming
// the rule, before anything reaches the page; looking is not. A tool
// with no case here fails the test.
func TestReadOnlySiteRefusesEveryChange(t *testing.T) {
	looksOnly := map[string]string{
		"observe":    "reads the page",
		"read":       "reads the page",
		"screenshot": "reads the page",
		"screen":     "arranges the operator's view",
		"downloads":  "lists and reads downloads; one a read-only page begins is refused (TestDownloadFromAReadOnlySite)",
		"handoff":    "the person acts, not the session",
		"tabs":       "lists, opens, closes and selects the session's own tabs",
		"navigate":   "follows a URL: looking",
	}
	w := newWorldWith(t, "https://a.test/", func(o *Options) {
		o.Profile.ReadOnly, _ = sitesOf("https://*.a.test")
		o.Profile.UploadDir = t.TempDir()
		o.Profile.Credentials = []string{"work"}
		o.Vault = oneCredential{}
	})
	_, _, page, _ := w.call(t, "observe", map[string]any{})
	email, goMark := markOf(t, page, "Email"), markOf(t, page, "Go")
	submits := true
	w.page.SetOther(func(r browsertest.Request) (any, error) {
		if browsertest.CallOf(r).Global == "__diwallAct" {
			return browsertest.EvalJSON(map[string]any{"submits": submits, "x": 10, "y": 95}), nil
		}
		return browsertest.EvalString(""), nil
	})
	step := func(s map[string]any) map[string]any { return map[string]any{"steps": []map[string]any{s}} }
	cases := map[string][]map[string]any{
		"act": {
			step(map[string]any{"action": "type", "mark": email, "text": "x"}),
			step(map[string]any{"action": "select", "mark": email, "values": []string{"a"}}),
			step(map[string]any{"action": "check", "mark": email}),
			step(map[string]any{"action": "uncheck", "mark": email}),
			step(map[string]any{"action": "upload", "mark": email, "files": []string{"a.txt"}}),
			step(map[string]any{"action": "drag", "mark": email, "to_mark": goMark}),
			step(map[string]any{"action": "press", "keys": "Enter"}),
			step(map[string]any{"action": "press", "keys": "Backspace"}),
			step(map[string]any{"action": "click", "mark": goMark}), // a submit button
		},
		"login":  {{"credential_id": "work"}},
		"dialog": {{"action": "accept"}},
	}
	for _, tool := range Definitions() {
		if _, ok := looksOnly[tool.Name]; ok {
			continue
		}
		calls, ok := cases[tool.Name]
		if !ok {
			t.Errorf("tool %s has no case on a read-only site: add one, or say why it changes nothing", tool.Name)
			continue
		}
		for _, args := range calls {
			switch tool.Name {
			case "dialog":
				browsertest.OpenDialog(t, w.tab, "confirm", "Delete this account?")
			case "act":
				_, server, _, _ := w.call(t, "observe", map[string]any{})
				args["snapshot_id"] = server["snapshot_id"]
			}
			ok, server, _, _ := w.call(t, tool.Name, args)
			msg, _ := server["error"].(map[string]any)["message"].(string)
			if ok || errCode(server) != "permission_denied" || !strings.Contains(msg, "read_only lists https://*.a.test") {
				t.Errorf("%s %v: %v %v", tool.Name, args, ok, server)
			}
		}
	}
	for _, m := range []string{"Input.insertText", "Input.dispatchKeyEvent", "Input.dispatchMouseEvent", "Page.handleJavaScriptDialog", "DOM.setFileInputFiles"} {
		if n := len(w.ext.Requests(m)); n != 0 {
			t.Errorf("%s was sent %d times to a read-only site", m, n)
		}
	}
	// Looking is not refused: a scroll, a key that moves, a click on a link.
	submits = false
	for _, s := range []map[string]any{
		{"action": "scroll", "dy": 100}, {"action": "press", "keys": "Tab"}, {"action": "click", "mark": goMark}, {"action": "wait", "ms": 1},
	} {
		_, server, _, _ := w.call(t, "observe", map[string]any{})
		args := step(s)
		args["snapshot_id"] = server["snapshot_id"]
		if _, server, _, _ := w.call(t, "act", args); errCode(server) == "permission_denied" {
			t.Errorf("%v on a read-only site: %v", s, server)
		}
	}
}

// TestReadOnlyRule: the refusal names the pattern that makes a site
// read-only.
func TestReadOnlyRule(t *testing.T) {
	p := policy.Profile{}
	p.ReadOnly, _ = sitesOf("https://bank.test,http://127.0.0.1:*")
	if p.ReadOnlyRule("http://127.0.0.1:9000") != "http://127.0.0.1:*" || p.ReadOnlyRule("https://other.test") != "" {
		t.Error(p.ReadOnlyRule("http://127.0.0.1:9000"))
	}
}
