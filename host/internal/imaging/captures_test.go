package imaging

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A realCapture is a viewport captured in headless Chromium by
// TestCaptureForImaging in host/observe: the JPEG observe gets and the
// boxes the serializer reported for it.
type realCapture struct {
	name   string
	jpeg   []byte
	masks  []Rect
	labels []Label
	cssW   float64
}

// capturesDir holds the captures; DIWALL_IMAGING_CAPTURES points elsewhere.
func capturesDir() string {
	if d := os.Getenv("DIWALL_IMAGING_CAPTURES"); d != "" {
		return d
	}
	return filepath.Join("testdata", "captures")
}

func loadCaptures(tb testing.TB) []realCapture {
	tb.Helper()
	dir := capturesDir()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no captures in %s: %v", dir, err)
	}
	sort.Strings(files)
	var out []realCapture
	for _, f := range files {
		var meta struct {
			Viewport []float64
			Masks    []struct{ X, Y, W, H float64 }
			Labels   []struct {
				Mark int
				Box  struct{ X, Y, W, H float64 }
			}
		}
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		if err := json.Unmarshal(data, &meta); err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		c := realCapture{name: strings.TrimSuffix(filepath.Base(f), ".json"), cssW: meta.Viewport[0]}
		if c.jpeg, err = os.ReadFile(strings.TrimSuffix(f, ".json") + ".jpg"); err != nil {
			tb.Fatal(err)
		}
		for _, m := range meta.Masks {
			c.masks = append(c.masks, Rect(m))
		}
		for _, l := range meta.Labels {
			c.labels = append(c.labels, Label{Mark: l.Mark, Box: Rect(l.Box)})
		}
		out = append(out, c)
	}
	return out
}

// scale is the capture's pixels per CSS pixel, as observe computes it.
func (c realCapture) scale(tb testing.TB) float64 {
	d, err := Decode(c.jpeg)
	if err != nil {
		tb.Fatal(err)
	}
	defer d.Release()
	return float64(d.Width()) / c.cssW
}

// TestWriteComposed writes each capture composed, for a person to look at:
// DIWALL_IMAGING_OUT=/tmp/composed go test -run TestWriteComposed ./host/imaging/
func TestWriteComposed(t *testing.T) {
	out := os.Getenv("DIWALL_IMAGING_OUT")
	if out == "" {
		t.Skip("DIWALL_IMAGING_OUT not set")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range loadCaptures(t) {
		res, err := Compose(c.jpeg, c.masks, c.labels, Options{Scale: c.scale(t)})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, c.name+".png"), res.PNG, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes, %d/%d labels", c.name, len(res.PNG), len(res.Labels), len(c.labels))
	}
}
