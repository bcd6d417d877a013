package imaging

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// secret is painted under every mask so a leak is easy to spot.
var secret = color.RGBA{0x00, 0xff, 0x00, 0xff}

func isSecret(c color.RGBA) bool { return c.G > 0xa0 && c.R < 0x60 && c.B < 0x60 }

func TestMasksAreSolid(t *testing.T) {
	masks := []Rect{
		{X: 10.3, Y: 20.7, W: 100.2, H: 30.1},
		{X: -15, Y: 50, W: 40, H: 20},            // partly left of the image
		{X: 300, Y: -5.5, W: 60, H: 15.25},       // partly above
		{X: 590.5, Y: 370.5, W: 80, H: 80},       // past the bottom-right corner
		{X: 200.49, Y: 200.51, W: 0.5, H: 0.25},  // smaller than a pixel
		{X: 1000, Y: 1000, W: 10, H: 10},         // entirely outside
		{X: 123.125, Y: 45.875, W: 33.3, H: 7.7}, // fractional everywhere
	}
	const cssW, cssH = 640, 400
	cases := []struct {
		name      string
		scale     float64
		maxSide   int
		wantW     int
		wantScale float64
		png       bool
	}{
		{name: "scale1", scale: 1, wantW: 640, wantScale: 1},
		{name: "scale1-png", scale: 1, wantW: 640, wantScale: 1, png: true},
		{name: "scale2", scale: 2, wantW: 1280, wantScale: 2, png: true},
		{name: "scale1-down", scale: 1, maxSide: 500, wantW: 500, wantScale: 500.0 / 640},
		{name: "scale1-down-png", scale: 1, maxSide: 500, wantW: 500, wantScale: 500.0 / 640, png: true},
		{name: "scale2-down", scale: 2, maxSide: 784, wantW: 784, wantScale: 784.0 / 640},
		{name: "scale4-halve", scale: 4, maxSide: 600, wantW: 600, wantScale: 600.0 / 640},
		{name: "scale1.5-down", scale: 1.5, maxSide: 700, wantW: 700, wantScale: 700.0 / 640, png: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPage(cssW, cssH, tc.scale)
			p.paragraph(0, 14, cssW, 19)
			for _, m := range masks {
				p.fill(m, secret)
			}
			capture := encodeJPEG(t, p.img)
			if tc.png {
				capture = encodePNGBytes(t, p.img)
			}
			res, err := Compose(capture, masks, nil, Options{Scale: tc.scale, MaxLongSide: tc.maxSide})
			if err != nil {
				t.Fatal(err)
			}
			if res.Width != tc.wantW || math.Abs(res.Scale-tc.wantScale) > 1e-9 {
				t.Fatalf("got %dx%d at scale %v, want width %d at scale %v", res.Width, res.Height, res.Scale, tc.wantW, tc.wantScale)
			}
			img := decodeResult(t, res)
			checkMasks(t, img, masks, res.Scale, tc.png)
			if len(res.Masks) != len(masks)-1 {
				t.Errorf("got %d masks in result, want %d (one is outside)", len(res.Masks), len(masks)-1)
			}
			for _, r := range res.Masks {
				checkSolid(t, img, r)
			}
		})
	}
}

// checkMasks checks, independently of Compose's own rounding, that every
// result pixel that a mask touches is MaskColor and, if lossless is set, that
// no secret pixel survives anywhere. (A JPEG capture smears colour a few
// pixels past an edge before Compose sees it, so that check needs PNG.)
func checkMasks(t *testing.T, img *image.RGBA, masks []Rect, scale float64, lossless bool) {
	t.Helper()
	b := img.Bounds()
	if lossless {
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if c := img.RGBAAt(x, y); isSecret(c) {
					t.Fatalf("secret colour %v left at (%d,%d)", c, x, y)
				}
			}
		}
	}
	for _, m := range masks {
		// Look a little beyond the mask, clipped to the image.
		near := image.Rect(int(m.X*scale)-3, int(m.Y*scale)-3, int((m.X+m.W)*scale)+3, int((m.Y+m.H)*scale)+3).Intersect(b)
		for y := near.Min.Y; y < near.Max.Y; y++ {
			for x := near.Min.X; x < near.Max.X; x++ {
				touches := float64(x+1) > m.X*scale && float64(x) < (m.X+m.W)*scale &&
					float64(y+1) > m.Y*scale && float64(y) < (m.Y+m.H)*scale
				if c := img.RGBAAt(x, y); touches && c != MaskColor {
					t.Fatalf("pixel (%d,%d) under mask %+v is %v, want %v", x, y, m, c, MaskColor)
				}
			}
		}
	}
}

