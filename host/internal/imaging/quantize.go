package imaging

import (
	"encoding/binary"
	"image"
	"image/color"
	"sync"
)

// Palette quantization: an opaque RGBA image to at most 256 colours, for a
// palette PNG a third of the size of a truecolour one (see TestEncodingFigures).
//
// The colours Compose draws (the mask, the labels, the outlines) are
// reserved: a pixel of exactly one of them keeps exactly that colour, so a
// mask stays solid MaskColor and the digits stay crisp. The page's other
// colours are counted in a histogram of 5 bits per channel and split by
// median cut into the remaining entries, each entry the mean of its pixels.
// Each pixel then takes its histogram cell's entry: no dithering, which
// would make text ragged and the PNG larger.

const (
	histBits = 5
	histSize = 1 << (3 * histBits)
)

func histKey(r, g, b uint8) int {
	return int(r>>(8-histBits))<<(2*histBits) | int(g>>(8-histBits))<<histBits | int(b>>(8-histBits))
}

type histCell struct{ n, r, g, b uint32 }

// quantizer holds the reusable tables; one per call, from a pool.
type quantizer struct {
	hists  [][histSize]histCell // one per band, merged into hists[0]
	lut    [histSize]uint8      // cell -> palette index
	resv   [histSize]uint8      // cell -> 1 + index in reserved of its first reserved colour, or 0
	next   []int                // reserved colour -> next reserved colour in the same cell, or -1
	packed []uint32             // reserved colours as little-endian RGB
	keys   []int32              // the non-empty cells
}

var quantizerPool = sync.Pool{New: func() any { return new(quantizer) }}

// quantize maps img, which must be opaque, to a palette of at most 256
// colours, of which the first are reserved (len(reserved) <= 64), and
// writes the indexes to a pooled buffer of Dx*Dy bytes (return it with
// putIndexes).
func quantize(img *image.RGBA, reserved []color.RGBA) (color.Palette, []byte) {
	q := quantizerPool.Get().(*quantizer)
	defer quantizerPool.Put(q)
	w, h := img.Rect.Dx(), img.Rect.Dy()

	// Reserved colours, by cell.
	clear(q.resv[:])
	q.next = q.next[:0]
	q.packed = q.packed[:0]
	for i, c := range reserved {
		q.next = append(q.next, -1)
		q.packed = append(q.packed, uint32(c.R)|uint32(c.G)<<8|uint32(c.B)<<16)
		k := histKey(c.R, c.G, c.B)
		if q.resv[k] == 0 {
			q.resv[k] = uint8(i + 1)
			continue
		}
		j := int(q.resv[k]) - 1
		for q.next[j] >= 0 {
			j = q.next[j]
		}
		q.next[j] = i
	}
	// isReserved returns the index of reserved colour v (packed RGBA as
	// little-endian bytes) in cell k, or -1.
	// 1. Histogram of the unreserved pixels, a band of rows per CPU.
	bands := bandsFor(h)
	for len(q.hists) < len(bands) {
		q.hists = append(q.hists, [histSize]histCell{})
	}
	var wg sync.WaitGroup
	for bi, band := range bands {
		wg.Go(func() { q.count(img, band[0], band[1], &q.hists[bi]) })
	}
	wg.Wait()
	hist := &q.hists[0]
	for bi := 1; bi < len(bands); bi++ {
		for k := range hist {
			if o := &q.hists[bi][k]; o.n != 0 {
				c := &hist[k]
				c.n += o.n
				c.r += o.r
				c.g += o.g
				c.b += o.b
			}
		}
	}

	// 2. Median cut.
	q.keys = q.keys[:0]
	for k := range hist {
		if hist[k].n != 0 {
			q.keys = append(q.keys, int32(k))
		}
	}
	pal := make(color.Palette, 0, 256)
	for _, c := range reserved {
		pal = append(pal, c)
	}
	for _, b := range medianCut(q.keys, hist, 256-len(reserved)) {
		var n, r, g, bl uint64
		for _, k := range q.keys[b.lo:b.hi] {
			c := hist[k]
			n += uint64(c.n)
			r += uint64(c.r)
			g += uint64(c.g)
			bl += uint64(c.b)
			q.lut[k] = uint8(len(pal))
		}
		pal = append(pal, color.RGBA{uint8((r + n/2) / n), uint8((g + n/2) / n), uint8((bl + n/2) / n), 0xff})
	}

	// 3. Map every pixel.
	idx := getIndexes(w * h)
	for _, band := range bands {
		wg.Go(func() { q.mapRows(img, band[0], band[1], idx) })
	}
	wg.Wait()
	return pal, idx
}

// reservedIndex returns the index of the reserved colour v (RGB as
// little-endian bytes; alpha ignored) in cell k, or -1.
func (q *quantizer) reservedIndex(k int, v uint32) int {
	v &= 0xffffff
	for j := int(q.resv[k]) - 1; j >= 0; j = q.next[j] {
		if v == q.packed[j] {
			return j
		}
	}
	return -1
}

// count adds the pixels of rows [y0, y1) that are not of a reserved colour
// to hist. Runs of one colour, which are most of a page, are added at once.
func (q *quantizer) count(img *image.RGBA, y0, y1 int, hist *[histSize]histCell) {
	clear(hist[:])
	w := img.Rect.Dx()
	for y := y0; y < y1; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		prev, run := binary.LittleEndian.Uint32(row), uint32(0)
		for x := 0; x < len(row); x += 4 {
			if v := binary.LittleEndian.Uint32(row[x:]); v != prev {
				q.add(hist, prev, run)
				prev, run = v, 0
			}
			run++
		}
		q.add(hist, prev, run)
	}
}

