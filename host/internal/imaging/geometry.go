package imaging

import (
	"image"
	"math"
)

// coordLimit keeps converted coordinates far from int overflow; anything
// beyond it is outside every image Compose accepts anyway.
const coordLimit = 1 << 24

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// validRect reports whether r has finite coordinates and no negative size.
func validRect(r Rect) bool {
	return finite(r.X) && finite(r.Y) && finite(r.W) && finite(r.H) && r.W >= 0 && r.H >= 0
}

// pixelRect converts r from CSS pixels to pixels at scale, rounding outward:
// the top-left is floored and the bottom-right ceiled, so the result covers
// every pixel r touches. r must be valid.
func pixelRect(r Rect, scale float64) image.Rectangle {
	return image.Rectangle{
		Min: image.Pt(floorInt(r.X*scale), floorInt(r.Y*scale)),
		Max: image.Pt(ceilInt((r.X+r.W)*scale), ceilInt((r.Y+r.H)*scale)),
	}
}

func floorInt(v float64) int { return int(clampCoord(math.Floor(v))) }
func ceilInt(v float64) int  { return int(clampCoord(math.Ceil(v))) }

func clampCoord(v float64) float64 {
	return math.Max(-coordLimit, math.Min(coordLimit, v))
}

// overlapArea is the area of the intersection of a and b.
func overlapArea(a, b image.Rectangle) int {
	i := a.Intersect(b)
	return i.Dx() * i.Dy()
}

// clampInto moves r (not larger than b) the least distance that puts it
// entirely inside b.
func clampInto(r, b image.Rectangle) image.Rectangle {
	d := image.Point{}
	if r.Max.X > b.Max.X {
		d.X = b.Max.X - r.Max.X
	}
	if r.Min.X+d.X < b.Min.X {
		d.X = b.Min.X - r.Min.X
	}
	if r.Max.Y > b.Max.Y {
		d.Y = b.Max.Y - r.Max.Y
	}
	if r.Min.Y+d.Y < b.Min.Y {
		d.Y = b.Min.Y - r.Min.Y
	}
	return r.Add(d)
}
