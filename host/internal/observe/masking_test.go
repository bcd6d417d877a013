package observe

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func planFixture() (*raw, Built) {
	r := &raw{}
	r.VP.W, r.VP.H = 800, 600
	// Node 3 is a sensitive field, node 7 a frame, node 9 a field the
	// host found sensitive on its own.
	return r, Built{Secret: []int{3, 7}, Masks: []Box{{10, 10, 5, 5}}}
}

func TestPlanMasks(t *testing.T) {
	r, built := planFixture()
	rep := func(boxes ...guardBox) *guardReport {
		return &guardReport{Boxes: boxes, Watched: []int{3, 7, 5}, VP: [2]float64{800, 600}}
	}
	still := guardBox{I: 3, B: []float64{100, 50, 200, 30}}
	frame := guardBox{I: 7, B: []float64{0, 300, 300, 100}, Frame: 1}
	cases := []struct {
		name      string
		shot      shot
		first     bool
		masks     []Box
		moved     bool
		why       string
		wantExtra []int
	}{
		{name: "still field and frame", shot: shot{report: rep(still, frame)},
			masks: []Box{{97, 47, 206, 36}, {0, 300, 300, 100}}},
		{name: "the first shot keeps the page read's boxes too", shot: shot{report: rep(still)}, first: true,
			masks: []Box{{97, 47, 206, 36}, {10, 10, 5, 5}}},
		{name: "a field that moved is widened", shot: shot{report: rep(guardBox{I: 3, B: []float64{100, 50, 400, 30}, Moved: 1})},
			masks: []Box{{93, 43, 414, 44}}, moved: true},
		{name: "a field only the guard saw (hidden when the page was read)", shot: shot{report: rep(guardBox{I: -1, B: []float64{10, 20, 30, 40}})},
			masks: []Box{{7, 17, 36, 46}}},
		{name: "the host's check decides for a field the page read", shot: shot{report: rep(guardBox{I: 5, B: []float64{10, 20, 30, 40}})}},
		{name: "outside the viewport", shot: shot{report: rep(guardBox{I: 3, B: []float64{900, 20, 30, 40}})}},
		{name: "a secret the guard did not watch", shot: shot{report: &guardReport{Watched: []int{3}, VP: [2]float64{800, 600}}},
			why: "a sensitive field was not watched", wantExtra: []int{7}},
		{name: "the guard was unsure", shot: shot{report: &guardReport{Why: "the viewport changed size", Watched: []int{3, 7}, Boxes: []guardBox{still}, VP: [2]float64{800, 600}}},
			masks: []Box{{97, 47, 206, 36}}, why: "the viewport changed size"},
		{name: "the guard was lost", shot: shot{report: &guardReport{Lost: true, Why: "the guard was gone"}},
			why: "the guard was gone", wantExtra: []int{3, 7}},
		{name: "the guard failed", shot: shot{guardErr: errors.New("boom")}, why: "the page could not be watched while the image was taken"},
		{name: "the extension's capture", shot: shot{fallback: true, report: rep(still, frame)},
			masks: []Box{{97, 47, 206, 36}, {0, 300, 300, 100}}, why: "the image was not taken in a way the guard can bracket"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := planMasks(&c.shot, r, built, c.first)
			if !reflect.DeepEqual(p.masks, c.masks) || p.moved != c.moved || p.why != c.why || !reflect.DeepEqual(p.extra, c.wantExtra) {
				t.Errorf("plan = masks %v moved %v why %q extra %v\nwant masks %v moved %v why %q extra %v",
					p.masks, p.moved, p.why, p.extra, c.masks, c.moved, c.why, c.wantExtra)
			}
		})
	}
}

// A capture taken again after the viewport changed size is drawn at the
// viewport the guard saw, not the one the page read saw.
func TestPlanMasksUsesTheGuardsViewport(t *testing.T) {
	r, built := planFixture()
	p := planMasks(&shot{report: &guardReport{Watched: []int{3, 7}, VP: [2]float64{800, 544}}}, r, built, false)
	if p.vpW != 800 || p.vpH != 544 {
		t.Errorf("viewport %v x %v, want 800 x 544", p.vpW, p.vpH)
	}
}

func TestGuardFunctions(t *testing.T) {
	short := guardStart.Declaration(false)
	if len(short) > 300 || !strings.Contains(short, guardLibrary) {
		t.Errorf("short start: %s", short)
	}
	full := guardStart.Declaration(true)
	if !strings.Contains(full, "(globalThis."+guardLibrary+" = (") || !strings.Contains(full, guardSource) {
		t.Errorf("full start: %s … %s", full[:80], full[len(full)-80:])
	}
	// The guard recognises sensitive fields with the serializer's patterns.
	if !strings.Contains(full, strings.ReplaceAll(sensitiveSource, `\`, `\\`)) {
		t.Error("the guard does not get the sensitive cues")
	}
	// Its options and the id it finishes are arguments, not text.
	if strings.Contains(guardFinish, "%") || !strings.Contains(guardFinish, "function (id)") {
		t.Errorf("finish: %s", guardFinish)
	}
}
