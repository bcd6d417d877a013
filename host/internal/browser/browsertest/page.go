package browsertest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image"
	"image/jpeg"
	"strings"
	"sync"
)

// Page answers the host's own page scripts by the global names they
// define in Diwall's isolated world — the observe serializer
// (__diwallSerialize) and the capture guard (__diwallGuardLib_…,
// __diwallGuard) — and takes screenshots: enough of a page for
// observe, read and the tools built on them.
type Page struct {
	mu sync.Mutex
	// Serialize answers the serializer given its options (with "read" set,
	// the region of node "root", -1 for the whole page).
	Serialize func(opts map[string]any) any
	// GuardReport answers the capture guard's finish.
	GuardReport func() any
	// InContext answers the serializer in other execution contexts (a
	// child frame's isolated world) than the main frame's, by context id.
	InContext map[int]func(opts map[string]any) any
	// Other answers any other Runtime.evaluate; nil: an empty string.
	Other Handler
	// Serialized counts the serializer's runs.
	Serialized int
}

// NewPage returns the sign-in page (SignIn) whose guard watched its
// password field (WatchedPassword), and makes e answer for it.
func NewPage(e *Ext) *Page {
	p := &Page{Serialize: SignIn, GuardReport: WatchedPassword}
	e.On("Runtime.evaluate", p.evaluate)
	shot := JPEG(200, 150)
	e.On("Page.captureScreenshot", func(Request) (any, error) { return map[string]any{"data": shot}, nil })
	return p
}

// Set replaces the page's serializer answers.
func (p *Page) Set(serialize func(opts map[string]any) any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Serialize = serialize
}

// SetGuard replaces the guard's report.
func (p *Page) SetGuard(report func() any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.GuardReport = report
}

// SetOther replaces the answer to other evaluations.
func (p *Page) SetOther(h Handler) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.Other = h
}

// SetInContext makes the serializer answer with serialize in the
// execution context id.
func (p *Page) SetInContext(id int, serialize func(opts map[string]any) any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.InContext == nil {
		p.InContext = map[int]func(opts map[string]any) any{}
	}
	p.InContext[id] = serialize
}

// Runs returns how often the serializer ran.
func (p *Page) Runs() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.Serialized
}

func (p *Page) evaluate(r Request) (any, error) {
	expr := r.Str("expression")
	p.mu.Lock()
	serialize, report, other := p.Serialize, p.GuardReport, p.Other
	if f, ok := p.InContext[int(r.Num("contextId"))]; ok {
		serialize = f
	}
	p.mu.Unlock()
	switch {
	case strings.HasPrefix(expr, "((g) => g && g.id ==="):
		return evalValue(report()), nil
	case strings.Contains(expr, "__diwallGuardLib_"):
		return EvalString("started"), nil
	case strings.Contains(expr, "__diwallSerialize"):
		opts, ok := serializerOptions(expr)
		if ok {
			p.mu.Lock()
			p.Serialized++
			p.mu.Unlock()
			return evalValue(serialize(opts)), nil
		}
	}
	if other != nil {
		return other(r)
	}
	return EvalString(""), nil
}

func evalValue(v any) map[string]any {
	if s, ok := v.(string); ok {
		return EvalString(s)
	}
	return EvalJSON(v)
}

// serializerOptions reads the options object the serializer is called
// with: the JSON object that starts with its first option, maxName.
func serializerOptions(expr string) (map[string]any, bool) {
	at := strings.LastIndex(expr, `({"maxName":`)
	if at < 0 {
		return nil, false
	}
	var opts map[string]any
	if json.NewDecoder(strings.NewReader(expr[at+1:])).Decode(&opts) != nil {
		return nil, false
	}
	return opts, true
}

// SignIn is a sign-in page in a viewport of 200 x 150: a heading, an
// email field, a password field and a button (nodes 0 to 3).
func SignIn(opts map[string]any) any {
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
		}
	}
	return map[string]any{"vp": map[string]any{"w": 200, "h": 150, "dpr": 1, "ch": 150, "cw": 200}, "title": "Sign in", "url": "https://a.test/", "nodes": nodes}
}

// WatchedPassword is a guard's report that watched SignIn's password
// field (node 2), which stayed still.
func WatchedPassword() any {
	return map[string]any{"boxes": []any{map[string]any{"i": 2, "b": []float64{0, 60, 100, 20}}}, "watched": []int{2}, "vp": []float64{200, 150}}
}

// JPEG is a black JPEG image of w x h pixels, base64-encoded as CDP sends
// screenshots.
func JPEG(w, h int) string {
	var buf bytes.Buffer
	jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h)), nil)
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}
