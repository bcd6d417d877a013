package e2e

import (
	"strings"
	"testing"
)

// TestActClicksAWrappedLinkOnItsWords: a link broken over two lines is
// marked and clicked on its first line's words, not at the centre of its
// bounding box (the paragraph's plain words there).
func TestActClicksAWrappedLinkOnItsWords(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/wrapped.html")
	o := bs.observe()
	link := markOf(t, o, "link", "the wrapping link")
	r := bs.act(snap(o), true, map[string]any{"action": "click", "mark": link})
	if !r.OK {
		t.Fatalf("click: %v %+v", r.Server["error"], r.Steps)
	}
	if !strings.Contains(strings.Join(r.Observation.Tree, "\n"), `"link clicked"`) {
		t.Errorf("the click did not reach the link: %v", r.Observation.Tree)
	}
}
