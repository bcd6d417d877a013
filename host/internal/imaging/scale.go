package imaging

import (
	"image"
	"math"

	xdraw "golang.org/x/image/draw"
)

// scaler resamples the capture when it is larger than the long-side limit.
// ApproxBiLinear works per result pixel, so bands of rows scale on separate
// CPUs. For 2560x1600 to 1568x980 on the 2-core development machine it took
// about 30 ms on one core (16-24 ms in bands); BiLinear took 97 ms and
// CatmullRom 132 ms, each allocating 80 MB of scratch. With the 2x2 box
// pre-reduction below, ApproxBiLinear never samples sparser than 1 in 2.
var scaler xdraw.Interpolator = xdraw.ApproxBiLinear

// downscale returns src scaled so its longer side is at most maxSide, and the
// factor applied (result pixels per src pixel). It returns src itself and 1
// when no scaling is needed; otherwise the result is a pooled image and src
// is left as it was.
func downscale(src *image.RGBA, maxSide int) (*image.RGBA, float64) {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	long := max(w, h)
	if long <= maxSide {
		return src, 1
	}
	f := float64(maxSide) / float64(long)
	dw := max(1, int(math.Round(float64(w)*f)))
	dh := max(1, int(math.Round(float64(h)*f)))

	// Bilinear sampling reads 2x2 source pixels per result pixel, so below
	// one half it skips source pixels and thin text breaks up. Halve first
	// with an exact 2x2 box average until the remaining factor is >= 1/2.
	cur := src
	for cur.Rect.Dx() >= 2*dw && cur.Rect.Dy() >= 2*dh {
		next := halve(cur)
		if cur != src {
			putRGBA(cur)
		}
		cur = next
	}
	if cur.Rect.Dx() == dw && cur.Rect.Dy() == dh {
		return cur, f
	}

	dst := getRGBA(dw, dh)
	dr, sr := dst.Rect, cur.Rect
	parallelRows(dh, func(y0, y1 int) {
		band := dst.SubImage(image.Rect(0, y0, dw, y1)).(*image.RGBA)
		scaler.Scale(band, dr, cur, sr, xdraw.Src, nil)
	})
	if cur != src {
		putRGBA(cur)
	}
	return dst, f
}

// halve returns a pooled image of half src's size (rounded down), each pixel
// the mean of a 2x2 block.
func halve(src *image.RGBA) *image.RGBA {
	w, h := src.Rect.Dx()/2, src.Rect.Dy()/2
	dst := getRGBA(w, h)
	parallelRows(h, func(y0, y1 int) {
		for y := y0; y < y1; y++ {
			a := src.Pix[(2*y)*src.Stride:]
			b := src.Pix[(2*y+1)*src.Stride:]
			d := dst.Pix[y*dst.Stride : y*dst.Stride+4*w]
			for x := 0; x < 4*w; x += 4 {
				s := 2 * x
				for c := range 4 {
					d[x+c] = uint8((uint(a[s+c]) + uint(a[s+4+c]) + uint(b[s+c]) + uint(b[s+4+c]) + 2) >> 2)
				}
			}
		}
	})
	return dst
}
