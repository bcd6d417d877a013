package browsertest

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/jpeg"
	"strings"
	"sync"

	"github.com/diwall/diwall/host/internal/cdp"
)

// Page answers the host's own page functions (Runtime.callFunctionOn) by
// the global names they define in Diwall's isolated world — the observe
// serializer (__diwallSerialize) and the capture guard
// (__diwallGuardLib_…, __diwallGuard) — as Chrome would: a call by name
// in a world that does not hold the function answers browser.Missing.
// It takes screenshots too: enough of a page for observe, read and the
// tools built on them.
type Page struct {
	// Worlds are the page's isolated worlds.
	Worlds Worlds

	mu sync.Mutex
	// Serialize answers the serializer given its options (with "read" set,
	// the region of node "root", -1 for the whole page).
	Serialize func(opts map[string]any) any
	// GuardReport answers the capture guard's finish.
	GuardReport func() any
	// InContext answers the serializer in other execution contexts (a
	// child frame's isolated world) than the main frame's, by context id.
	InContext map[int]func(opts map[string]any) any
	// Other answers any other Runtime.evaluate or Runtime.callFunctionOn
	// (see Script); nil: an empty string.
	Other Handler
	// Serialized counts the serializer's runs.
	Serialized int
}

// NewPage returns the sign-in page (SignIn) whose guard watched its
// password field (WatchedPassword), and makes e answer for it.
func NewPage(e *Ext) *Page {
	p := &Page{Serialize: SignIn, GuardReport: WatchedPassword}
	e.On(string(cdp.RuntimeEvaluate), p.evaluate)
	e.On(string(cdp.RuntimeCallFunctionOn), p.call)
	shot := JPEG(200, 150)
	e.On(string(cdp.PageCaptureScreenshot), func(Request) (any, error) { return map[string]any{"data": shot}, nil })
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

// Script is the script of a Runtime.evaluate (its expression) or of a
// Runtime.callFunctionOn (its function declaration).
func Script(r Request) string {
	if r.Method == string(cdp.RuntimeCallFunctionOn) {
		return r.Str("functionDeclaration")
	}
	return r.Str("expression")
}

// evaluate answers the host's constant expressions: none are the page's
// own functions.
func (p *Page) evaluate(r Request) (any, error) {
	return p.other(r)
}

func (p *Page) other(r Request) (any, error) {
	p.mu.Lock()
	other := p.Other
	p.mu.Unlock()
	if other != nil {
		return other(r)
	}
	return EvalString(""), nil
}

// call answers a call of a function: the serializer and the guard by
// their globals, any other to Other.
func (p *Page) call(r Request) (any, error) {
	c := CallOf(r)
	if p.Worlds.Missing(c) {
		return MissingAnswer(), nil
	}
	p.mu.Lock()
	serialize, report := p.Serialize, p.GuardReport
	if f, ok := p.InContext[c.Context]; ok {
		serialize = f
	}
	p.mu.Unlock()
	switch {
	case c.Global == "__diwallSerialize":
		p.mu.Lock()
		p.Serialized++
		p.mu.Unlock()
		return evalValue(serialize(c.Arg(0))), nil
	case strings.HasPrefix(c.Global, "__diwallGuardLib_"):
		return EvalString("started"), nil
	case strings.Contains(c.Declaration, "g && g.id === id"):
		return evalValue(report()), nil
	}
	return p.other(r)
}

func evalValue(v any) map[string]any {
	if s, ok := v.(string); ok {
		return EvalString(s)
	}
	return EvalJSON(v)
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
	_ = jpeg.Encode(&buf, image.NewRGBA(image.Rect(0, 0, w, h)), nil)
	return base64.StdEncoding.EncodeToString(buf.Bytes())
}
