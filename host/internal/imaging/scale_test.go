package imaging

import (
	"bytes"
	"image"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// Scaling in bands of rows gives the same pixels as one call.
func TestDownscaleBandsSeamless(t *testing.T) {
	p := newPage(1000, 600, 1)
	p.paragraph(0, 14, 1000, 29)
	p.photo(Rect{500, 100, 400, 400}, 9)
	src := p.img
	got, f := downscale(src, 700)
	if got.Rect != image.Rect(0, 0, 700, 420) || f != 0.7 {
		t.Fatalf("got %v at %v, want 700x420 at 0.7", got.Rect, f)
	}
	want := image.NewRGBA(got.Rect)
	scaler.Scale(want, want.Rect, src, src.Rect, xdraw.Src, nil)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("banded scaling differs from a single call")
	}
}

func TestDownscaleSizes(t *testing.T) {
	cases := []struct {
		w, h, max  int
		wantW      int
		wantH      int
		wantFactor float64
	}{
		{1280, 800, 1568, 1280, 800, 1},
		{2560, 1600, 1568, 1568, 980, 0.6125},
		{3136, 1960, 1568, 1568, 980, 0.5},           // exactly one halving
		{3840, 2160, 1568, 1568, 882, 1568.0 / 3840}, // halve, then bilinear
		{600, 4000, 1568, 235, 1568, 0.392},          // tall
		{5000, 3, 100, 100, 1, 0.02},                 // thin: never below 1 px
	}
	for _, tc := range cases {
		src := image.NewRGBA(image.Rect(0, 0, tc.w, tc.h))
		out, f := downscale(src, tc.max)
		if out.Rect.Dx() != tc.wantW || out.Rect.Dy() != tc.wantH || f != tc.wantFactor {
			t.Errorf("%dx%d max %d: got %v at %v, want %dx%d at %v", tc.w, tc.h, tc.max, out.Rect, f, tc.wantW, tc.wantH, tc.wantFactor)
		}
	}
}
