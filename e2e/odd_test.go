package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// oddCall is one call on an odd page and the outcomes it may end with.
type oddCall struct {
	tool   string
	args   map[string]any
	budget time.Duration
	want   []string // "ok" or error codes
}

// TestBigAndOddPages: on pages far bigger or stranger than usual, every
// call ends within its budget with a clear outcome, and the host's memory
// stays bounded throughout.
func TestBigAndOddPages(t *testing.T) {
	if testing.Short() {
		t.Skip("big pages take a minute")
	}
	bs := launch(t)
	const hostMemoryMB = 150
	for _, c := range []struct {
		name, path string
		open       []string // the outcomes tabs open may end with
		calls      []oddCall
	}{
		// Chrome's renderer gives up on a DOM this deep: every call says
		// so at once, and the tab goes on to another page.
		{"depth 5,000", "/odd/deep?d=5000", []string{"ok", "page_crashed"}, []oddCall{
			{"observe", nil, 3 * time.Second, []string{"page_crashed"}},
			{"navigate", map[string]any{"url": siteURL + "/second.html"}, 20 * time.Second, []string{"ok"}},
			{"observe", nil, 20 * time.Second, []string{"ok"}},
		}},
		// These two may keep the page's main thread busy past observe's
		// 15 s on a loaded machine: then observe says timeout.
		{"100,000 elements", "/gen?n=100000", []string{"ok"}, []oddCall{
			{"observe", nil, 20 * time.Second, []string{"ok", "timeout"}},
			{"observe", nil, 20 * time.Second, []string{"ok", "timeout"}},
			{"read", map[string]any{"query": "Northwind"}, 20 * time.Second, []string{"ok", "timeout"}},
		}},
		{"50 MB of text", "/odd/text?mb=50", []string{"ok"}, []oddCall{
			{"observe", nil, 20 * time.Second, []string{"ok", "timeout"}},
			{"read", map[string]any{"query": "lorem"}, 20 * time.Second, []string{"ok", "timeout"}},
		}},
		{"mutating every millisecond", "/odd/mutate", []string{"ok"}, []oddCall{
			{"observe", nil, 20 * time.Second, []string{"ok"}},
			{"act:click", map[string]any{"role": "button", "name": "Click me"}, 20 * time.Second, []string{"ok"}},
			{"observe", nil, 20 * time.Second, []string{"ok"}},
		}},
		// Each observe either catches one document or says it could not.
		{"navigating itself every 100 ms", "/odd/renav?i=0", []string{"ok"}, []oddCall{
			{"observe", nil, 20 * time.Second, []string{"ok", "timeout"}},
			{"observe", nil, 20 * time.Second, []string{"ok", "timeout"}},
			{"act:click", map[string]any{"role": "link", "name": "Leave"}, 20 * time.Second, []string{"ok", "snapshot_stale", "element_gone"}},
			{"navigate", map[string]any{"url": siteURL + "/second.html"}, 20 * time.Second, []string{"ok"}},
		}},
		// The next alert opens a moment after one is answered.
		{"a dialog in a loop", "/odd/dialogs", []string{"ok"}, []oddCall{
			{"observe", nil, 10 * time.Second, []string{"ok"}},
			{"dialog", map[string]any{"action": "accept"}, 10 * time.Second, []string{"ok"}},
			{"dialog", map[string]any{"action": "accept"}, 10 * time.Second, []string{"ok", "no_dialog"}},
			{"observe", nil, 10 * time.Second, []string{"ok"}},
			{"navigate", map[string]any{"url": siteURL + "/second.html"}, 20 * time.Second, []string{"ok", "dialog_open"}},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			bs := &browserSession{t: t, launched: bs.launched}
			start := time.Now()
			open := bs.call("tabs", map[string]any{"action": "open", "url": siteURL + c.path})
			outcome := "ok"
			if !open.OK {
				outcome = open.errorCode()
			}
			t.Logf("tabs open: %s in %v, navigation %v", outcome, time.Since(start).Round(time.Millisecond), open.Server["navigation"])
			if !slices.Contains(c.open, outcome) {
				t.Fatalf("tabs open %s: %v", c.path, open.Server["error"])
			}
			if open.Server["tab_id"] == nil {
				t.Fatalf("tabs open %s does not say which tab it opened: %v", c.path, open.Server)
			}
			var last observation
			for _, call := range c.calls {
				tool, args := call.tool, call.args
				if args == nil {
					args = map[string]any{}
				}
				if (tool == "read" || strings.HasPrefix(tool, "act:")) && last.Server == nil {
					t.Logf("%s skipped: no observation", tool)
					continue
				}
				switch {
				case tool == "read":
					args["snapshot_id"] = snap(last)
				case strings.HasPrefix(tool, "act:"):
					mark := 0
					for _, e := range last.Elements {
						if e["role"] == args["role"] && e["name"] == args["name"] {
							mark = int(e["mark"].(float64))
						}
					}
					if mark == 0 {
						t.Fatalf("no %v %q in the last observation", args["role"], args["name"])
					}
					args = map[string]any{"snapshot_id": snap(last), "steps": []map[string]any{{"action": strings.TrimPrefix(tool, "act:"), "mark": mark}}}
					tool = "act"
				}
				start := time.Now()
				env := bs.call(tool, args)
				took := time.Since(start)
				outcome = "ok"
				if !env.OK {
					outcome = env.errorCode()
				}
				t.Logf("%s: %s in %v, %s, host peak %.0f MB", tool, outcome, took.Round(time.Millisecond), summary(env), hostPeakMB(bs.home))
				if took > call.budget {
					t.Errorf("%s took %v, past its budget of %v", tool, took, call.budget)
				}
				if !slices.Contains(call.want, outcome) {
					t.Errorf("%s ended %s (%v), want one of %v", tool, outcome, env.Server["error"], call.want)
				}
				switch {
				case tool == "observe" && env.OK:
					last = decodeObservation(t, env)
				case tool == "navigate":
					last = observation{}
				}
				if msg := errorMessage(env); !env.OK && len(msg) < 40 {
					t.Errorf("%s: the message of %s does not say what to do: %q", tool, outcome, msg)
				}
			}
			if peak := hostPeakMB(bs.home); peak > hostMemoryMB {
				t.Errorf("host peak memory %.0f MB, past %d MB", peak, hostMemoryMB)
			}
			bs.eventually(20*time.Second, "tabs", map[string]any{"action": "close"})
		})
	}
}

