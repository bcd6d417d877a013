package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// benchPage is a 1280x800 CSS page full of text with a photo and a coloured
// bar, 100 elements in a 10x10 grid and 5 masks, captured as JPEG (quality
// 85) at the given device pixel ratio.
func benchPage(tb testing.TB, scale float64) ([]byte, []Rect, []Label) {
	p := newPage(1280, 800, scale)
	p.paragraph(10, 20, 1260, 38)
	p.photo(Rect{900, 300, 360, 240}, 3)
	p.fill(Rect{0, 0, 1280, 40}, color.RGBA{0x1f, 0x3a, 0x68, 0xff})
	masks := []Rect{{100, 100, 240, 32}, {100, 200, 240, 32}, {600, 400, 300, 250}, {1200, 750, 200, 100}, {-10, 300, 50, 30}}
	var labels []Label
	for i := range 100 {
		labels = append(labels, Label{Mark: i + 1, Box: Rect{X: float64(i%10)*128 + 5, Y: float64(i/10)*80 + 5, W: 110, H: 28}})
	}
	return encodeJPEG(tb, p.img), masks, labels
}

func BenchmarkCompose(b *testing.B) {
	capture, masks, labels := benchPage(b, 1)
	b.SetBytes(int64(len(capture)))
	b.ReportAllocs()
	var res Result
	for b.Loop() {
		var err error
		res, err = Compose(capture, masks, labels, Options{Scale: 1})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.PNG)), "png-bytes")
}

// BenchmarkComposeRetina is the same page captured at DPR 2 (2560x1600),
// downscaled to 1568x980.
func BenchmarkComposeRetina(b *testing.B) {
	capture, masks, labels := benchPage(b, 2)
	b.ReportAllocs()
	var res Result
	for b.Loop() {
		var err error
		res, err = Compose(capture, masks, labels, Options{Scale: 2})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.PNG)), "png-bytes")
}

// The stages apart, to see where the time goes.

func BenchmarkDecode(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	b.ReportAllocs()
	for b.Loop() {
		img, _, err := decode(capture)
		if err != nil {
			b.Fatal(err)
		}
		putRGBA(img)
	}
}

func BenchmarkLabels(b *testing.B) {
	capture, masks, labels := benchPage(b, 1)
	img, _, err := decode(capture)
	if err != nil {
		b.Fatal(err)
	}
	var pm []image.Rectangle
	for _, m := range masks {
		pm = append(pm, pixelRect(m, 1).Intersect(img.Rect))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range placeLabels(img, pm, labels, 1) {
			drawLabel(img, l)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	img, _, err := decode(capture)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := encodePNG(img, true); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeStdlib is image/png at BestSpeed with no buffer pool, for
// comparison with encodePNG.
func BenchmarkEncodeStdlib(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	img, _, err := decode(capture)
	if err != nil {
		b.Fatal(err)
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	b.ReportAllocs()
	for b.Loop() {
		var buf bytes.Buffer
		if err := enc.Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDownscale(b *testing.B) {
	capture, _, _ := benchPage(b, 2)
	img, _, err := decode(capture)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		out, _ := downscale(img, DefaultMaxLongSide)
		putRGBA(out)
	}
}

// BenchmarkLabelsPileUp is the worst case for placement: 300 elements on the
// same spot next to a mask, so most labels search for room.
func BenchmarkLabelsPileUp(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1280, 800))
	masks := []image.Rectangle{image.Rect(0, 0, 1280, 300), image.Rect(0, 340, 1280, 800)}
	var labels []Label
	for i := range 300 {
		labels = append(labels, Label{Mark: i, Box: Rect{600, 310, 40, 20}})
	}
	b.ReportAllocs()
	for b.Loop() {
		placeLabels(img, masks, labels, 1)
	}
}

// renderedCapture is a real capture (testdata/captures) composed, before
// encoding.
func renderedCapture(b *testing.B, name string) *image.RGBA {
	for _, c := range loadCaptures(b) {
		if c.name != name {
			continue
		}
		d, err := Decode(c.jpeg)
		if err != nil {
			b.Fatal(err)
		}
		img, _, _, err := d.render(c.masks, c.labels, Options{Scale: float64(d.Width()) / c.cssW})
		if err != nil {
			b.Fatal(err)
		}
		return img
	}
	b.Fatalf("no capture %s", name)
	return nil
}

func BenchmarkQuantize(b *testing.B) {
	img := renderedCapture(b, "wiki-text")
	reserved := drawnColors()
	b.ReportAllocs()
	for b.Loop() {
		_, idx := quantize(img, reserved)
		putIndexes(idx)
	}
}

func BenchmarkEncodePalette(b *testing.B) {
	img := renderedCapture(b, "wiki-text")
	pal, idx := quantize(img, drawnColors())
	b.ReportAllocs()
	var out []byte
	for b.Loop() {
		out, _ = encodePalettePNG(pal, idx, img.Rect.Dx(), img.Rect.Dy())
	}
	b.ReportMetric(float64(len(out)), "png-bytes")
}
