package imaging

import (
	"bytes"
	"compress/flate"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
	"testing"
)

func BenchmarkXJpegOnly(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	for b.Loop() {
		jpeg.Decode(bytes.NewReader(capture))
	}
}
func BenchmarkXToRGBA(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	src, _ := jpeg.Decode(bytes.NewReader(capture))
	dst := image.NewRGBA(src.Bounds())
	for b.Loop() {
		draw.Draw(dst, dst.Rect, src, image.Point{}, draw.Src)
	}
}
func BenchmarkXToRGBAPar(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	src, _ := jpeg.Decode(bytes.NewReader(capture))
	for b.Loop() {
		putRGBA(toRGBA(src))
	}
}
func rawRGB(b *testing.B) []byte {
	capture, _, _ := benchPage(b, 1)
	img, _ := decode(capture)
	raw := make([]byte, 0, img.Rect.Dx()*img.Rect.Dy()*3+img.Rect.Dy())
	for y := 0; y < img.Rect.Dy(); y++ {
		raw = append(raw, 2) // up filter stand-in: none actually
		row := img.Pix[y*img.Stride : (y+1)*img.Stride]
		for x := 0; x < len(row); x += 4 {
			raw = append(raw, row[x], row[x+1], row[x+2])
		}
	}
	return raw
}
func BenchmarkXFlateSpeedRaw(b *testing.B) {
	raw := rawRGB(b)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	for b.Loop() {
		buf.Reset()
		w.Reset(&buf)
		w.Write(raw)
		w.Close()
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
func BenchmarkXFlateHuffRaw(b *testing.B) {
	raw := rawRGB(b)
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.HuffmanOnly)
	for b.Loop() {
		buf.Reset()
		w.Reset(&buf)
		w.Write(raw)
		w.Close()
	}
	b.ReportMetric(float64(buf.Len()), "bytes")
}
func BenchmarkXPngNoComp(b *testing.B) {
	capture, _, _ := benchPage(b, 1)
	img, _ := decode(capture)
	enc := png.Encoder{CompressionLevel: png.NoCompression}
	for b.Loop() {
		var buf bytes.Buffer
		enc.Encode(&buf, img)
	}
}
