package e2e

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"
)

var maskColor = color.RGBA{0x20, 0x20, 0x20, 0xff}

// pageBoxes asks the page, over the harness's own DevTools session, for
// the viewport boxes of the elements a script selects.
func (bs *browserSession) pageBoxes(urlSuffix, script string) [][4]float64 {
	t := bs.t
	t.Helper()
	c := bs.devtools()
	var target string
	for _, tg := range c.targets(t.(*testing.T)) {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, urlSuffix) {
			target = tg.TargetID
		}
	}
	if target == "" {
		t.Fatalf("no page target for %s", urlSuffix)
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call(t.(*testing.T), "", "Target.attachToTarget", map[string]any{"targetId": target, "flatten": true}, &att); err != nil {
		t.Fatal(err)
	}
	var res struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	expr := "JSON.stringify(" + script + ".map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; }))"
	if err := c.call(t.(*testing.T), att.SessionID, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		t.Fatal(err)
	}
	var boxes [][4]float64
	if err := json.Unmarshal([]byte(res.Result.Value), &boxes); err != nil {
		t.Fatal(err)
	}
	return boxes
}

// checkMasked checks that every pixel of each box, in the image, is the
// mask colour.
func checkMasked(t *testing.T, o observation, boxes [][4]float64) int {
	img, err := png.Decode(bytes.NewReader(o.PNG))
	if err != nil {
		t.Fatal(err)
	}
	scale := o.Server["image"].(map[string]any)["scale"].(float64)
	checked := 0
	for _, b := range boxes {
		r := image.Rect(int(b[0]*scale), int(b[1]*scale), int((b[0]+b[2])*scale+0.999), int((b[1]+b[3])*scale+0.999)).Intersect(img.Bounds())
		if r.Empty() {
			continue // below the fold: not in the image
		}
		checked++
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if got := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); got != maskColor {
					t.Fatalf("pixel (%d,%d) of box %v is %v, not the mask colour", x, y, b, got)
				}
			}
		}
	}
	return checked
}

// TestMaskPixels: every pixel of each sensitive field's and frame's box in
// the viewport is the mask colour in the image the model gets.
func TestMaskPixels(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/payment.html")
	o := bs.observe()
	boxes := bs.pageBoxes("/pages/payment.html",
		`Array.from(document.querySelectorAll("input")).filter(i => /CANARY|4111/.test(i.value))`)
	if n := checkMasked(t, o, boxes); n < 4 {
		t.Fatalf("only %d sensitive fields were in view to check", n)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})

	bs.openPage("/pages/frames.html")
	o = bs.observe()
	boxes = bs.pageBoxes("/pages/frames.html", `Array.from(document.querySelectorAll("iframe"))`)
	if n := checkMasked(t, o, boxes); n != 2 {
		t.Fatalf("%d frames checked, want 2", n)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