func checkSolid(t *testing.T, img *image.RGBA, r image.Rectangle) {
	t.Helper()
	if !r.In(img.Bounds()) {
		t.Errorf("mask box %v is not inside %v", r, img.Bounds())
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := img.RGBAAt(x, y); c != MaskColor {
				t.Fatalf("pixel (%d,%d) in mask box %v is %v", x, y, r, c)
			}
		}
	}
}

// A 2560x1600 capture of a 1280x800 viewport at DPR 2 becomes 1568x980:
// downscaled by 0.6125, so 1.225 result pixels per CSS pixel.
func TestDownscaleRetina(t *testing.T) {
	p := newPage(1280, 800, 2)
	p.paragraph(10, 20, 1200, 30)
	masks := []Rect{{X: 100, Y: 100, W: 300, H: 40}, {X: 1200, Y: 700, W: 200, H: 200}}
	for _, m := range masks {
		p.fill(m, secret)
	}
	res, err := Compose(encodePNGBytes(t, p.img), masks, []Label{{Mark: 1, Box: Rect{500, 500, 100, 30}}}, Options{Scale: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Width != 1568 || res.Height != 980 || math.Abs(res.Scale-1.225) > 1e-9 {
		t.Fatalf("got %dx%d scale %v, want 1568x980 scale 1.225", res.Width, res.Height, res.Scale)
	}
	img := decodeResult(t, res)
	checkMasks(t, img, masks, res.Scale, true)
	if len(res.Labels) != 1 {
		t.Fatalf("labels %+v", res.Labels)
	}
	// 500 CSS px at 1.225 is 612.5, floored to 612; 600 is 735 and 530 is
	// 649.25, ceiled to 650. The outline is a pixel outside that box, and
	// the label level with it, touching it.
	l := res.Labels[0]
	if want := image.Rect(611, 611, 736, 651); l.Outline != want {
		t.Errorf("outline %v, want %v", l.Outline, want)
	}
	if !level(l) || !l.Rectangle().Inset(-1).Overlaps(l.Outline) {
		t.Errorf("label at %v, want level with the outline and touching it", l.Rectangle())
	}
}

func TestLabelsDrawn(t *testing.T) {
	p := loginPage(1)
	res, err := Compose(encodeJPEG(t, p.img), p.masks, p.labels, Options{Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	img := decodeResult(t, res)
	got := map[int]PlacedLabel{}
	for _, l := range res.Labels {
		got[l.Mark] = l
	}
	for _, l := range p.labels {
		inView := pixelRect(l.Box, 1).Overlaps(img.Bounds())
		pl, ok := got[l.Mark]
		if ok != inView {
			t.Errorf("mark %d (box %+v): drawn %v, in view %v", l.Mark, l.Box, ok, inView)
			continue
		}
		if !ok {
			continue
		}
		if c := img.RGBAAt(pl.X, pl.Y); c != labelBorder {
			t.Errorf("mark %d: corner (%d,%d) is %v, want border %v", l.Mark, pl.X, pl.Y, c, labelBorder)
		}
		if c := img.RGBAAt(pl.X+1, pl.Y+1); c != pl.Color() {
			t.Errorf("mark %d: (%d,%d) is %v, want background %v", l.Mark, pl.X+1, pl.Y+1, c, pl.Color())
		}
		if sz := labelSize(l.Mark); pl.W != sz.X || pl.H != sz.Y {
			t.Errorf("mark %d: size %dx%d, want %v", l.Mark, pl.W, pl.H, sz)
		}
		// Some pixel of the label is white digit ink.
		if !hasInk(img, pl.Rectangle().Inset(labelBorderW)) {
			t.Errorf("mark %d: no digit drawn", l.Mark)
		}
	}
	checkLabelInvariants(t, res)
}

func hasInk(img *image.RGBA, r image.Rectangle) bool {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == labelFG {
				return true
			}
		}
	}
	return false
}

// checkLabelInvariants: every label inside the image and off every mask.
func checkLabelInvariants(t *testing.T, res Result) {
	t.Helper()
	b := image.Rect(0, 0, res.Width, res.Height)
	for _, l := range res.Labels {
		r := l.Rectangle()
		if !r.In(b) {
			t.Errorf("mark %d at %v is not inside %v", l.Mark, r, b)
		}
		for _, m := range res.Masks {
			if r.Overlaps(m) {
				t.Errorf("mark %d at %v overlaps mask %v", l.Mark, r, m)
			}
		}
	}
}

func overlapping(ls []PlacedLabel) [][2]int {
	var out [][2]int
	for i := range ls {
		for j := i + 1; j < len(ls); j++ {
			if ls[i].Rectangle().Overlaps(ls[j].Rectangle()) {
				out = append(out, [2]int{ls[i].Mark, ls[j].Mark})
			}
		}
	}
	return out
}

func blankJPEG(t testing.TB, w, h int) []byte {
	return encodeJPEG(t, newPage(w, h, 1).img)
}

func TestLabelsSpreadOutDoNotOverlap(t *testing.T) {
	var labels []Label
	for i := range 100 {
		// Buttons 40 px tall, and in the last row links 18 px tall: every
		// label touches its element's outline.
		h := 40.0
		if i >= 90 {
			h = 18
		}
		labels = append(labels, Label{Mark: i + 1, Box: Rect{X: float64(i%10)*128 + 5, Y: float64(i/10)*80 + 25, W: 110, H: h}})
	}
	res, err := Compose(blankJPEG(t, 1280, 800), nil, labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != 100 {
		t.Fatalf("%d labels placed, want 100", len(res.Labels))
	}
	if o := overlapping(res.Labels); len(o) > 0 {
		t.Errorf("overlapping labels: %v", o)
	}
	checkBelonging(t, res, labels, 1)
}

func TestLabelsCrowdedDoNotOverlap(t *testing.T) {
	// Twelve 22 px boxes 26 px apart: inside top-left would overlap, but
	// above and below the row there is room.
	var labels []Label
	for i := range 12 {
		labels = append(labels, Label{Mark: 100 + i, Box: Rect{X: 40 + float64(i)*26, Y: 100, W: 22, H: 22}})
	}
	res, err := Compose(blankJPEG(t, 640, 400), nil, labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != 12 {
		t.Fatalf("%d labels placed", len(res.Labels))
	}
	if o := overlapping(res.Labels); len(o) > 0 {
		t.Errorf("overlapping labels: %v", o)
	}
	// Each label stays near its element.
	for i, l := range res.Labels {
		e := pixelRect(labels[i].Box, 1)
		if d := e.Inset(-40); !l.Rectangle().In(d) {
			t.Errorf("mark %d at %v is far from its element %v", l.Mark, l.Rectangle(), e)
		}
	}
}

func TestLabelsAtEdgesStayInside(t *testing.T) {
	const w, h = 400, 300
	boxes := []Rect{
		{-30, -30, 40, 40}, {380, -30, 60, 40}, {-30, 280, 40, 40}, {390, 290, 50, 50}, // corners
		{-5, 150, 20, 20}, {395, 150, 20, 20}, {200, -10, 20, 12}, {200, 295, 20, 20}, // edges
		{0, 0, 3, 3}, {397, 297, 3, 3}, // tiny, in the corners
		{-100, 0, 100, 10}, {400, 0, 10, 10}, {0, 300, 10, 10}, {0, -10, 10, 10}, // just outside
		{-1000, -1000, 5000, 5000}, // covers everything
	}
	var labels []Label
	for i, b := range boxes {
		labels = append(labels, Label{Mark: 1000 + i, Box: b})
	}
	res, err := Compose(blankJPEG(t, w, h), nil, labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != len(boxes)-4 {
		t.Errorf("%d labels placed, want %d", len(res.Labels), len(boxes)-4)
	}
	for _, l := range res.Labels {
		if l.Mark >= 1010 && l.Mark <= 1013 {
			t.Errorf("mark %d is for an element outside the image", l.Mark)
		}
	}
	checkLabelInvariants(t, res)
	if o := overlapping(res.Labels); len(o) > 0 {
		t.Errorf("overlapping labels: %v", o)
	}
}

func TestLabelsAvoidMasks(t *testing.T) {
	masks := []Rect{
		{X: 50, Y: 50, W: 200, H: 30},    // a password field, labelled below
		{X: 0, Y: 0, W: 640, H: 20},      // a banner across the top
		{X: 300, Y: 100, W: 300, H: 200}, // an iframe
	}
	labels := []Label{
		{Mark: 1, Box: masks[0]},
		{Mark: 2, Box: Rect{X: 100, Y: 5, W: 50, H: 10}}, // inside the top banner
		{Mark: 3, Box: masks[2]},
		{Mark: 4, Box: Rect{X: 350, Y: 150, W: 40, H: 20}},  // inside the iframe
		{Mark: 5, Box: Rect{X: 290, Y: 95, W: 12, H: 12}},   // touching the iframe's corner
		{Mark: 6, Box: Rect{X: 60, Y: 82, W: 100, H: 20}},   // just under the password field
		{Mark: 7, Box: Rect{X: 600, Y: 100, W: 40, H: 200}}, // right of the iframe, at the edge
	}
	res, err := Compose(blankJPEG(t, 640, 400), masks, labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != len(labels) {
		t.Errorf("%d labels placed, want %d: %+v", len(res.Labels), len(labels), res.Labels)
	}
	checkLabelInvariants(t, res)
	if o := overlapping(res.Labels); len(o) > 0 {
		t.Errorf("overlapping labels: %v", o)
	}
	img := decodeResult(t, res)
	for _, r := range res.Masks {
		checkSolid(t, img, r)
	}
}

func TestLabelsSkippedWhenNoRoom(t *testing.T) {
	masks := []Rect{{X: -1, Y: -1, W: 1000, H: 1000}}
	res, err := Compose(blankJPEG(t, 320, 200), masks, []Label{{Mark: 1, Box: Rect{10, 10, 30, 30}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != 0 {
		t.Errorf("labels placed on a fully masked image: %+v", res.Labels)
	}
	checkSolid(t, decodeResult(t, res), image.Rect(0, 0, 320, 200))

	// An image smaller than a label gets none, and no panic.
	res, err = Compose(blankJPEG(t, 8, 8), nil, []Label{{Mark: 123, Box: Rect{0, 0, 8, 8}}}, Options{})
	if err != nil || len(res.Labels) != 0 {
		t.Errorf("tiny image: %v, %+v", err, res.Labels)
	}
}

// Random masks and labels: the invariants hold whatever the layout.
func TestRandomLayouts(t *testing.T) {
	capture := blankJPEG(t, 500, 300)
	seed := uint64(1)
	rnd := func(n int) float64 {
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64((seed>>33)%uint64(n)) - 20
	}
	for range 50 {
		var masks []Rect
		for range int(rnd(6) + 20) {
			masks = append(masks, Rect{rnd(520), rnd(320), rnd(150) + 20, rnd(80) + 20})
		}
		var labels []Label
		for i := range int(rnd(80) + 20) {
			labels = append(labels, Label{Mark: i, Box: Rect{rnd(540), rnd(340), rnd(120) + 20, rnd(40) + 20}})
		}
		res, err := Compose(capture, masks, labels, Options{Scale: 1})
		if err != nil {
			t.Fatal(err)
		}
		checkLabelInvariants(t, res)
		img := decodeResult(t, res)
		for _, r := range res.Masks {
			checkSolid(t, img, r)
		}
	}
}

// A capture with transparency (a PNG never comes so from the browser, but
// nothing should break) keeps its alpha; masks and labels are opaque.
func TestTranslucentCapture(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 200, 100))
	for i := range img.Pix {
		img.Pix[i] = 0x80
	}
	masks := []Rect{{X: 10, Y: 10, W: 50, H: 30}}
	res, err := Compose(encodePNGBytes(t, img), masks, []Label{{Mark: 42, Box: Rect{100, 50, 60, 40}}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := decodeResult(t, res)
	checkSolid(t, out, res.Masks[0])
	if c := out.RGBAAt(190, 5); c.A != 0x80 || c.R < 0x3f || c.R > 0x40 || c.R != c.G || c.G != c.B {
		t.Errorf("background %v, want 0x80 grey at alpha 0x80 (premultiplied 0x40, give or take 1)", c)
	}
	l := res.Labels[0]
	if c := out.RGBAAt(l.X+1, l.Y+1); c != l.Color() {
		t.Errorf("label background %v, want %v", c, l.Color())
	}
}
