package observe

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/jpeg"
	"strings"
	"sync"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
)

// obsPage is a tab whose page answers the serializer, the capture guard
// and screenshots: a sign-in form by default.
type obsPage struct {
	t   *testing.T
	ext *browsertest.Ext
	b   *browser.Browser
	tab *browser.Tab

	mu sync.Mutex
	// page answers the serializer given its options (read: a region).
	page func(opts map[string]any) any
	// report answers a guard's finish.
	report func() any
	// serialized counts the serializer's runs.
	serialized int
}

// signIn is the default page: a heading, an email field, a password field
// and a button (nodes 0 to 3), in a viewport of 200 x 150.
func signIn(opts map[string]any) any {
	nodes := []map[string]any{
		{"p": -1, "r": "heading", "tg": "h1", "n": "Sign in", "nf": 1, "s": map[string]any{"level": 1}, "b": []float64{0, 0, 100, 20}},
		{"p": -1, "r": "textbox", "tg": "input", "n": "Email", "a": 1, "cue": map[string]any{"t": "email"}, "b": []float64{0, 30, 100, 20}, "iv": 1},
		{"p": -1, "r": "textbox", "tg": "input", "n": "Password", "a": 1, "cue": map[string]any{"t": "password"}, "b": []float64{0, 60, 100, 20}, "iv": 1},
		{"p": -1, "r": "button", "tg": "button", "n": "Go", "a": 1, "b": []float64{0, 90, 50, 20}, "iv": 1},
	}
	if opts["read"] == true {
		for i, n := range nodes {
			n["m"] = i
		}
		if root, _ := opts["root"].(float64); root >= 0 {
			nodes = nodes[int(root) : int(root)+1]
			nodes[0]["p"] = -1
		}
	}
	return map[string]any{"vp": map[string]any{"w": 200, "h": 150, "dpr": 1, "ch": 150, "cw": 200}, "title": "Sign in", "url": "https://a.test/", "nodes": nodes}
}

// watchesAll is a guard's report that watched the password field, still.
func watchesAll() any {
	return map[string]any{"boxes": []any{map[string]any{"i": 2, "b": []float64{0, 60, 100, 20}}}, "watched": []int{2}, "vp": []float64{200, 150}}
}

func newObsPage(t *testing.T) *obsPage {
	t.Helper()
	p := &obsPage{t: t, ext: browsertest.New(), page: signIn, report: watchesAll}
	p.b, p.tab = browsertest.Start(t, p.ext)
	p.ext.On("Runtime.evaluate", p.evaluate)
	jpg := jpegOf(t, 200, 150)
	p.ext.On("Page.captureScreenshot", func(browsertest.Request) (any, error) {
		return map[string]any{"data": jpg}, nil
	})
	return p
}

func jpegOf(t *testing.T, w, h int) string {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h)), nil); err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}

func (p *obsPage) evaluate(r browsertest.Request) (any, error) {
	expr := r.Str("expression")
	p.mu.Lock()
	page, report := p.page, p.report
	p.mu.Unlock()
	switch {
	case strings.HasPrefix(expr, "((g) => g && g.id ==="):
		return evalJSON(report()), nil
	case strings.Contains(expr, guardLibrary):
		return browsertest.EvalString("started"), nil
	}
	if opts, ok := serializerOptions(expr); ok {
		p.mu.Lock()
		p.serialized++
		p.mu.Unlock()
		return evalJSON(page(opts)), nil
	}
	return browsertest.EvalString(""), nil
}

func evalJSON(v any) map[string]any {
	if s, ok := v.(string); ok {
		return browsertest.EvalString(s)
	}
	return browsertest.EvalJSON(v)
}

// serializerOptions reads the options of a serializer call (see
// serializerCall).
func serializerOptions(expr string) (map[string]any, bool) {
	var opts string
	if rest, ok := strings.CutPrefix(expr, "(globalThis.__diwallSerialize = "+serializerFunc+")("); ok {
		opts = strings.TrimSuffix(rest, ")")
	} else if rest, ok := strings.CutPrefix(expr, "globalThis.__diwallSerialize ? globalThis.__diwallSerialize("); ok {
		opts = strings.TrimSuffix(rest, ") : "+jsString(serializerMissing))
	} else {
		return nil, false
	}
	var o map[string]any
	return o, json.Unmarshal([]byte(opts), &o) == nil
}
