package act

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"sync/atomic"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// pageSource is act's page helpers (pagescript's act.js).
var pageSource = pagescript.Act

// pageResult is what the page helpers answer; each op sets its own fields.
type pageResult struct {
	Stale     bool     `json:"stale"`
	Gone      bool     `json:"gone"`
	Renamed   bool     `json:"renamed"` // gone because the page relabelled it
	Invisible bool     `json:"invisible"`
	Disabled  bool     `json:"disabled"`
	ReadOnly  bool     `json:"readonly"`
	X         float64  `json:"x"`
	Y         float64  `json:"y"`
	Covered   *int     `json:"covered"`
	Focused   bool     `json:"focused"`
	Checked   *bool    `json:"checked"`
	NotSelect bool     `json:"notSelect"`
	Single    bool     `json:"single"`
	Missing   string   `json:"missing"`
	Options   []string `json:"options"`
	Chosen    []string `json:"chosen"`
	Found     bool     `json:"found"`
	Ends      int      `json:"ends"` // scrollWatch: the page's scrollend events so far
	File      bool     `json:"file"` // locate: the element is a file input
	// typeTarget: the kind of field (text, segmented, editable, other),
	// whether it takes each key, whether the caret is at the end, and
	// whether the field is empty.
	Kind      string `json:"kind"`
	NotText   string `json:"notText"`   // what the element is, when it takes no typed text
	Keyed     bool   `json:"keyed"`     // typed key by key whatever the page (a date's parts)
	Formatted bool   `json:"formatted"` // the field looks formatted as it is typed
	AtEnd     bool   `json:"atEnd"`
	Empty     bool   `json:"empty"`
	// Seen counts the page's trusted events (see act.js); NotYet says a
	// helper guarded by After found the page had not taken them yet.
	Seen   *counts `json:"seen"`
	NotYet bool    `json:"notYet"`
	// consequence: a click, Enter or Space would submit a form; the form
	// takes a payment; the words of its submit button; the node index of
	// the focused element (for a key without a mark); the element's box.
	Submits    bool      `json:"submits"`
	Pays       bool      `json:"pays"`     // also pays: the page holds a card or payment field
	Native     bool      `json:"native"`   // a native checkbox, radio or select
	PagePays   bool      `json:"pagePays"` // the page holds a card or payment field
	SubmitName string    `json:"submitName"`
	Href       string    `json:"href"` // locate: the URL of the link a click would follow, resolved`
	Index      *int      `json:"index"`
	Box        []float64 `json:"box"`
	// fileTarget
	NotFile  bool   `json:"notFile"`
	Multiple bool   `json:"multiple"`
	Accept   string `json:"accept"`
}

// counts are the page's trusted beforeinput, keyup and click events.
type counts struct {
	BeforeInput int `json:"bi"`
	KeyUp       int `json:"ku"`
	Click       int `json:"cl"`
}

// helperWait bounds one page helper: a page whose main thread is stuck
// runs nothing.
const helperWait = 5 * time.Second

// helpers is act.js among the host's functions of an isolated world,
// called with an op and its arguments.
var helpers = browser.PageFunction{Name: "act", Global: "__diwallAct", Source: pageSource}

// helperCall is the call of op of act.js with args in world (of frame
// f): by name once the helpers are defined there, else with the whole
// source, which defines them.
func helperCall(t *browser.Tab, f browser.Frame, world int, op string, args map[string]any, await bool) cdp.CallFunctionOnParams {
	return browser.CallParams(world, helpers.Declaration(!t.InstalledIn(f, world, helpers.Name)), browser.Args(op, args), await)
}

// helper runs op of act.js in the tab's isolated world and returns its
// JSON answer.
func helper(ctx context.Context, t *browser.Tab, op string, args map[string]any) (string, error) {
	return helperWithin(ctx, t, browser.Frame{}, op, args, helperWait)
}

// helperWithin is helper, in the isolated world of frame f, for a helper
// that may take up to wait (one that answers when something happens in the
// page).
func helperWithin(ctx context.Context, t *browser.Tab, f browser.Frame, op string, args map[string]any, wait time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	return t.Run(ctx, f, helpers, browser.Args(op, args), true)
}

// args adds the snapshot's id to a helper's arguments.
func (r *run) args(args map[string]any) map[string]any {
	if args == nil {
		args = map[string]any{}
	}
	args["snapshot"] = r.snap.ID
	return args
}

// page runs one of the helpers of act.js in the isolated world. While a
// type step's input is in flight (see startInflight), the helper is sent
// right behind it, guarded: it does nothing until the page has counted the
// input's events, and is run again once the input is known to be done if
// it answered notYet.
func (r *run) page(ctx context.Context, op string, args map[string]any) (pageResult, error) {
	args = r.args(args)
	if res, ok := r.takeAhead(op, args); ok {
		return res, nil
	}
	if r.inflight != nil && r.frameNo(args) != r.inflightFrame {
		// The input in flight went to another frame, whose counts this
		// helper's world does not keep: let it finish first.
		if err := r.finishInflight(); err != nil {
			return pageResult{}, err
		}
		if r.dialogOpened {
			return pageResult{}, browser.ErrDialogOpened
		}
	}
	if r.inflight == nil {
		return r.helper(ctx, op, args)
	}
	args["after"] = r.expect
	res, err := r.helper(ctx, op, args)
	delete(args, "after")
	if ferr := r.finishInflight(); ferr != nil {
		return pageResult{}, ferr
	}
	if r.dialogOpened {
		return pageResult{}, browser.ErrDialogOpened
	}
	if err == nil && res.NotYet {
		return r.helper(ctx, op, args)
	}
	return res, err
}

