//go:build unix

package imaging

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestEncodingFigures is not a test but the measurement behind the choice of
// encoding: it composes every capture in testdata/captures (real Chromium
// captures of fixture pages, see captures_test.go) and encodes the result
// with each candidate, and prints the size of each, then per candidate the
// median and largest size, the median wall time (best of 5 runs) and the
// median CPU time (user+system, all threads, mean of the 5 runs), which on a
// shared machine says more than wall time.
//
//	DIWALL_IMAGING_FIGURES=1 go test -run TestEncodingFigures -v ./host/imaging/
//
// DIWALL_IMAGING_OUT=DIR also writes every encoded image to DIR.
func TestEncodingFigures(t *testing.T) {
	if os.Getenv("DIWALL_IMAGING_FIGURES") == "" {
		t.Skip("DIWALL_IMAGING_FIGURES not set")
	}
	cands := []struct {
		name   string
		encode func(*image.RGBA) []byte
	}{
		{"png-rgb", func(img *image.RGBA) []byte { b, _ := encodePNG(img, true); return b }},
		{"png-rgb-stdlib", func(img *image.RGBA) []byte {
			var b bytes.Buffer
			if err := png.Encode(&b, img); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}},
		{"png-palette", func(img *image.RGBA) []byte {
			pal, idx := quantize(img, drawnColors())
			defer putIndexes(idx)
			b, _ := encodePalettePNG(pal, idx, img.Rect.Dx(), img.Rect.Dy())
			return b
		}},
		{"png-palette-stdlib", func(img *image.RGBA) []byte {
			pal, idx := quantize(img, drawnColors())
			defer putIndexes(idx)
			var b bytes.Buffer
			if err := png.Encode(&b, &image.Paletted{Pix: idx, Stride: img.Rect.Dx(), Rect: img.Rect, Palette: pal}); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}},
		{"jpeg-q70", jpegAt(70)}, {"jpeg-q75", jpegAt(75)}, {"jpeg-q80", jpegAt(80)},
		{"jpeg-q85", jpegAt(85)}, {"jpeg-q90", jpegAt(90)},
	}
	out := os.Getenv("DIWALL_IMAGING_OUT")
	sizes := make([][]float64, len(cands))
	walls := make([][]float64, len(cands))
	cpus := make([][]float64, len(cands))
	head := fmt.Sprintf("%-12s", "KB")
	for _, c := range cands {
		head += fmt.Sprintf(" %9.9s", c.name)
	}
	t.Log(head)
	for _, c := range loadCaptures(t) {
		d, err := Decode(c.jpeg)
		if err != nil {
			t.Fatal(err)
		}
		img, _, _, err := d.render(c.masks, c.labels, Options{Scale: float64(d.Width()) / c.cssW})
		if err != nil {
			t.Fatal(err)
		}
		line := fmt.Sprintf("%-12s", c.name)
		for i, cand := range cands {
			const runs = 5
			var b []byte
			wall := time.Duration(1 << 62)
			cpu0 := cpuTime()
			for range runs {
				st := time.Now()
				b = cand.encode(img)
				wall = min(wall, time.Since(st))
			}
			cpu := (cpuTime() - cpu0) / runs
			sizes[i] = append(sizes[i], float64(len(b))/1000)
			walls[i] = append(walls[i], float64(wall)/1e6)
			cpus[i] = append(cpus[i], float64(cpu)/1e6)
			line += fmt.Sprintf(" %9.1f", float64(len(b))/1000)
			if out != "" {
				ext := ".png"
				if bytes.HasPrefix(b, jpegMagic) {
					ext = ".jpg"
				}
				if err := os.WriteFile(filepath.Join(out, c.name+"-"+cand.name+ext), b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		putRGBA(img)
		t.Log(line)
	}
	for i, cand := range cands {
		t.Logf("%-19s median %6.1f KB (max %6.1f)  wall median %5.1f ms  cpu median %5.1f ms",
			cand.name, median(sizes[i]), slices.Max(sizes[i]), median(walls[i]), median(cpus[i]))
	}
}

func jpegAt(q int) func(*image.RGBA) []byte {
	return func(img *image.RGBA) []byte {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err != nil {
			panic(err) // an in-memory RGBA image always encodes
		}
		return b.Bytes()
	}
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return (s[len(s)/2] + s[(len(s)-1)/2]) / 2
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
