package imaging

import (
	"image"
	"strconv"
)

// labelSize is the size in pixels of the label for mark.
func labelSize(mark int) image.Point {
	t := loadDigits()
	n := len(strconv.Itoa(mark))
	return image.Pt(
		2*(labelBorderW+labelPadX)+n*t.w,
		2*(labelBorderW+labelPadY)+t.h,
	)
}

// drawLabel draws l, which lies inside img: a labelBorder frame, a labelBG
// fill and the mark's digits.
func drawLabel(img *image.RGBA, l PlacedLabel) {
	r := l.Rectangle()
	fillRect(img, r, labelBorder)
	fillRect(img, r.Inset(labelBorderW), labelBG)
	t := loadDigits()
	x := r.Min.X + labelBorderW + labelPadX
	y := r.Min.Y + labelBorderW + labelPadY
	for _, c := range strconv.Itoa(l.Mark) {
		tile := t.tiles[c-'0']
		for row := range t.h {
			o := img.PixOffset(x, y+row)
			copy(img.Pix[o:o+4*t.w], tile.Pix[row*tile.Stride:])
		}
		x += t.w
	}
}
