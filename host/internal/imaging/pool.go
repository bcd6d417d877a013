package imaging

import (
	"image"
	"runtime"
	"sync"
)

// rgbaPool holds *image.RGBA buffers between calls; a 1280x800 capture is
// 4 MB, which is worth keeping rather than handing back to the collector on
// every observation.
var rgbaPool sync.Pool

// getRGBA returns an RGBA image of w x h at the origin, with undefined pixels.
func getRGBA(w, h int) *image.RGBA {
	n := 4 * w * h
	if v, ok := rgbaPool.Get().(*image.RGBA); ok && cap(v.Pix) >= n {
		v.Pix = v.Pix[:n]
		v.Stride = 4 * w
		v.Rect = image.Rect(0, 0, w, h)
		return v
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

func putRGBA(img *image.RGBA) { rgbaPool.Put(img) }

// parallelRows runs fn over [0, h) split into one band of rows per CPU (at
// most) and waits for all of them.
func parallelRows(h int, fn func(y0, y1 int)) {
	var wg sync.WaitGroup
	n := parallelBands(h, func(y0, y1 int) { wg.Go(func() { fn(y0, y1) }) })
	if n > 0 {
		wg.Wait()
	}
}

// parallelBands calls fn, in order, with the bands of rows parallelRows
// would use for h rows: one per CPU, at most 4, at least 64 rows each
// (except a single band). It returns the count.
func parallelBands(h int, fn func(y0, y1 int)) int {
	n := runtime.GOMAXPROCS(0)
	if n > 4 {
		n = 4
	}
	if n > h/64 {
		n = max(1, h/64)
	}
	for i := range n {
		fn(h*i/n, h*(i+1)/n)
	}
	return n
}
