package act

import (
	"sync"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
)

// thrown is the answer of a helper that throws an Error with this
// message.
type thrown string

// opFunc answers one page helper (act.js) call: its arguments as JSON
// decodes them, and the answer the helper would give.
type opFunc func(args map[string]any) any

// fakePage is a tab whose page answers act's helpers from a table of ops,
// on a snapshot of three marked nodes, snap (marks 1, 2, 3 are nodes 0,
// 1, 2).
type fakePage struct {
	t   *testing.T
	ext *browsertest.Ext
	b   *browser.Browser
	tab *browser.Tab
	// snap is the id of the page's snapshot, one the tab issued.
	snap string

	mu    sync.Mutex
	ops   map[string]opFunc
	ran   []string    // the helper ops run, in order
	calls []helperRun // and how
	// listeners answers DOMDebugger.getEventListeners of the document.
	listeners []map[string]any
	// functions answers the calls of act's functions other than act.js.
	functions func(c browsertest.Call) any
	// worlds hold act.js where a call defined it.
	worlds browsertest.Worlds
}

func newFakePage(t *testing.T) *fakePage {
	t.Helper()
	p := &fakePage{t: t, ext: browsertest.New(), ops: map[string]opFunc{}}
	p.b, p.tab = browsertest.Start(t, p.ext)
	p.ext.On(string(cdp.RuntimeEvaluate), p.evaluate)
	p.ext.On(string(cdp.RuntimeCallFunctionOn), p.call)
	p.ext.On(string(cdp.DOMDebuggerGetEventListeners), func(r browsertest.Request) (any, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		if r.Str("objectId") == "doc" {
			return map[string]any{"listeners": p.listeners}, nil
		}
		return map[string]any{"listeners": []any{}}, nil
	})
	p.ext.On(string(cdp.DOMDescribeNode), func(browsertest.Request) (any, error) {
		return map[string]any{"node": map[string]any{"backendNodeId": 1}}, nil
	})
	// Ordinary answers; a test replaces those it is about.
	p.on("locate", func(map[string]any) any { return map[string]any{"x": 10, "y": 20} })
	p.on("typeTarget", func(map[string]any) any {
		return map[string]any{"kind": "text", "atEnd": true, "empty": true, "x": 10, "y": 20}
	})
	p.on("focus", func(map[string]any) any { return map[string]any{"focused": true} })
	p.on("scrollWatch", func(map[string]any) any { return map[string]any{"ends": 0} })
	p.on("scrollDone", func(map[string]any) any { return map[string]any{} })
	p.on("hasText", func(map[string]any) any { return map[string]any{"found": true} })
	p.on("dragWatch", func(map[string]any) any { return map[string]any{} })
	p.on("dragStarted", func(map[string]any) any { return map[string]any{"found": false} })
	p.snap = p.tab.NewSnapshotID()
	p.snapshot(p.snap, map[int]int{1: 0, 2: 1, 3: 2})
	return p
}

// snapshot makes a snapshot of the tab's document current.
func (p *fakePage) snapshot(id string, marks map[int]int) *browser.Snapshot {
	s := &browser.Snapshot{ID: id, LoaderID: p.tab.Info().LoaderID, MarkNode: marks}
	if !p.tab.SetSnapshot(s) {
		p.t.Fatal("the snapshot was not taken")
	}
	return s
}

func (p *fakePage) on(op string, f opFunc) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ops[op] = f
}

// helpers returns the ops run so far.
func (p *fakePage) helpers() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.ran...)
}

// evaluate answers Runtime.evaluate: the document or window taken by
// reference, the file input a helper kept, or any other expression (a
// barrier).
func (p *fakePage) evaluate(r browsertest.Request) (any, error) {
	expr := r.Str("expression")
	switch expr {
	case "document", "window":
		return map[string]any{"result": map[string]any{"type": "object", "objectId": expr[:3]}}, nil
	case "globalThis.__diwall.fileInput || null":
		return map[string]any{"result": map[string]any{"type": "object", "objectId": "file-input"}}, nil
	}
	return map[string]any{"result": map[string]any{"type": "number", "value": 0}}, nil
}

// call answers Runtime.callFunctionOn as Chrome would: a page helper call
// (act.js, defined in the world by its first call, called by name after
// that), or another function of act's (functions).
func (p *fakePage) call(r browsertest.Request) (any, error) {
	c := browsertest.CallOf(r)
	if c.Global != helpers.Global {
		p.mu.Lock()
		f := p.functions
		p.mu.Unlock()
		if f == nil {
			p.t.Errorf("the function call %.60q has no answer in this test", c.Declaration)
			return map[string]any{}, nil
		}
		return f(c), nil
	}
	// act.js's text is the host's own, whatever the arguments hold.
	if c.Declaration != helpers.Declaration(c.Defines) || c.Context == 0 || !c.ByValue {
		p.t.Errorf("act.js called as %.80q in context %d, by value %v", c.Declaration, c.Context, c.ByValue)
	}
	if p.worlds.Missing(c) {
		return browsertest.MissingAnswer(), nil
	}
	op, args := c.StrArg(0), c.Arg(1)
	p.mu.Lock()
	f := p.ops[op]
	p.ran = append(p.ran, op)
	p.calls = append(p.calls, helperRun{op, args, r.Session})
	p.mu.Unlock()
	if f == nil {
		p.t.Errorf("page helper %s has no answer in this test", op)
		return browsertest.EvalJSON(map[string]any{}), nil
	}
	answer := f(args)
	if err, ok := answer.(thrown); ok {
		return browsertest.Thrown(string(err)), nil
	}
	return browsertest.EvalJSON(answer), nil
}

// inputs returns the params of the input events sent, of one CDP method.
func (p *fakePage) inputs(method string) []map[string]any {
	var out []map[string]any
	for _, r := range p.ext.Requests(method) {
		out = append(out, r.Params)
	}
	return out
}

// helperRun is one helper call: its op, arguments and CDP session.
type helperRun struct {
	op      string
	args    map[string]any
	session string
}

// callsOf returns the calls of one op.
func (p *fakePage) callsOf(op string) []helperRun {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []helperRun
	for _, c := range p.calls {
		if c.op == op {
			out = append(out, c)
		}
	}
	return out
}

// allowAll is a site rule that allows every page.
func allowAll(string) bool { return true }
