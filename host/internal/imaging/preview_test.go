package imaging

import (
	"bytes"
	"image/jpeg"
	"os"
	"testing"
)

// TestPreview: the picture a person is asked with is a JPEG within the
// size asked for, its long side at most maxSide, with the frame drawn
// around the element; a capture too big for the bytes gets smaller tries.
func TestPreview(t *testing.T) {
	capture, err := os.ReadFile("testdata/captures/aria.jpg")
	if err != nil {
		t.Fatal(err)
	}
	box := &Rect{X: 100, Y: 100, W: 200, H: 50}
	out, err := Preview(capture, box, 640, 700_000)
	if err != nil {
		t.Fatal(err)
	}
	img, err := jpeg.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	src, _ := jpeg.DecodeConfig(bytes.NewReader(capture))
	b := img.Bounds()
	if max(b.Dx(), b.Dy()) > 640 || max(b.Dx(), b.Dy()) < 600 {
		t.Errorf("preview is %v, want its long side near 640", b)
	}
	f := float64(b.Dx()) / float64(src.Width)
	// The frame's top edge, just outside the box's: strongly orange.
	x, y := int((box.X+box.W/2)*f), int(box.Y*f)-2
	r, g, bl, _ := img.At(x, y).RGBA()
	if r>>8 < 200 || g>>8 > 140 || bl>>8 > 90 {
		t.Errorf("at (%d,%d) the preview is %d,%d,%d; want the orange frame", x, y, r>>8, g>>8, bl>>8)
	}
	small, err := Preview(capture, nil, 1568, 20_000)
	if err != nil {
		t.Fatalf("a small budget: %v", err)
	}
	if len(small) > 20_000 {
		t.Errorf("%d bytes, want at most 20000", len(small))
	}
	if _, err := Preview(capture, nil, 1568, 100); err == nil {
		t.Error("100 bytes: no error")
	}
	if _, err := Preview([]byte("not an image"), nil, 640, 1000); err == nil {
		t.Error("not an image: no error")
	}
}
