package imaging

import (
	"bytes"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/compose_golden.png")

// TestGolden composes the 800x500 login page at scale 1 from a PNG capture,
// so every step is deterministic, and compares the pixels with
// testdata/compose_golden.png. Look at that file after -update: labels must
// be legible, sit on or next to their elements, and keep off the masks.
func TestGolden(t *testing.T) {
	p := loginPage(1)
	res, err := Compose(encodePNGBytes(t, p.img), p.masks, p.labels, Options{Scale: 1})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "compose_golden.png")
	if *update {
		if err := os.WriteFile(path, res.PNG, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	wantImg, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	got := decodeResult(t, res)
	if wantImg.Bounds() != got.Bounds() {
		t.Fatalf("size %v, golden %v", got.Bounds(), wantImg.Bounds())
	}
	diff := 0
	b := got.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, a1 := got.At(x, y).RGBA()
			r2, g2, b2, a2 := wantImg.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				diff++
			}
		}
	}
	if diff > 0 {
		t.Errorf("%d pixels differ from %s; if the change is intended, run with -update and look at the image", diff, path)
	}
	checkLabelInvariants(t, res)
	if o := overlapping(res.Labels); len(o) > 0 {
		t.Errorf("overlapping labels: %v", o)
	}
}
