package imaging

import (
	"bytes"
	"compress/flate"
	"sync"
	"testing"
)

func filterRows(b *testing.B, ft byte) ([]byte, int, int) {
	capture, _, _ := benchPage(b, 1)
	img, _ := decode(capture)
	w, h := img.Rect.Dx(), img.Rect.Dy()
	rowLen := 3*w + 1
	out := make([]byte, rowLen*h)
	prev := make([]byte, 3*w)
	cur := make([]byte, 3*w)
	for y := 0; y < h; y++ {
		row := img.Pix[y*img.Stride:]
		for x := 0; x < w; x++ {
			cur[3*x], cur[3*x+1], cur[3*x+2] = row[4*x], row[4*x+1], row[4*x+2]
		}
		o := out[y*rowLen : (y+1)*rowLen]
		o[0] = ft
		switch ft {
		case 0:
			copy(o[1:], cur)
		case 1:
			for i := range cur {
				var a byte
				if i >= 3 {
					a = cur[i-3]
				}
				o[1+i] = cur[i] - a
			}
		case 2:
			for i := range cur {
				o[1+i] = cur[i] - prev[i]
			}
		case 4:
			for i := range cur {
				var a, c int
				if i >= 3 {
					a, c = int(cur[i-3]), int(prev[i-3])
				}
				bb := int(prev[i])
				p := a + bb - c
				pa, pb, pc := abs(p-a), abs(p-bb), abs(p-c)
				var pr int
				if pa <= pb && pa <= pc {
					pr = a
				} else if pb <= pc {
					pr = bb
				} else {
					pr = c
				}
				o[1+i] = cur[i] - byte(pr)
			}
		}
		prev, cur = cur, prev
	}
	return out, rowLen, h
}
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func benchFlate(b *testing.B, ft byte, level int, parts int) {
	data, rowLen, h := filterRows(b, ft)
	var size int
	bufs := make([]bytes.Buffer, parts)
	ws := make([]*flate.Writer, parts)
	for i := range ws {
		ws[i], _ = flate.NewWriter(&bufs[i], level)
	}
	for b.Loop() {
		var wg sync.WaitGroup
		for i := 0; i < parts; i++ {
			y0, y1 := h*i/parts, h*(i+1)/parts
			wg.Go(func() {
				bufs[i].Reset()
				ws[i].Reset(&bufs[i])
				ws[i].Write(data[y0*rowLen : y1*rowLen])
				ws[i].Close()
			})
		}
		wg.Wait()
		size = 0
		for i := range bufs {
			size += bufs[i].Len()
		}
	}
	b.ReportMetric(float64(size), "bytes")
}

func BenchmarkXF_None1(b *testing.B)  { benchFlate(b, 0, 1, 1) }
func BenchmarkXF_Sub1(b *testing.B)   { benchFlate(b, 1, 1, 1) }
func BenchmarkXF_Up1(b *testing.B)    { benchFlate(b, 2, 1, 1) }
func BenchmarkXF_Paeth1(b *testing.B) { benchFlate(b, 4, 1, 1) }
func BenchmarkXF_Up2(b *testing.B)    { benchFlate(b, 2, 1, 2) }
func BenchmarkXF_Paeth2(b *testing.B) { benchFlate(b, 4, 1, 2) }
func BenchmarkXF_UpHuff2(b *testing.B) { benchFlate(b, 2, -2, 2) }
func BenchmarkXF_PaethHuff2(b *testing.B) { benchFlate(b, 4, -2, 2) }
