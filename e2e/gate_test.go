package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// gateCases are the calls every tool gets against a tab whose page is
// outside the session's sites. A listed tool with no case fails the test,
// so a tool added later is walked too.
func gateCases(tab, snapshot string) map[string][]map[string]any {
	return map[string][]map[string]any{
		"observe": {{"tab_id": tab}, {"tab_id": tab, "since": snapshot}},
		"act": {
			{"tab_id": tab, "snapshot_id": snapshot, "steps": []map[string]any{{"action": "press", "keys": "Tab"}}},
			{"tab_id": tab, "snapshot_id": snapshot, "steps": []map[string]any{{"action": "click", "mark": 1}}, "observe": true},
			{"tab_id": tab, "snapshot_id": snapshot, "steps": []map[string]any{{"action": "press", "keys": "Tab"}}, "observe": "changes"},
			{"tab_id": tab, "snapshot_id": snapshot, "steps": []map[string]any{{"action": "upload", "mark": 1, "files": []string{"a.txt"}}}},
			{"tab_id": tab, "snapshot_id": snapshot, "steps": []map[string]any{{"action": "drag", "mark": 1, "to_mark": 2}}},
		},
		"read":       {{"tab_id": tab, "snapshot_id": snapshot}, {"tab_id": tab, "snapshot_id": snapshot, "query": "Secret"}},
		"navigate":   {{"tab_id": tab, "action": "reload"}, {"tab_id": tab, "url": outsideURL("/gate/secret?direct=1")}},
		"tabs":       {{"action": "list"}, {"action": "select", "tab_id": tab}},
		"dialog":     {{"tab_id": tab, "action": "dismiss"}, {"tab_id": tab, "action": "accept"}},
		"login":      {{"credential_id": "site"}}, // on the current tab; listed only for a profile with credentials
		"screenshot": {{"tab_id": tab}},
		"handoff":    {{"tab_id": tab, "reason": "solve the captcha"}},
		// downloads reads no page: it lists the session's downloads, of
		// which the outside page's words never reach it.
		"downloads": {{"action": "list"}, {"action": "wait"}},
	}
}

// noLeak fails the test when a result carries anything the outside page
// wrote: its token, its title or text, its path, an image.
func noLeak(t *testing.T, what string, res *mcp.CallToolResult) {
	t.Helper()
	data, _ := json.Marshal(res)
	for _, bad := range []string{secretToken, "Secret", "/gate/secret"} {
		if strings.Contains(string(data), bad) {
			t.Errorf("%s: the result carries %q from the outside page: %s", what, bad, data)
		}
	}
}

// callRaw calls a tool and checks the envelope, returning both forms.
func (bs *browserSession) callRaw(tool string, args any) (envelope, *mcp.CallToolResult) {
	bs.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	res, err := bs.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		bs.t.Fatalf("%s: protocol error: %v", tool, err)
	}
	checkOutput(bs.t, bs.session, tool, res)
	return decodeEnvelope(bs.t, tool, res), res
}

// tabOrigin is the origin the server gives for one of the session's tabs
// ("" when it is not listed).
func (bs *browserSession) tabOrigin(tab string) string {
	bs.t.Helper()
	list := bs.mustOK("tabs", map[string]any{"action": "list"})
	for _, e := range list.Server["tabs"].([]any) {
		if m := e.(map[string]any); m["tab_id"] == tab {
			return m["origin"].(string)
		}
	}
	return ""
}

// waitOrigin waits until the tab's page is at origin.
func (bs *browserSession) waitOrigin(tab, origin string) {
	bs.t.Helper()
	for end := time.Now().Add(10 * time.Second); bs.tabOrigin(tab) != origin; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			bs.t.Fatalf("tab %s never reached %s (at %q)", tab, origin, bs.tabOrigin(tab))
		}
	}
}