// add adds run pixels of colour v to hist unless v is reserved.
func (q *quantizer) add(hist *[histSize]histCell, v, run uint32) {
	r, g, b := uint8(v), uint8(v>>8), uint8(v>>16)
	k := histKey(r, g, b)
	if q.resv[k] != 0 && q.reservedIndex(k, v) >= 0 {
		return
	}
	c := &hist[k]
	c.n += run
	c.r += uint32(r) * run
	c.g += uint32(g) * run
	c.b += uint32(b) * run
}

// mapRows writes the palette index of each pixel of rows [y0, y1) to idx.
func (q *quantizer) mapRows(img *image.RGBA, y0, y1 int, idx []byte) {
	w := img.Rect.Dx()
	for y := y0; y < y1; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		out := idx[y*w : (y+1)*w]
		prev, pi := ^binary.LittleEndian.Uint32(row), uint8(0)
		for x := range out {
			v := binary.LittleEndian.Uint32(row[4*x:])
			if v != prev {
				k := histKey(uint8(v), uint8(v>>8), uint8(v>>16))
				pi = q.lut[k]
				if q.resv[k] != 0 {
					if j := q.reservedIndex(k, v); j >= 0 {
						pi = uint8(j)
					}
				}
				prev = v
			}
			out[x] = pi
		}
	}
}

// cutBox is a run of histogram cells, keys[lo:hi], with its pixel count and
// its extent in each channel (in cell units).
type cutBox struct {
	lo, hi int
	n      uint64
	min    [3]int
	max    [3]int
}

// channelWeight weighs a box's extent in red, green and blue when choosing
// which box to split and along which channel: the eye, and text, depend on
// green most.
var channelWeight = [3]int{3, 4, 2}

func cellChannel(k int32, c int) int {
	return int(k>>(histBits*(2-c))) & (1<<histBits - 1)
}

func (b *cutBox) measure(keys []int32, hist *[histSize]histCell) {
	b.n = 0
	b.min, b.max = [3]int{1 << histBits, 1 << histBits, 1 << histBits}, [3]int{-1, -1, -1}
	for _, k := range keys[b.lo:b.hi] {
		b.n += uint64(hist[k].n)
		for c := range 3 {
			v := cellChannel(k, c)
			b.min[c] = min(b.min[c], v)
			b.max[c] = max(b.max[c], v)
		}
	}
}

// widest returns the channel with the largest weighted extent and that
// extent.
func (b *cutBox) widest() (int, int) {
	best, ext := 0, -1
	for c := range 3 {
		if e := (b.max[c] - b.min[c]) * channelWeight[c]; e > ext {
			best, ext = c, e
		}
	}
	return best, ext
}

// medianCut splits keys (reordering it) into at most n boxes: each time the
// box with the largest pixel count times weighted extent, along its widest
// channel, at the median pixel.
func medianCut(keys []int32, hist *[histSize]histCell, n int) []cutBox {
	if len(keys) == 0 {
		return nil
	}
	boxes := make([]cutBox, 1, n)
	boxes[0] = cutBox{lo: 0, hi: len(keys)}
	boxes[0].measure(keys, hist)
	for len(boxes) < n {
		bi, bestScore, axis := -1, uint64(0), 0
		for i := range boxes {
			b := &boxes[i]
			if b.hi-b.lo < 2 {
				continue
			}
			c, ext := b.widest()
			if s := b.n * uint64(ext); s > bestScore || bi < 0 && ext > 0 {
				bi, bestScore, axis = i, s, c
			}
		}
		if bi < 0 {
			break
		}
		b := boxes[bi]
		sub := keys[b.lo:b.hi]
		// Pixel counts by value along the axis, and the median value.
		var count [1 << histBits]uint64
		for _, k := range sub {
			count[cellChannel(k, axis)] += uint64(hist[k].n)
		}
		cut, acc := b.min[axis], uint64(0)
		for v := b.min[axis]; v < b.max[axis]; v++ {
			acc += count[v]
			cut = v
			if 2*acc >= b.n {
				break
			}
		}
		// Partition: values <= cut first. Both sides are non-empty since
		// min <= cut < max.
		i := 0
		for j, k := range sub {
			if cellChannel(k, axis) <= cut {
				sub[i], sub[j] = sub[j], sub[i]
				i++
			}
		}
		left, right := cutBox{lo: b.lo, hi: b.lo + i}, cutBox{lo: b.lo + i, hi: b.hi}
		left.measure(keys, hist)
		right.measure(keys, hist)
		boxes[bi] = left
		boxes = append(boxes, right)
	}
	return boxes
}

// bandsFor splits h rows into one band per CPU (at most 4), as parallelRows.
func bandsFor(h int) [][2]int {
	var out [][2]int
	parallelBands(h, func(y0, y1 int) { out = append(out, [2]int{y0, y1}) })
	return out
}

var indexPool sync.Pool

func getIndexes(n int) []byte {
	if v, ok := indexPool.Get().(*[]byte); ok && cap(*v) >= n {
		return (*v)[:n]
	}
	return make([]byte, n)
}

func putIndexes(b []byte) { indexPool.Put(&b) }
