package e2e

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// elementNamed finds the element with this name (any role), or nil.
func elementNamed(o observation, name string) map[string]any {
	for _, e := range o.Elements {
		if e["name"] == name || e["text"] == name {
			return e
		}
	}
	return nil
}

func states(e map[string]any) []string {
	var out []string
	list, _ := e["state"].([]any)
	for _, s := range list {
		out = append(out, fmt.Sprint(s))
	}
	return out
}

// clickNamed clicks the element with this name by its mark and returns the
// tree of the observation after.
func clickNamed(t *testing.T, bs *browserSession, o observation, name string) string {
	t.Helper()
	e := elementNamed(o, name)
	if e == nil {
		t.Fatalf("no mark for %q among %v", name, o.Elements)
	}
	r := bs.act(snap(o), true, map[string]any{"action": "click", "mark": int(e["mark"].(float64))})
	if !r.OK || r.Observation == nil {
		t.Fatalf("click %q: %v %+v", name, r.Server["error"], r.Steps)
	}
	return strings.Join(r.Observation.Tree, "\n")
}

// TestActAtTheBottomOfALongPage: on a page with more buttons than the marks
// budget, scrolled to the bottom, every button in view has a mark and one
// is clicked by it; marks stay unique and in reading order.
func TestActAtTheBottomOfALongPage(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/long.html")
	o := bs.observe()
	// A wheel that waits until the page stops scrolling.
	if r := bs.act(snap(o), false, map[string]any{"action": "scroll", "dy": 30000}); !r.OK {
		t.Fatalf("scroll: %v", r.Server["error"])
	}
	o = bs.observe()
	c := o.Server["counters"].(map[string]any)
	if c["marks_truncated"] != true || c["marks"] != 250.0 {
		t.Fatalf("counters %v: want 250 marks, truncated", c)
	}
	if o.Server["viewport"].(map[string]any)["scroll_y"].(float64) < 10000 {
		t.Fatalf("not scrolled to the bottom: %v", o.Server["viewport"])
	}
	inView := 0
	var names []string
	for i, e := range o.Elements {
		if int(e["mark"].(float64)) != i+1 {
			t.Fatalf("element %d has mark %v", i, e["mark"])
		}
		names = append(names, fmt.Sprint(e["name"]))
		if !slices.Contains(states(e), "offscreen") {
			inView++
		}
	}
	// Marks in reading order: the Add buttons ascend, then the footer's.
	if !slices.IsSorted(names[:len(names)-2]) || names[len(names)-2] != "Load more" || names[len(names)-1] != "Back to top" {
		t.Fatalf("marks not in reading order: %v … %v", names[:3], names[len(names)-3:])
	}
	for _, want := range []string{"Add 400", "Add 395", "Add 390", "Load more", "Back to top"} {
		e := elementNamed(o, want)
		if e == nil || slices.Contains(states(e), "offscreen") {
			t.Errorf("%q, in view, has no mark or is not in view: %v (viewport %v)", want, e, o.Server["viewport"])
		}
	}
	// The budget went to the buttons nearest the viewport: every unmarked
	// one is above every marked one.
	unmarked := regexp.MustCompile(`button "Add (\d+)"$`)
	for _, l := range o.Tree {
		if m := unmarked.FindStringSubmatch(strings.TrimSpace(l)); m != nil && m[1] >= names[0][len("Add "):] {
			t.Errorf("a button nearer the viewport than %s has no mark: %s", names[0], l)
		}
	}
	if inView < 10 {
		t.Errorf("%d marks in view", inView)
	}
	if tree := clickNamed(t, bs, o, "Load more"); !strings.Contains(tree, "Loaded page 2") {
		t.Errorf("the click on Load more did not land")
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestActRovingTabindex: members of composite widgets with tabindex=-1
// (grid cells, menu items, tree-grid rows, column headers, toolbar tools)
// have marks, and a click on one lands.
func TestActRovingTabindex(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/grid.html")
	o := bs.observe()
	for _, name := range []string{"Monday", "Dr Osei", "Dr Lind", "Tuesday", "Dr Park"} {
		if elementNamed(o, name) == nil {
			t.Errorf("grid cell %q has no mark", name)
		}
	}
	if tree := clickNamed(t, bs, o, "Dr Park"); !strings.Contains(tree, "Chose Dr Park") {
		t.Errorf("the click on a grid cell did not land:\n%s", tree)
	}
	o = bs.observe()
	if tree := clickNamed(t, bs, o, "PDF"); !strings.Contains(tree, "Chose PDF") {
		t.Errorf("the click on a menu item did not land:\n%s", tree)
	}

	bs.openPage("/pages/roving.html")
	o = bs.observe()
	for _, name := range []string{"Italic", "Size", "Harbour.jpg 4.2 MB Today", "Receipts", "Edit"} {
		if elementNamed(o, name) == nil {
			t.Errorf("%q has no mark", name)
		}
	}
	// As in Chrome's tree, a treegrid's row with a tabindex is what takes
	// the focus; its cells, with none, are read in it and have no mark.
	if elementNamed(o, "Harbour.jpg") != nil {
		t.Error("a treegrid cell without a tabindex has a mark of its own")
	}
	if elementNamed(o, "Main content") != nil {
		t.Error("a tabindex=-1 region that is no widget has a mark")
	}
	for _, name := range []string{"Italic", "Modified", "Receipts"} {
		o = bs.observe()
		if tree := clickNamed(t, bs, o, name); !strings.Contains(tree, "Selected: "+name) {
			t.Errorf("the click on %q did not land", name)
		}
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestModalInertContent: inert content, and the page outside a dialog
// opened with showModal(), have no lines and no marks and are counted;
// aria-modal markup that blocks nothing hides nothing.
func TestModalInertContent(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/roving.html")
	o := bs.observe()
	tree := strings.Join(o.Tree, "\n")
	for _, name := range []string{"Restore all", "Archive settings", "Empty the archive", "Archived"} {
		if strings.Contains(tree, name) || elementNamed(o, name) != nil {
			t.Errorf("inert %q is in the observation", name)
		}
	}
	if n := o.Server["counters"].(map[string]any)["omitted_inert"]; n != 1.0 {
		t.Errorf("omitted_inert = %v, want 1", n)
	}

	bs.openPage("/pages/showmodal.html")
	o = bs.observe()
	tree = strings.Join(o.Tree, "\n")
	for _, name := range []string{"Wine of the month", "Add to basket", "Shop all wines", "Gift wrap"} {
		if strings.Contains(tree, name) {
			t.Errorf("%q, outside the modal dialog, is in the tree", name)
		}
	}
	if n := o.Server["counters"].(map[string]any)["omitted_inert"].(float64); n < 1 {
		t.Errorf("omitted_inert = %v", n)
	}
	// Once the dialog is closed the page is there again.
	if tree := clickNamed(t, bs, o, "Leave"); !strings.Contains(tree, "Add to basket") || strings.Contains(tree, "Gift wrap") {
		t.Errorf("after the dialog closed:\n%s", tree)
	}

	bs.openPage("/pages/portal.html")
	o = bs.observe()
	for _, name := range []string{"Sign in", "Mail", "Close", "Not now", "Search"} {
		e := elementNamed(o, name)
		if e == nil {
			t.Errorf("%q has no mark under page-level modal markup", name)
			continue
		}
		for _, s := range states(e) {
			if strings.HasPrefix(s, "covered") {
				t.Errorf("%q is %s", name, s)
			}
		}
	}
	if tree := clickNamed(t, bs, o, "Close"); tree == "" {
		t.Error("empty tree after clicking Close")
	}
	for range 3 {
		bs.mustOK("tabs", map[string]any{"action": "close"})
	}
}

// TestHiddenTechniques: every way hiding.html hides text is left out of the
// tree and counted; what a person sees beside them is kept; text that is
// visually hidden inside a control is no line of its own.
func TestHiddenTechniques(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/hiding.html")
	o := bs.observe()
	all := strings.Join(o.Tree, "\n") + fmt.Sprint(o.Elements)
	for _, n := range []string{"21", "22", "23", "24", "25", "26", "27", "27b", "28", "29", "30", "31", "32", "33", "34", "34b"} {
		if strings.Contains(all, "IGNORE-PREVIOUS-INSTRUCTIONS-HIDDEN-"+n+":") {
			t.Errorf("hidden text %s reached the observation", n)
		}
	}
	if n := o.Server["counters"].(map[string]any)["omitted_not_visible"].(float64); n < 16 {
		t.Errorf("omitted_not_visible = %v, want the 16 hidden texts counted", n)
	}
	for _, want := range []string{"Reachable by scrolling the box", "Gradient headline", "White on navy", "Caption over a photo",
		"Over a dark overlay", `img "Verified seller badge"`, `button "Go"`, `link "Portal link"`, "Lazy section text",
		`button "Shipping details"`, "Slide one: spring sale"} {
		if !strings.Contains(all, want) {
			t.Errorf("visible %q is not in the observation", want)
		}
	}

	bs.openPage("/invisible_body.html")
	o = bs.observe()
	if len(o.Tree) != 0 || len(o.Elements) != 0 {
		t.Errorf("a transparent body's content was sent: %v %v", o.Tree, o.Elements)
	}

	bs.openPage("/srcontrol.html")
	o = bs.observe()
	for _, l := range o.Tree {
		// A text line is a bare quoted string.
		if strings.HasPrefix(strings.TrimSpace(l), `"`) && (strings.Contains(l, "Close notice") || strings.Contains(l, "about bin collection")) {
			t.Errorf("text hidden inside a control is a line of its own: %q", l)
		}
	}
	if c := o.Server["counters"].(map[string]any)["marks"]; c != 2.0 {
		t.Errorf("marks = %v, want the button and the link", c)
	}
	for range 3 {
		bs.mustOK("tabs", map[string]any{"action": "close"})
	}
}

// TestObserveLinkDense: a page of hundreds of links lists every visible
// one.
func TestObserveLinkDense(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/links.html")
	o := bs.observe()
	links := 0
	for _, l := range o.Tree {
		if strings.HasPrefix(strings.TrimSpace(l), "link ") {
			links++
		}
		if strings.Contains(l, "Hidden menu entry") || strings.Contains(l, "Drawer entry") {
			t.Errorf("a hidden link is listed: %s", l)
		}
	}
	if links != 248 {
		t.Errorf("%d links listed, want 248", links)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestActCustomControls: form controls hidden by their page and drawn by
// their labels have marks on the labels, and acting on them works.
func TestActCustomControls(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/controls.html")
	o := bs.observe()
	if tree := clickNamed(t, bs, o, "Yearly"); !strings.Contains(tree, "yearly: on") || !strings.Contains(tree, `radio "Yearly" [3] checked`) {
		t.Errorf("clicking the hidden radio's mark did not choose it:\n%s", tree)
	}
	o = bs.observe()
	r := bs.act(snap(o), true,
		map[string]any{"action": "check", "mark": markOf(t, o, "checkbox", "Remember me")},
		map[string]any{"action": "check", "mark": markOf(t, o, "switch", "Dark mode")})
	if !r.OK || r.Observation == nil {
		t.Fatalf("check: %v %+v", r.Server["error"], r.Steps)
	}
	tree := strings.Join(r.Observation.Tree, "\n")
	if !strings.Contains(tree, `checkbox "Remember me" [1] checked`) || !strings.Contains(tree, `switch "Dark mode" [4] checked`) {
		t.Errorf("after check:\n%s", tree)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
