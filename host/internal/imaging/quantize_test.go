package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// encodePalettePNG's strips join into a PNG that decodes to the palette
// colours of the indexes, whatever the size.
func TestPaletteRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range []image.Point{{1, 1}, {3, 2}, {7, 31}, {33, 65}, {640, 257}, {100, 1000}} {
		pal := color.Palette{}
		for i := range 1 + rng.IntN(256) {
			pal = append(pal, color.RGBA{uint8(i), uint8(rng.Uint32()), uint8(rng.Uint32()), 0xff})
		}
		idx := make([]byte, sz.X*sz.Y)
		for i := range idx {
			idx[i] = byte(rng.IntN(min(len(pal), 4+i%len(pal))))
		}
		b, err := encodePalettePNG(pal, idx, sz.X, sz.Y)
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%v: %v", sz, err)
		}
		p, ok := got.(*image.Paletted)
		if !ok || len(p.Palette) != len(pal) || got.Bounds() != image.Rect(0, 0, sz.X, sz.Y) {
			t.Fatalf("%v: decoded %T %v with %d colours", sz, got, got.Bounds(), len(p.Palette))
		}
		for i := range idx {
			if p.Pix[i] != idx[i] {
				t.Fatalf("%v: index %d is %d, want %d", sz, i, p.Pix[i], idx[i])
			}
		}
		for i, c := range pal {
			if color.RGBAModel.Convert(p.Palette[i]) != c {
				t.Fatalf("%v: palette %d is %v, want %v", sz, i, p.Palette[i], c)
			}
		}
	}
}

// Every colour Compose draws survives exactly; every other pixel comes out
// close to what it was.
func TestQuantize(t *testing.T) {
	p := newPage(640, 400, 1)
	p.paragraph(10, 20, 620, 10)
	p.photo(Rect{300, 220, 300, 160}, 4)
	p.fill(Rect{0, 0, 640, 12}, color.RGBA{0x1f, 0x3a, 0x68, 0xff})
	reserved := drawnColors()
	for i, c := range reserved {
		p.fill(Rect{float64(10 + 12*i), 230, 10, 10}, c)
	}
	// Colours one step from a reserved one, which share its cell but are
	// not it.
	near := color.RGBA{MaskColor.R + 1, MaskColor.G, MaskColor.B, 0xff}
	p.fill(Rect{10, 250, 10, 10}, near)
	img := p.img
	pal, idx := quantize(img, reserved)
	defer putIndexes(idx)
	if len(pal) > 256 {
		t.Fatalf("%d colours", len(pal))
	}
	for i, c := range reserved {
		if pal[i] != c {
			t.Fatalf("palette %d is %v, want reserved %v", i, pal[i], c)
		}
	}
	w := img.Rect.Dx()
	var sum, n, worst int
	for y := range img.Rect.Dy() {
		for x := range w {
			c := img.RGBAAt(x, y)
			got := pal[idx[y*w+x]].(color.RGBA)
			isRes := false
			for _, r := range reserved {
				isRes = isRes || r == c
			}
			if isRes && got != c {
				t.Fatalf("reserved %v at (%d,%d) became %v", c, x, y, got)
			}
			if c == near && got == MaskColor {
				t.Fatalf("%v at (%d,%d) became the mask colour", c, x, y)
			}
			for _, d := range [3]int{abs(int(c.R) - int(got.R)), abs(int(c.G) - int(got.G)), abs(int(c.B) - int(got.B))} {
				sum += d
				n++
				worst = max(worst, d)
			}
		}
	}
	mean := float64(sum) / float64(n)
	t.Logf("%d colours, mean error %.2f, worst %d", len(pal), mean, worst)
	if mean > 1.5 || worst > 32 {
		t.Errorf("mean error %.2f, worst %d: too lossy", mean, worst)
	}
}

// An image with fewer colours than the palette has room for, each in a cell
// of its own, keeps them all exactly.
func TestQuantizeFewColoursExact(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 200, 100))
	var cols []color.RGBA
	for i := range 150 {
		cols = append(cols, color.RGBA{uint8(i%6) * 40, uint8(i/6%5) * 50, uint8(i/30) * 60, 0xff})
	}
	for i := 0; i < len(img.Pix); i += 4 {
		c := cols[(i/4)*7%len(cols)]
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	pal, idx := quantize(img, drawnColors())
	defer putIndexes(idx)
	for i := range idx {
		c := img.RGBAAt(i%200, i/200)
		if got := pal[idx[i]]; got != c {
			t.Fatalf("pixel %d: %v became %v", i, c, got)
		}
	}
}
