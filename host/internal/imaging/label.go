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

// drawLabel draws l, which lies inside img: a labelBorder frame, a fill in
// the label's colour and the mark's digits.
func drawLabel(img *image.RGBA, l PlacedLabel) {
	r := l.Rectangle()
	fillRect(img, r, labelBorder)
	fillRect(img, r.Inset(labelBorderW), labelColors[l.color])
	t := loadDigits()
	x := r.Min.X + labelBorderW + labelPadX
	y := r.Min.Y + labelBorderW + labelPadY
	for _, c := range strconv.Itoa(l.Mark) {
		tile := t.tiles[l.color][c-'0']
		for row := range t.h {
			o := img.PixOffset(x, y+row)
			copy(img.Pix[o:o+4*t.w], tile.Pix[row*tile.Stride:])
		}
		x += t.w
	}
}

// drawOutline draws the 1 px frame of l.Outline, clipped to img, in the
// label's colour.
func drawOutline(img *image.RGBA, l PlacedLabel) {
	r, c := l.Outline, labelColors[l.color]
	b := img.Bounds()
	for _, side := range [...]image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+1)},
		{image.Pt(r.Min.X, r.Max.Y-1), r.Max},
		{r.Min, image.Pt(r.Min.X+1, r.Max.Y)},
		{image.Pt(r.Max.X-1, r.Min.Y), r.Max},
	} {
		fillRect(img, side.Intersect(b), c)
	}
}