func (r *run) helper(ctx context.Context, op string, args map[string]any) (pageResult, error) {
	fi, f, local := r.inFrame(args)
	done := r.waiting()
	text, err := helperWithin(ctx, r.t, f, op, local, helperWait)
	done()
	if err != nil {
		return pageResult{}, err
	}
	res, err := decodeResult(op, text)
	if err != nil || fi == 0 {
		return res, err
	}
	return r.fromFrame(ctx, fi, text, res, args["noScroll"] != true)
}

func decodeResult(op, text string) (pageResult, error) {
	var res pageResult
	if err := json.Unmarshal([]byte(text), &res); err != nil {
		return pageResult{}, fmt.Errorf("page helper %s: %w", op, err)
	}
	return res, nil
}

// Helpers sent ahead. A step that ends with a page helper of its own (a
// native select, a check's verification) sends the next step's first
// helper right behind it, in the same round trip: the page runs it only if
// the step's helper succeeded (it leaves a token), else it answers notYet
// and the next step calls it again.

// ahead is a helper answer the step before obtained for this one.
type ahead struct {
	op, args string // what was called, as JSON
	res      pageResult
}

// tokens tell one step's success to the helper sent behind it.
var tokens atomic.Int64

// firstHelper is the first page helper step s calls, and its arguments;
// ok is false for a step that calls none first.
func (r *run) firstHelper(s *Step) (op string, args map[string]any, ok bool) {
	if s == nil {
		return "", nil, false
	}
	i, in := r.snap.MarkNode[s.Mark]
	first := kinds[s.Action].first
	if !in || first == nil {
		return "", nil, false
	}
	op, args = first(*s, i)
	return op, args, true
}

// withAhead returns the commands of a step's own last helper call (op,
// args) followed, when the next step begins with a helper, by that helper
// guarded by the first's success; decode reads their answers afterwards.
func (r *run) withAhead(ctx context.Context, op string, args map[string]any) (cmds []browser.Command, decode func() (pageResult, error), err error) {
	args = r.args(args)
	fi, f, local := r.inFrame(args)
	world, err := r.t.WorldIn(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	nextOp, nextArgs, next := r.firstHelper(r.next)
	if fi != 0 || next && r.frameNo(nextArgs) != 0 {
		// Frames' helpers are not sent ahead: each answer is placed in the
		// main viewport by a call of its own.
		next = false
	}
	if next {
		args["token"] = tokens.Add(1)
		local["token"] = args["token"]
	}
	var own, behind cdp.EvaluateResult
	cmds = []browser.Command{{Method: cdp.RuntimeCallFunctionOn, Params: helperCall(r.t, f, world, op, local, true), Result: &own, Session: f.Session}}
	var nextJSON []byte
	if next {
		nextArgs = r.args(nextArgs)
		nextJSON, _ = json.Marshal(nextArgs)
		guarded := maps.Clone(nextArgs)
		guarded["okAfter"] = args["token"]
		cmds = append(cmds, browser.Command{Method: cdp.RuntimeCallFunctionOn, Params: helperCall(r.t, f, world, nextOp, guarded, false), Result: &behind, Optional: true})
	}
	decode = func() (pageResult, error) {
		text, err := browser.StringResult(&own)
		if err != nil {
			return pageResult{}, err
		}
		if text == browser.Missing {
			r.t.SetInstalledIn(f, 0, helpers.Name)
			return r.helper(ctx, op, args)
		}
		r.t.SetInstalledIn(f, world, helpers.Name)
		if fi != 0 {
			res, err := decodeResult(op, text)
			if err != nil {
				return res, err
			}
			return r.fromFrame(ctx, fi, text, res, args["noScroll"] != true)
		}
		if t, err := browser.StringResult(&behind); next && err == nil && t != browser.Missing {
			if res, err := decodeResult(nextOp, t); err == nil && !res.NotYet {
				r.ahead = &ahead{op: nextOp, args: string(nextJSON), res: res}
			}
		}
		return decodeResult(op, text)
	}
	return cmds, decode, nil
}

// takeAhead returns the answer the step before obtained for this call, if
// it did; either way that answer is used up.
func (r *run) takeAhead(op string, args map[string]any) (pageResult, bool) {
	a := r.ahead
	r.ahead = nil
	if a == nil || a.op != op {
		return pageResult{}, false
	}
	j, _ := json.Marshal(args)
	if string(j) != a.args {
		return pageResult{}, false
	}
	return a.res, true
}
