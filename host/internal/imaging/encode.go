package imaging

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"image/color"
	"runtime"
	"sync"
)

// encodePNG encodes img as an 8-bit RGB PNG if opaque is set, else RGBA.
//
// image/png at BestSpeed spends about 60 ms on a 1280x800 screenshot on a
// slow 2-core machine, all of it on one core: a third trying five row filters
// per row, the rest in deflate. This encoder does two things differently:
//
//   - Rows are not filtered (filter type None). A capture decoded from JPEG
//     is noisy around every glyph, and on such images None came out 3-10%
//     smaller than Up, Paeth or the adaptive choice, and the fastest; on a
//     lossless capture Up would be about 15% smaller but 25% slower.
//   - The rows are cut into strips, each deflated (BestSpeed) on its own
//     goroutine, and joined as pigz does: every strip but the last ends with a
//     sync flush, so the concatenation is one valid deflate stream, and the
//     strips' Adler-32 sums are combined. Each strip starts with an empty
//     dictionary, which costs well under 1% in size.
//
// See BenchmarkEncode and BenchmarkEncodeStdlib.
func encodePNG(img *image.RGBA, opaque bool) ([]byte, error) {
	bpp := 3
	colorType := byte(2) // truecolour
	if !opaque {
		bpp, colorType = 4, 6 // truecolour with alpha
	}
	return encodeRows(img.Rect.Dx(), img.Rect.Dy(), bpp, colorType, nil, func(dst []byte, y int) {
		packRow(dst, img, y, bpp)
	})
}

// encodePalettePNG encodes a w x h image of palette indexes (one byte per
// pixel, rows of w) as an 8-bit palette PNG. Rows are not filtered, as the
// PNG specification recommends for palette images.
func encodePalettePNG(pal color.Palette, idx []byte, w, h int) ([]byte, error) {
	plte := make([]byte, 0, 3*len(pal))
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		plte = append(plte, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	return encodeRows(w, h, 1, 3, plte, func(dst []byte, y int) { copy(dst, idx[y*w:(y+1)*w]) })
}

// encodeRows writes a PNG of w x h pixels of bpp bytes in colour type
// colorType (with a PLTE chunk if plte is set), whose unfiltered rows pack
// writes, as described at encodePNG.
func encodeRows(w, h, bpp int, colorType byte, plte []byte, pack func(dst []byte, y int)) ([]byte, error) {
	n := min(2*runtime.GOMAXPROCS(0), 8, max(1, h/32))
	strips := make([]strip, n)
	var wg sync.WaitGroup
	for i := range strips {
		s := &strips[i]
		s.y0, s.y1 = h*i/n, h*(i+1)/n
		wg.Go(func() { s.encode(w, bpp, pack, i == n-1) })
	}
	wg.Wait()

	size := 8 + 25 + 12 + len(plte) + 12 + 2 + 4 + 12
	for i := range strips {
		if strips[i].err != nil {
			return nil, strips[i].err
		}
		size += 12 + len(strips[i].bytes())
	}
	out := make([]byte, 0, size)
	out = append(out, pngMagic...)

	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, colorType // bit depth 8; compression, filter, interlace 0
	out = appendChunk(out, "IHDR", ihdr[:])
	if plte != nil {
		out = appendChunk(out, "PLTE", plte)
	}

	out = appendChunk(out, "IDAT", []byte{0x78, 0x01}) // zlib header: deflate, 32K window, fastest
	sum := uint32(1)
	for i := range strips {
		s := &strips[i]
		sum = adler32Combine(sum, s.adler, s.n)
		out = appendChunk(out, "IDAT", s.bytes())
		s.release()
	}
	var trailer [4]byte
	binary.BigEndian.PutUint32(trailer[:], sum)
	out = appendChunk(out, "IDAT", trailer[:])
	out = appendChunk(out, "IEND", nil)
	return out, nil
}

// strip is the rows [y0, y1) of the image, filtered and deflated.
type strip struct {
	y0, y1 int
	buf    *stripBuffers
	adler  uint32 // of the filtered bytes
	n      int    // count of filtered bytes
	err    error
}

func (s *strip) bytes() []byte { return s.buf.out.Bytes() }

func (s *strip) release() {
	stripPool.Put(s.buf)
	s.buf = nil
}

type stripBuffers struct {
	out bytes.Buffer
	fw  *flate.Writer
	row []byte
}

var stripPool = sync.Pool{New: func() any {
	fw, _ := flate.NewWriter(nil, flate.BestSpeed) // cannot fail for a valid level
	return &stripBuffers{fw: fw}
}}

func (s *strip) encode(w, bpp int, pack func(dst []byte, y int), last bool) {
	b := stripPool.Get().(*stripBuffers)
	s.buf = b
	b.out.Reset()
	b.fw.Reset(&b.out)
	rowLen := 1 + bpp*w
	b.row = grow(b.row, rowLen)
	b.row[0] = 0 // filter type None
	a := adler32.New()
	for y := s.y0; y < s.y1; y++ {
		pack(b.row[1:], y)
		a.Write(b.row)
		if _, err := b.fw.Write(b.row); err != nil {
			s.err = err
			break
		}
	}
	if s.err == nil {
		if last {
			s.err = b.fw.Close()
		} else {
			s.err = b.fw.Flush()
		}
	}
	s.adler, s.n = a.Sum32(), (s.y1-s.y0)*rowLen
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// packRow copies row y of img into dst as RGB (bpp 3) or as PNG's
// non-premultiplied RGBA (bpp 4).
func packRow(dst []byte, img *image.RGBA, y, bpp int) {
	src := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
	if bpp == 4 {
		copy(dst, src)
		for i := 0; i+3 < len(dst); i += 4 {
			switch a := uint32(dst[i+3]); a {
			case 0xff:
			case 0:
				dst[i], dst[i+1], dst[i+2] = 0, 0, 0
			default: // as image/png does
				dst[i] = uint8(uint32(dst[i]) * 0xffff / a >> 8)
				dst[i+1] = uint8(uint32(dst[i+1]) * 0xffff / a >> 8)
				dst[i+2] = uint8(uint32(dst[i+2]) * 0xffff / a >> 8)
			}
		}
		return
	}
	for i, j := 0, 0; i+3 < len(src); i, j = i+4, j+3 {
		dst[j], dst[j+1], dst[j+2] = src[i], src[i+1], src[i+2]
	}
}

// appendChunk appends a PNG chunk: length, type, data, CRC of type and data.
func appendChunk(out []byte, typ string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	start := len(out)
	out = append(out, typ...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start:]))
}

// adler32Combine returns the Adler-32 of A followed by B from the sums of A
// and B and the length of B (zlib's adler32_combine).
func adler32Combine(a, b uint32, lenB int) uint32 {
	const base = 65521
	rem := uint32(lenB % base)
	sum1 := a & 0xffff
	sum2 := rem * sum1 % base
	sum1 += (b & 0xffff) + base - 1
	sum2 += (a >> 16) + (b >> 16) + base - rem
	if sum1 >= base {
		sum1 -= base
	}
	if sum1 >= base {
		sum1 -= base
	}
	if sum2 >= base<<1 {
		sum2 -= base << 1
	}
	if sum2 >= base {
		sum2 -= base
	}
	return sum1 | sum2<<16
}
