package observe

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/internal/policy"
)

// framedSignIn is the sign-in page with a frame (node 4, of https://a.test)
// holding a Pay button, in the frame's isolated world (context 8).
func framedSignIn(t *testing.T, covered bool) *obsPage {
	p := newObsPage(t)
	p.page.Set(func(opts map[string]any) any {
		page := browsertest.SignIn(opts).(map[string]any)
		frame := map[string]any{"p": -1, "r": "iframe", "tg": "iframe", "fr": 1, "b": []float64{10, 100, 80, 40}}
		if opts["read"] == true {
			frame["m"] = 4
		}
		page["nodes"] = append(page["nodes"].([]map[string]any), frame)
		return page
	})
	p.page.SetInContext(8, func(opts map[string]any) any {
		pay := map[string]any{"p": -1, "r": "button", "tg": "button", "n": "Pay", "a": 1, "b": []float64{5, 5, 30, 20}, "iv": 1}
		if opts["read"] == true {
			pay["m"] = 0
		}
		return map[string]any{"vp": map[string]any{"w": 80, "h": 40, "dpr": 1}, "title": "Pay", "url": "https://a.test/frame", "nodes": []any{pay}}
	})
	p.ext.On("Page.createIsolatedWorld", func(r browsertest.Request) (any, error) {
		if r.Str("frameId") == "f1" {
			return map[string]any{"executionContextId": 8}, nil
		}
		return map[string]any{"executionContextId": 7}, nil
	})
	p.ext.On("Page.getFrameTree", func(browsertest.Request) (any, error) {
		tree := browsertest.FrameTree("main", "L1", "https://a.test/")
		tree["frameTree"].(map[string]any)["childFrames"] = []any{
			map[string]any{"frame": map[string]any{"id": "f1", "url": "https://a.test/frame", "securityOrigin": "https://a.test"}},
		}
		return tree, nil
	})
	p.ext.On("DOM.describeNode", func(r browsertest.Request) (any, error) {
		return map[string]any{"node": map[string]any{"frameId": "f1"}}, nil
	})
	cover := "[null]"
	if covered {
		cover = "[-1]"
	}
	p.page.SetOther(func(r browsertest.Request) (any, error) {
		fn := browsertest.Script(r)
		switch fn {
		case frameBoxes:
			return browsertest.EvalString("[[10,100,80,40]]"), nil
		case elementOf:
			return map[string]any{"result": map[string]any{"type": "object", "objectId": "frame-element"}}, nil
		case coverQuestions:
			return browsertest.EvalString(cover), nil
		}
		return browsertest.EvalString(""), nil
	})
	return p
}

func onSites(url string) bool { return strings.HasPrefix(url, "https://a.test/") }

// TestAFrameOnTheSitesIsRead: its elements get marks, in the snapshot's
// second frame, and read reads them again; without a rule it stays
// masked.
func TestAFrameOnTheSitesIsRead(t *testing.T) {
	p := framedSignIn(t, false)
	ctx := context.Background()
	obs, err := Observe(ctx, p.tab, policy.Default(), PathAuto, onSites, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(obs.Elements, func(e Element) bool { return e.Name == "Pay" })
	if k < 0 || !slices.Equal(obs.FrameURLs, []string{"https://a.test/frame"}) {
		t.Fatalf("elements %+v, frames %v", obs.Elements, obs.FrameURLs)
	}
	snap := p.tab.Info().Current(obs.SnapshotID)
	if snap == nil || len(snap.Frames) != 1 || snap.Frames[0].Frame.ID != "f1" {
		t.Fatalf("snapshot %+v", snap)
	}
	if f, local := snap.Where(snap.MarkNode[obs.Elements[k].Mark]); f != 1 || local != 0 {
		t.Errorf("Pay is at frame %d, node %d", f, local)
	}
	rd, err := Read(ctx, p.tab, obs.SnapshotID, 0, "pay", onSites)
	if err != nil || rd.Matched != 1 || !slices.Equal(rd.FrameURLs, []string{"https://a.test/frame"}) {
		t.Errorf("read: %+v %v", rd, err)
	}
	rd, err = Read(ctx, p.tab, obs.SnapshotID, 0, "pay", nil)
	if err != nil || rd.Matched != 0 {
		t.Errorf("read without the rule: %+v %v", rd, err)
	}

	masked, err := Observe(ctx, p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil || slices.ContainsFunc(masked.Elements, func(e Element) bool { return e.Name == "Pay" }) || masked.Counters.FramesMasked != 1 {
		t.Errorf("no rule: %+v %v", masked, err)
	}
}

// TestAFrameCoveredByItsPage: what lies over a frame's element in the page
// around it (here an element the page's serializer did not report) covers
// it.
func TestAFrameCoveredByItsPage(t *testing.T) {
	p := framedSignIn(t, true)
	obs, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, onSites, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(obs.Elements, func(e Element) bool { return e.Name == "Pay" })
	if k < 0 || !slices.Contains(obs.Elements[k].State, "covered") {
		t.Errorf("elements %+v", obs.Elements)
	}
}