// errorMessage is server.error.message of a failed call.
func errorMessage(env envelope) string {
	e, _ := env.Server["error"].(map[string]any)
	msg, _ := e["message"].(string)
	return msg
}

// summary is a short line about a result: the tree's size and notices.
func summary(env envelope) string {
	c, _ := env.Server["counters"].(map[string]any)
	if c == nil {
		return fmt.Sprintf("notices %v", env.Server["notices"])
	}
	return fmt.Sprintf("%v marks, %v lines (truncated %v), notices %v", c["marks"], c["tree_lines"], c["tree_truncated"], env.Server["notices"])
}

// TestDeepPagesAreObservedToTheirBottom: every depth Chrome renders is
// observed to its bottom (the serializer walks with a stack of its own;
// the page's call stack overflowed near 2,000), and what is at the bottom
// is acted on and read like anything else. (At 3,000 Chrome gives up on
// the page itself: TestBigAndOddPages.)
func TestDeepPagesAreObservedToTheirBottom(t *testing.T) {
	bs := shared(t)
	for _, depth := range []int{2000, 2500} {
		bs.mustOK("tabs", map[string]any{"action": "open", "url": fmt.Sprintf("%s/odd/deep?d=%d", siteURL, depth)})
		o := bs.observe()
		if !strings.Contains(strings.Join(o.Tree, "\n"), "bottom text") {
			t.Errorf("depth %d: the tree lacks the bottom's text:\n%s", depth, strings.Join(o.Tree, "\n"))
		}
		found := bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "bottom text"})
		if lines, _ := json.Marshal(found.page(t)["lines"]); !strings.Contains(string(lines), "bottom text") {
			t.Errorf("depth %d: read finds no bottom text: %s", depth, lines)
		}
		r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Bottom button")})
		if !r.OK {
			t.Errorf("depth %d: click on the bottom button: %v %+v", depth, r.Server["error"], r.Steps)
		}
		bs.mustOK("tabs", map[string]any{"action": "close"})
	}
}
