package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFramesFeedExample: with frames read on the sites, the W3C feed
// example's frame (testdata/apg) gives its elements marks, its ten
// articles and their ten Bookmark buttons, whether the frame runs in the
// page's process (the example as published: a frame of the same origin)
// or in a process of its own (the same frame served from another site,
// where its script gets stand-ins for the two controls of its parent it may
// not read: serveAPG), and a click on a Bookmark in the frame, below the
// fold, scrolls it into view and reaches it.
func TestFramesFeedExample(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("testdata", "apg"))
	main, cross := serveAPG(t, root)
	bs := launch(t, "--frames", "sites")
	for _, c := range []struct{ name, path, frameOrigin string }{
		{"same process", "/patterns/feed/examples/feed.html", main},
		{"out of process", "/patterns/feed/examples/feed-cross-site.html", cross},
	} {
		t.Run(c.name, func(t *testing.T) {
			bs := &browserSession{t: t, launched: bs.launched}
			bs.mustOK("tabs", map[string]any{"action": "open", "url": main + c.path})
			defer bs.mustOK("tabs", map[string]any{"action": "close"})
			oopif := false
			for _, tg := range bs.devtools().targets(t) {
				oopif = oopif || tg.Type == "iframe" && strings.HasPrefix(tg.URL, c.frameOrigin)
			}
			if oopif != (c.frameOrigin == cross) {
				t.Fatalf("the feed's frame is out of process: %v, want %v", oopif, c.frameOrigin == cross)
			}
			// The feed fills its frame one article every 200 ms.
			var o observation
			var articles, bookmarks []int
			for end := time.Now().Add(20 * time.Second); time.Now().Before(end); {
				o = bs.observe()
				articles, bookmarks = nil, nil
				for _, e := range o.Elements {
					switch {
					case e["role"] == "article":
						articles = append(articles, int(e["mark"].(float64)))
					case e["role"] == "button" && e["name"] == "Bookmark":
						bookmarks = append(bookmarks, int(e["mark"].(float64)))
					}
				}
				if len(articles) >= 10 && len(bookmarks) >= 10 {
					break
				}
			}
			if len(articles) != 10 || len(bookmarks) != 10 {
				t.Fatalf("%d articles and %d Bookmark buttons have marks, want 10 and 10:\n%s", len(articles), len(bookmarks), strings.Join(o.Tree, "\n"))
			}
			if n := o.Server["counters"].(map[string]any)["frames_masked"]; n != 0.0 {
				t.Errorf("frames_masked = %v, want 0: the feed's frame is read", n)
			}
			tree := strings.Join(o.Tree, "\n")
			for _, want := range []string{`article "Tito's Tacos"`, `iframe "Feed example"`} {
				if !strings.Contains(tree, want) {
					t.Errorf("the tree lacks %s:\n%s", want, tree)
				}
			}
			// The frame lies below the fold: the click scrolls it into view.
			r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": bookmarks[0]})
			if !r.OK || len(r.Steps) != 1 || !r.Steps[0].OK {
				t.Fatalf("click on a Bookmark in the frame: %v %+v", r.Server["error"], r.Steps)
			}
		})
	}
}
