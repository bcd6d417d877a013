package act

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// pageSource is act's page helpers (pagescript's act.js).
var pageSource = pagescript.Act

// helperWait bounds one page helper: a page whose main thread is stuck
// runs nothing.
const helperWait = 5 * time.Second

// helpers is act.js among the host's functions of an isolated world,
// called with an op and its arguments.
var helpers = browser.PageFunction{Name: "act", Global: "__diwallAct", Source: pageSource}

// helperCall is the call of op of act.js with args (JSON) in world (of
// frame f): by name once the helpers are defined there, else with the
// whole source, which defines them.
func helperCall(t *browser.Tab, f browser.Frame, world int, op string, args json.RawMessage, await bool) cdp.CallFunctionOnParams {
	return browser.CallParams(world, helpers.Declaration(!t.InstalledIn(f, world, helpers.Name)), browser.Args(op, args), await)
}

// helperWithin runs op of act.js with args (JSON) in the isolated world of
// frame f and returns its JSON answer, waiting up to wait (a helper may
// answer when something happens in the page).
func helperWithin(ctx context.Context, t *browser.Tab, f browser.Frame, op string, args json.RawMessage, wait time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	return t.Run(ctx, f, helpers, browser.Args(op, args), true)
}

// page runs op of act.js with args in the isolated world of the frame of
// the node they name, and returns its JSON answer and that frame (see
// fromFrame). While a type step's input is in flight (see startInflight),
// the helper is sent right behind it, guarded: it does nothing until the
// page has counted the input's events, and is run again once the input is
// known to be done if it answered notYet.
func (r *run) page(ctx context.Context, op string, args helperArgs) (string, int, error) {
	args.base().Snapshot = r.snap.ID
	if text, fi, ok := r.takeAhead(op, args); ok {
		return text, fi, nil
	}
	if r.inflight != nil && r.frameNo(args) != r.inflightFrame {
		// The input in flight went to another frame, whose counts this
		// helper's world does not keep: let it finish first.
		if err := r.finishInflight(); err != nil {
			return "", 0, err
		}
		if r.dialogOpened {
			return "", 0, browser.ErrDialogOpened
		}
	}
	if r.inflight == nil {
		return r.helper(ctx, op, args)
	}
	args.base().After = r.expect
	text, fi, err := r.helper(ctx, op, args)
	args.base().After = nil
	if ferr := r.finishInflight(); ferr != nil {
		return "", 0, ferr
	}
	if r.dialogOpened {
		return "", 0, browser.ErrDialogOpened
	}
	if err == nil && notYet(text) {
		return r.helper(ctx, op, args)
	}
	return text, fi, err
}

// helper runs op of act.js with args at once, in the frame of the node
// they name: its answer, and that frame.
func (r *run) helper(ctx context.Context, op string, args helperArgs) (string, int, error) {
	fi, f, wire := r.inFrame(args)
	done := r.waiting()
	text, err := helperWithin(ctx, r.t, f, op, wire, helperWait)
	done()
	return text, fi, err
}

// notYet says whether a helper's answer is notYet (its guard found the
// page had not taken the input yet).
func notYet(text string) bool {
	var a answer
	return json.Unmarshal([]byte(text), &a) == nil && a.NotYet
}

// asJSON is a helper's arguments as sent.
func asJSON(args helperArgs) json.RawMessage {
	b, err := json.Marshal(args)
	if err != nil {
		panic("act: helper arguments: " + err.Error()) // plain structs of numbers, strings and slices
	}
	return b
}

// Helpers sent ahead. A step that ends with a page helper of its own (a
// native select, a check's verification) sends the next step's first
// helper right behind it, in the same round trip: the page runs it only if
// the step's helper succeeded (it leaves a token), else it answers notYet
// and the next step calls it again.

// ahead is a helper answer the step before obtained for this one.
type ahead struct {
	op   string
	args json.RawMessage // as called
	text string          // its answer
}

// tokens tell one step's success to the helper sent behind it.
var tokens atomic.Int64

// firstHelper is the call of the first page helper step s makes; ok is
// false for a step that calls none first.
func (r *run) firstHelper(s *Step) (c pageCall, ok bool) {
	if s == nil {
		return pageCall{}, false
	}
	i, in := r.snap.MarkNode[s.Mark]
	first := kinds[s.Action].first
	if !in || first == nil {
		return pageCall{}, false
	}
	return first(*s, i), true
}

// withAhead returns the commands of a step's own last helper call (op
// with args) followed, when the next step begins with a helper, by that
// helper guarded by the first's success; decode reads their answers
// afterwards.
func withAhead[A, R any](ctx context.Context, r *run, op pageOp[A, R], a A) (cmds []browser.Command, decode func() (R, error), err error) {
	args := any(&a).(helperArgs)
	args.base().Snapshot = r.snap.ID
	fi, f, _ := r.inFrame(args)
	world, err := r.t.WorldIn(ctx, f)
	if err != nil {
		return nil, nil, err
	}
	next, isNext := r.firstHelper(r.next)
	if fi != 0 || isNext && r.frameNo(next.args) != 0 {
		// Frames' helpers are not sent ahead: each answer is placed in the
		// main viewport by a call of its own.
		isNext = false
	}
	if isNext {
		token := tokens.Add(1)
		args.base().Token = &token
	}
	_, _, wire := r.inFrame(args)
	var own, behind cdp.EvaluateResult
	cmds = []browser.Command{{Method: cdp.RuntimeCallFunctionOn, Params: helperCall(r.t, f, world, op.Name, wire, true), Result: &own, Session: f.Session}}
	var nextJSON json.RawMessage
	if isNext {
		next.args.base().Snapshot = r.snap.ID
		nextJSON = asJSON(next.args)
		next.args.base().OkAfter = args.base().Token
		guarded := asJSON(next.args)
		next.args.base().OkAfter = nil
		cmds = append(cmds, browser.Command{Method: cdp.RuntimeCallFunctionOn, Params: helperCall(r.t, f, world, next.op, guarded, false), Result: &behind, Optional: true})
	}
	decode = func() (R, error) {
		text, err := browser.StringResult(&own)
		if err != nil {
			var zero R
			return zero, err
		}
		if text == browser.Missing {
			r.t.SetInstalledIn(f, 0, helpers.Name)
			return op.now(ctx, r, a)
		}
		r.t.SetInstalledIn(f, world, helpers.Name)
		if fi != 0 {
			return decodeIn(ctx, r, op, fi, args, text)
		}
		if t, err := browser.StringResult(&behind); isNext && err == nil && t != browser.Missing {
			var b answer
			if json.Unmarshal([]byte(t), &b) == nil && !b.NotYet {
				r.ahead = &ahead{op: next.op, args: nextJSON, text: t}
			}
		}
		return op.Decode(text)
	}
	return cmds, decode, nil
}

// takeAhead returns the answer the step before obtained for this call, if
// it did (in the main frame); either way that answer is used up.
func (r *run) takeAhead(op string, args helperArgs) (string, int, bool) {
	a := r.ahead
	r.ahead = nil
	if a == nil || a.op != op {
		return "", 0, false
	}
	if string(asJSON(args)) != string(a.args) {
		return "", 0, false
	}
	return a.text, 0, true
}
