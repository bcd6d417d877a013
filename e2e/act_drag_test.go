package e2e

import (
	"strconv"
	"strings"
	"testing"
)

// TestActDragAndScroll: drag moves a card between columns by HTML5 drag
// and drop, and sorts a list that follows pointer events, both with real
// mouse input; scroll {mark} brings a far element into view.
func TestActDragAndScroll(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/drag.html")
	// The page's log is a paragraph of text: a quoted line of the tree.
	logLine := func(o observation) string {
		for _, l := range o.Tree {
			v, err := strconv.Unquote(strings.TrimSpace(l))
			if err == nil && (strings.HasPrefix(v, "dropped ") || strings.HasPrefix(v, "order: ")) {
				return v
			}
		}
		return ""
	}
	o := bs.observe()
	// A drag source with no role of its own is marked: it can be dragged.
	plain := 0
	for _, e := range o.Elements {
		if e["name"] == "Plan trip" || e["text"] == "Plan trip" {
			plain = int(e["mark"].(float64))
		}
	}
	if plain == 0 {
		t.Errorf("the plain draggable card has no mark: %v", o.Elements)
	}
	r := bs.act(snap(o), true, map[string]any{"action": "drag", "mark": markOf(t, o, "button", "Write report"), "to_mark": markOf(t, o, "region", "Done")})
	if !r.OK {
		t.Fatalf("HTML5 drag: %v %+v", r.Server["error"], r.Steps)
	}
	o = *r.Observation
	if got := logLine(o); got != "dropped Write report in Done" {
		t.Errorf("HTML5 drag: the page logged %q", got)
	}

	r = bs.act(snap(o), true, map[string]any{"action": "drag", "mark": markOf(t, o, "button", "Cherry"), "to_mark": markOf(t, o, "button", "Apple")})
	if !r.OK {
		t.Fatalf("pointer drag: %v %+v", r.Server["error"], r.Steps)
	}
	o = *r.Observation
	if got := logLine(o); got != "order: Cherry, Apple, Banana" {
		t.Errorf("pointer drag: the page logged %q", got)
	}
	// By an offset: Cherry down past Banana.
	r = bs.act(snap(o), true, map[string]any{"action": "drag", "mark": markOf(t, o, "button", "Cherry"), "dy": 100})
	if !r.OK {
		t.Fatalf("drag by dy: %v %+v", r.Server["error"], r.Steps)
	}
	o = *r.Observation
	if got := logLine(o); got != "order: Apple, Banana, Cherry" {
		t.Errorf("drag by dy: the page logged %q", got)
	}

	// Scrolling a far mark into view.
	far := markOf(t, o, "button", "Far away")
	if s := stateText(elementOf(o, far)); !strings.Contains(s, "offscreen") {
		t.Fatalf("the far button is in view already: %q", s)
	}
	r = bs.act(snap(o), true, map[string]any{"action": "scroll", "mark": far})
	if !r.OK {
		t.Fatalf("scroll to a mark: %v", r.Server["error"])
	}
	o = *r.Observation
	if s := stateText(elementOf(o, markOf(t, o, "button", "Far away"))); strings.Contains(s, "offscreen") {
		t.Errorf("after scroll {mark}, the button is still off screen: %q", s)
	}
	if y := o.Server["viewport"].(map[string]any)["scroll_y"].(float64); y < 1000 {
		t.Errorf("scroll_y = %v after scrolling to the far button", y)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