// TestGateEveryWayOutEveryTool leads a tab out of the session's sites in
// every way a page can (redirects, meta refresh, script, link, form, popups)
// and walks every tool over it: nothing of the outside page leaves but its
// origin.
func TestGateEveryWayOutEveryTool(t *testing.T) {
	bs := launch(t, "--sites", siteURL)
	outsideOrigin := strings.TrimSuffix(outsideURL(""), "/")
	// The pages that lead out name the outside page without its token.
	const q = "dest=secret"

	// open loads an allowed page in a new tab and returns the tab.
	open := func(path string) string {
		env, res := bs.callRaw("tabs", map[string]any{"action": "open", "url": siteURL + path})
		noLeak(t, "tabs open", res)
		return env.Server["tab_id"].(string)
	}
	// click clicks the named element of the tab's page; a popup's tab id
	// comes back.
	click := func(tab, role, name string) string {
		o := bs.observe()
		env, res := bs.callRaw("act", map[string]any{"tab_id": tab, "snapshot_id": snap(o),
			"steps": []map[string]any{{"action": "click", "mark": markOf(t, o, role, name)}}})
		noLeak(t, "act click "+name, res)
		popup, _ := env.Server["new_tab"].(string)
		return popup
	}
	ways := []struct {
		name string
		out  func() string // leads out, returns the outside tab
	}{
		{"302 redirect", func() string {
			tab := open("/home.html")
			env, res := bs.callRaw("navigate", map[string]any{"url": siteURL + "/gate/redirect?" + q})
			noLeak(t, "navigate into a redirect", res)
			if env.OK || env.errorCode() != "origin_not_allowed" || env.Server["origin"] != outsideOrigin {
				t.Errorf("navigate that lands outside: ok=%v code=%s origin=%v", env.OK, env.errorCode(), env.Server["origin"])
			}
			return tab
		}},
		{"meta refresh", func() string {
			tab := open("/gate/meta?" + q)
			bs.waitOrigin(tab, outsideOrigin)
			return tab
		}},
		{"script", func() string {
			tab := open("/gate/js?" + q)
			bs.waitOrigin(tab, outsideOrigin)
			return tab
		}},
		{"link click", func() string {
			tab := open("/gate/links?" + q)
			click(tab, "link", "Same tab")
			bs.waitOrigin(tab, outsideOrigin)
			return tab
		}},
		{"button that sets location", func() string {
			tab := open("/gate/links?" + q)
			click(tab, "button", "Script")
			bs.waitOrigin(tab, outsideOrigin)
			return tab
		}},
		{"form POST answered by a redirect", func() string {
			tab := open("/gate/links?" + q)
			click(tab, "button", "Send")
			bs.waitOrigin(tab, outsideOrigin)
			return tab
		}},
		{"window.open popup", func() string {
			tab := open("/gate/links?" + q)
			popup := click(tab, "button", "Popup")
			if popup == "" {
				t.Fatal("the popup was not reported as a new tab")
			}
			bs.waitOrigin(popup, outsideOrigin)
			return popup
		}},
		{"target=_blank link", func() string {
			tab := open("/gate/links?" + q)
			popup := click(tab, "link", "New tab")
			if popup == "" {
				t.Fatal("the new tab was not reported")
			}
			bs.waitOrigin(popup, outsideOrigin)
			return popup
		}},
		{"confirm dialog open on the outside page", func() string {
			tab := open("/home.html")
			_, res := bs.callRaw("navigate", map[string]any{"url": siteURL + "/gate/redirect?dest=secret-dialog"})
			noLeak(t, "navigate into a dialog", res)
			return tab
		}},
	}
	tools, err := bs.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// A snapshot of an allowed page, to try on the outside one.
	bs.openPage("/home.html")
	allowedSnap := snap(bs.observe())
	for _, way := range ways {
		t.Run(way.name, func(t *testing.T) {
			bs := &browserSession{t: t, launched: bs.launched}
			tab := way.out()
			cases := gateCases(tab, allowedSnap)
			for _, tool := range tools.Tools {
				calls, ok := cases[tool.Name]
				if !ok {
					t.Fatalf("tool %s has no case against an outside page: add it to gateCases", tool.Name)
				}
				for _, args := range calls {
					env, res := bs.callRaw(tool.Name, args)
					noLeak(t, tool.Name, res)
					if tool.Name == "downloads" {
						if !env.OK {
							t.Errorf("downloads %v: %v", args, env.Server["error"])
						}
						continue
					}
					if tool.Name == "tabs" && args["action"] == "list" {
						if !env.OK || bs.tabOrigin(tab) != outsideOrigin {
							t.Errorf("tabs list: ok=%v, the outside tab's origin %q", env.OK, bs.tabOrigin(tab))
						}
						continue
					}
					if env.OK || env.errorCode() != "origin_not_allowed" {
						t.Errorf("%s %v on an outside page: ok=%v code=%s %v", tool.Name, args, env.OK, env.errorCode(), env.Server["error"])
					}
					if env.Server["origin"] != outsideOrigin || env.Server["tab_id"] != tab {
						t.Errorf("%s: server.origin=%v tab_id=%v, want %s and %s", tool.Name, env.Server["origin"], env.Server["tab_id"], outsideOrigin, tab)
					}
				}
			}
			if !strings.Contains(way.name, "dialog") {
				// The way back: an allowed URL in the same tab works again.
				bs.mustOK("navigate", map[string]any{"tab_id": tab, "url": siteURL + "/home.html"})
				bs.mustOK("observe", map[string]any{"tab_id": tab})
			}
			// An outside tab can always be closed.
			_, res := bs.callRaw("tabs", map[string]any{"action": "close", "tab_id": tab})
			noLeak(t, "tabs close", res)
		})
	}
}
