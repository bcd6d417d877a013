package imaging

import (
	"image"
	"image/color"
)

// MaskColor fills every masked rectangle: a solid, opaque dark grey
// (#202020), dark enough to read as "hidden" and unlike any label colour.
var MaskColor = color.RGBA{0x20, 0x20, 0x20, 0xff}

// fillRect paints r (already clipped to img) with c, replacing what was there.
func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	if r.Empty() {
		return
	}
	px := [4]byte{c.R, c.G, c.B, c.A}
	first := img.Pix[img.PixOffset(r.Min.X, r.Min.Y):]
	row := first[:4*r.Dx()]
	for i := 0; i < len(row); i += 4 {
		copy(row[i:i+4], px[:])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		copy(img.Pix[o:o+len(row)], row)
	}
}
