package imaging

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
)

// previewOutline is the colour of the frame a preview draws around the
// element a question is about: a strong orange no label colour uses.
var previewOutline = color.RGBA{0xff, 0x5a, 0x00, 0xff}

// previewFrame is the width, in result pixels, of that frame.
const previewFrame = 3

// Preview makes the picture a person is shown when asked about a step: an
// observation's image (JPEG or PNG, already masked and marked) with a frame
// drawn around outline (in the image's pixels; nil for none), scaled so its
// long side is at most maxSide, as a JPEG of at most maxBytes (smaller and
// coarser tries follow until one fits; an error when none does).
func Preview(img []byte, outline *Rect, maxSide, maxBytes int) ([]byte, error) {
	src, _, err := decode(img)
	if err != nil {
		return nil, err
	}
	defer putRGBA(src)
	for _, try := range []struct {
		side    int
		quality int
	}{{maxSide, 80}, {maxSide * 3 / 4, 70}, {maxSide / 2, 60}} {
		out, err := preview(src, outline, try.side, try.quality)
		if err != nil {
			return nil, err
		}
		if len(out) <= maxBytes {
			return out, nil
		}
	}
	return nil, fmt.Errorf("imaging: no preview fits in %d bytes", maxBytes)
}

// preview draws, scales and encodes one try of Preview; src is unchanged.
func preview(src *image.RGBA, outline *Rect, side, quality int) ([]byte, error) {
	if side < 16 {
		return nil, fmt.Errorf("imaging: a preview of %d pixels is too small", side)
	}
	scaled, f := downscale(src, side)
	img := image.NewRGBA(scaled.Rect)
	draw.Draw(img, img.Rect, scaled, image.Point{}, draw.Src)
	if scaled != src {
		putRGBA(scaled)
	}
	if outline != nil && finite(outline.X) && finite(outline.Y) && finite(outline.W) && finite(outline.H) {
		r := image.Rect(int(math.Floor(outline.X*f)), int(math.Floor(outline.Y*f)),
			int(math.Ceil((outline.X+outline.W)*f)), int(math.Ceil((outline.Y+outline.H)*f)))
		frame(img, r.Inset(-previewFrame).Intersect(img.Rect), previewFrame)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, fmt.Errorf("imaging: encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}

// frame paints a frame w pixels wide just inside r.
func frame(img *image.RGBA, r image.Rectangle, w int) {
	if r.Empty() {
		return
	}
	fill := &image.Uniform{previewOutline}
	for _, side := range []image.Rectangle{
		image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+w),
		image.Rect(r.Min.X, r.Max.Y-w, r.Max.X, r.Max.Y),
		image.Rect(r.Min.X, r.Min.Y, r.Min.X+w, r.Max.Y),
		image.Rect(r.Max.X-w, r.Min.Y, r.Max.X, r.Max.Y),
	} {
		draw.Draw(img, side.Intersect(r), fill, image.Point{}, draw.Src)
	}
}
