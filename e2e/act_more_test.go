package e2e

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// logText returns the fixture's #log paragraph as observed: a paragraph
// of text prints as its quoted text, at the top level of the tree.
func (bs *browserSession) logText() string {
	bs.t.Helper()
	o := bs.observe()
	for _, l := range o.Tree {
		if !strings.HasPrefix(l, `"`) {
			continue
		}
		if v, err := strconv.Unquote(l); err == nil && v != "The end" && !strings.HasPrefix(v, "Saved") {
			return v
		}
	}
	return ""
}

// TestEveryAction runs each kind of step against a page that logs the
// events it receives.
func TestEveryAction(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/events.html")
	cases := []struct {
		name string
		step func(o observation) map[string]any
		want string
	}{
		{"double click", func(o observation) map[string]any {
			return map[string]any{"action": "click", "mark": markOf(t, o, "button", "Pad"), "double": true}
		}, "dblclick"},
		{"right click", func(o observation) map[string]any {
			return map[string]any{"action": "click", "mark": markOf(t, o, "button", "Pad"), "button": "right"}
		}, "contextmenu"},
		{"click with modifiers", func(o observation) map[string]any {
			return map[string]any{"action": "click", "mark": markOf(t, o, "button", "Pad"), "modifiers": []string{"Control", "Shift"}}
		}, "click+ctrl+shift"},
		{"contenteditable", func(o observation) map[string]any {
			return map[string]any{"action": "type", "mark": markOf(t, o, "generic", "Editor"), "text": "Hi there"}
		}, "editor: Hi there"},
		{"ARIA select", func(o observation) map[string]any {
			return map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Fruit"), "values": []string{"Banana"}}
		}, "fruit: b"},
		{"scroll the page", func(o observation) map[string]any {
			return map[string]any{"action": "scroll", "dy": 1500}
		}, "scrolled"},
	}
	for _, c := range cases {
		o := bs.observe()
		r := bs.act(snap(o), false, c.step(o))
		if !r.OK {
			t.Errorf("%s: %v", c.name, r.Server["error"])
			continue
		}
		if got := bs.logText(); got != c.want {
			t.Errorf("%s: page logged %q, want %q", c.name, got, c.want)
		}
	}

	// hover, then wait for text that appears later.
	bs.mustOK("navigate", map[string]any{"action": "reload"})
	o := bs.observe()
	r := bs.act(snap(o), false,
		map[string]any{"action": "hover", "mark": markOf(t, o, "button", "Pad")},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Save slowly")},
		map[string]any{"action": "wait", "text": "Saved at last"},
	)
	if !r.OK {
		t.Fatalf("hover and wait for text: %v %+v", r.Server["error"], r.Steps)
	}
	// A click that navigates later, and a wait for that navigation.
	r = bs.act(snap(o), false,
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Go later")},
		map[string]any{"action": "wait", "navigation": true},
	)
	if !r.OK || r.Server["navigated"] != true {
		t.Fatalf("wait for navigation: %v %+v", r.Server["error"], r.Steps)
	}
	// A link that opens a new tab: the new tab is the agent's.
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/act/events.html"})
	o = bs.observe()
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "link", "Open in new tab")})
	newTab, _ := r.Server["new_tab"].(string)
	if !r.OK || newTab == "" {
		t.Fatalf("new tab: ok=%v new_tab=%v", r.OK, r.Server["new_tab"])
	}
	bs.mustOK("tabs", map[string]any{"action": "close", "tab_id": newTab})
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestBadSteps: malformed steps are refused with a clear code and nothing
// is done.
func TestBadSteps(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html")
	o := bs.observe()
	cases := []struct {
		steps []map[string]any
		code  string
	}{
		{[]map[string]any{{"action": "fly", "mark": 1}}, "invalid_argument"},
		{[]map[string]any{{"action": "click"}}, "invalid_argument"},
		{[]map[string]any{{"action": "click", "mark": 999}}, "invalid_argument"},
		{[]map[string]any{{"action": "press", "keys": "Hyper+Q"}}, "invalid_argument"},
		{[]map[string]any{{"action": "select", "mark": markOf(t, o, "textbox", "Note"), "values": []string{"x"}}}, "invalid_argument"},
		{[]map[string]any{}, "invalid_argument"},
	}
	for _, c := range cases {
		r := bs.act(snap(o), false, c.steps...)
		if r.OK || r.errorCode() != c.code {
			t.Errorf("%v: ok=%v code=%s, want %s", c.steps, r.OK, r.errorCode(), c.code)
		}
		if r.Observation != nil {
			// A failed act brings a fresh observation: its snapshot is now
			// the current one.
			o = *r.Observation
		}
	}
	if env := bs.call("act", map[string]any{"steps": []any{}}); env.errorCode() != "invalid_argument" {
		t.Errorf("act without snapshot_id: %s", env.errorCode())
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestReadPastTheBudget: read reaches what the tree's budget cut, and a
// mark's whole region, without changing the snapshot.
func TestReadPastTheBudget(t *testing.T) {
	bs := shared(t)
	bs.openPage("/gen?n=10000")
	o := bs.observe()
	if o.Server["counters"].(map[string]any)["tree_truncated"] != true {
		t.Fatal("the 10,000-element page's tree was not truncated")
	}
	if strings.Contains(strings.Join(o.Tree, "\n"), "Northwind Console. All rights reserved") {
		t.Fatal("the footer is in the truncated tree already")
	}
	rd := bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "all rights reserved"})
	var page struct {
		Lines []string `json:"lines"`
	}
	if err := json.Unmarshal(rd.PageContent, &page); err != nil {
		t.Fatal(err)
	}
	if len(page.Lines) != 1 || !strings.Contains(page.Lines[0], "Northwind Console") {
		t.Fatalf("read past the budget: %v", page.Lines)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})

	bs.openPage("/pages/aria.html")
	o = bs.observe()
	rd = bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "mark": markOf(t, o, "listbox", "City suggestions")})
	if err := json.Unmarshal(rd.PageContent, &page); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(page.Lines, "\n")
	for _, want := range []string{`option "Lisbon" [`, `option "Lismore" [`} {
		if !strings.Contains(got, want) {
			t.Errorf("the listbox's region lacks %s:\n%s", want, got)
		}
	}
	// The snapshot is unchanged: its marks still work.
	if r := bs.act(snap(o), false, map[string]any{"action": "hover", "mark": markOf(t, o, "option", "Lisburn")}); !r.OK {
		t.Fatalf("a mark after read: %v", r.Server["error"])
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
