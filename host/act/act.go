// Package act runs the model's actions on a tab (SPEC §4): the steps of
// one `act` call, in order, on the elements of the tab's current snapshot,
// with real input events, and never on an element other than the one that
// was observed.
package act

import (
	"context"
	"errors"
	"time"

	"github.com/diwall/diwall/host/browser"
	"github.com/diwall/diwall/protocol"
)

// Step is one action.
type Step struct {
	Action     string   `json:"action" jsonschema:"click, type, select, check, uncheck, hover, scroll, press or wait"`
	Mark       int      `json:"mark,omitempty" jsonschema:"the element's mark"`
	Text       string   `json:"text,omitempty" jsonschema:"type: the text; wait: text to wait for"`
	Values     []string `json:"values,omitempty" jsonschema:"select: option labels or values"`
	Keys       string   `json:"keys,omitempty" jsonschema:"press: a key or chord (Enter, Control+A, Shift+Tab)"`
	Button     string   `json:"button,omitempty" jsonschema:"click: left (default), right or middle"`
	Double     bool     `json:"double,omitempty" jsonschema:"click: double-click"`
	Modifiers  []string `json:"modifiers,omitempty" jsonschema:"click: keys held (Alt, Control, Meta, Shift)"`
	Clear      bool     `json:"clear,omitempty" jsonschema:"type: empty the field first"`
	Submit     bool     `json:"submit,omitempty" jsonschema:"type: press Enter after"`
	DX         float64  `json:"dx,omitempty" jsonschema:"scroll: pixels right"`
	DY         float64  `json:"dy,omitempty" jsonschema:"scroll: pixels down (without mark or dx/dy: one screen)"`
	MS         int      `json:"ms,omitempty" jsonschema:"wait: milliseconds (at most 30000)"`
	Navigation bool     `json:"navigation,omitempty" jsonschema:"wait: until the page navigates and loads"`
}

// StepResult is one step's outcome.
type StepResult struct {
	Step      int           `json:"step"`
	Action    string        `json:"action"`
	Mark      int           `json:"mark,omitempty"`
	OK        bool          `json:"ok"`
	Skipped   bool          `json:"skipped,omitempty"` // not run: an earlier step failed or opened a dialog
	Code      protocol.Code `json:"code,omitempty"`
	Message   string        `json:"message,omitempty"`
	CoveredBy int           `json:"covered_by,omitempty"`
	Navigated bool          `json:"navigated,omitempty"`
}

// Result is what a batch did.
type Result struct {
	Steps        []StepResult
	Succeeded    int
	Navigated    bool
	DialogOpened bool
	NewTab       string // opaque id of a tab the page opened
	Err          *browser.Error
	// Timing: the whole batch, the time spent waiting on the browser (its
	// answers, and the events a step settles on); the rest is the host's.
	Took, BrowserTook time.Duration
}

// maxSteps bounds one batch.
const maxSteps = 50

type run struct {
	b            *browser.Browser
	t            *browser.Tab
	allowed      func(url string) bool
	snap         *browser.Snapshot
	dialogOpened bool
	marks        map[int]int   // node index -> mark, for "covered by"
	browserTook  time.Duration // waiting on the browser, see Result
	waitDepth    int
}

// waiting starts counting time as the browser's share; call the func it
// returns when the wait ends. Nested waits count once.
func (r *run) waiting() func() {
	r.waitDepth++
	if r.waitDepth > 1 {
		return func() { r.waitDepth-- }
	}
	start := time.Now()
	return func() {
		r.waitDepth--
		r.browserTook += time.Since(start)
	}
}

// Run runs steps on the tab's snapshot snapshotID. allowed is the session's
// site rule: a step does not run on a page it refuses (an earlier step
// may have left the sites).
func Run(ctx context.Context, b *browser.Browser, t *browser.Tab, allowed func(url string) bool, snapshotID string, steps []Step) (res Result) {
	start := time.Now()
	if len(steps) == 0 || len(steps) > maxSteps {
		res.Err = browser.Errorf(protocol.CodeInvalidArgument, "Give between 1 and %d steps.", maxSteps)
		return res
	}
	info := b.Info(t)
	if info.Dialog != nil {
		res.Err = browser.Errorf(protocol.CodeDialogOpen, "A %s dialog is open and blocks the page. Answer it with the dialog tool first.", info.Dialog.Type)
		return res
	}
	r := &run{b: b, t: t, allowed: allowed, snap: info.Snapshot}
	defer func() { res.Took, res.BrowserTook = time.Since(start), r.browserTook }()
	if r.snap == nil || r.snap.ID != snapshotID || r.snap.LoaderID != info.LoaderID {
		res.Err = staleErr()
		return res
	}
	r.marks = make(map[int]int, len(r.snap.MarkNode))
	for m, i := range r.snap.MarkNode {
		r.marks[i] = m
	}
	if !info.Active {
		if err := b.Activate(ctx, t); err != nil {
			res.Err = browser.AsError(err)
			return res
		}
	}
	tabsBefore := newestTab(b, info.Owner)
	for i, s := range steps {
		sr := StepResult{Step: i + 1, Action: s.Action, Mark: s.Mark}
		err := r.step(ctx, s, &sr)
		if err != nil {
			e := browser.AsError(err)
			if errors.Is(err, errWorldGone) {
				e = staleErr()
			}
			sr.Code, sr.Message = e.Code, e.Msg
			res.Steps = append(res.Steps, sr)
			res.Err = e
			res.DialogOpened = e == browser.ErrDialogOpened
			res.Steps = append(res.Steps, skipped(steps, i+1, "", "an earlier step failed")...)
			break
		}
		sr.OK = true
		res.Succeeded++
		res.Navigated = res.Navigated || sr.Navigated
		res.Steps = append(res.Steps, sr)
		if r.dialogOpened {
			res.DialogOpened = true
			res.Steps = append(res.Steps, skipped(steps, i+1, protocol.CodeDialogOpen, "a dialog opened; answer it with the dialog tool")...)
			break
		}
	}
	if id := newestTab(b, info.Owner); id != tabsBefore {
		res.NewTab = id
	}
	res.Navigated = res.Navigated || b.Info(t).LoaderID != info.LoaderID
	return res
}

// skipped reports the steps from index from on as not run, and why.
func skipped(steps []Step, from int, code protocol.Code, why string) []StepResult {
	var out []StepResult
	for j := from; j < len(steps); j++ {
		out = append(out, StepResult{Step: j + 1, Action: steps[j].Action, Mark: steps[j].Mark, Skipped: true, Code: code, Message: why})
	}
	return out
}

func newestTab(b *browser.Browser, owner string) string {
	if t, ok := b.Newest(owner); ok {
		return t.ID
	}
	return ""
}

func staleErr() *browser.Error {
	return browser.Errorf(protocol.CodeSnapshotStale, "That snapshot is no longer current (a newer observe, or the page navigated). Use the marks of the observation in this result.")
}

// step runs one step, checking its mark against the current snapshot first.
func (r *run) step(ctx context.Context, s Step, sr *StepResult) error {
	info := r.b.Info(r.t)
	if info.Dialog != nil {
		return browser.Errorf(protocol.CodeDialogOpen, "A dialog is open; answer it with the dialog tool.")
	}
	needsMark := map[string]bool{"click": true, "type": true, "select": true, "check": true, "uncheck": true, "hover": true}[s.Action]
	if needsMark && s.Mark == 0 {
		return browser.Errorf(protocol.CodeInvalidArgument, "%s needs a mark.", s.Action)
	}
	if s.Mark != 0 {
		if cur := info.Snapshot; cur == nil || cur.ID != r.snap.ID || info.LoaderID != r.snap.LoaderID {
			return staleErr()
		}
		if _, ok := r.snap.MarkNode[s.Mark]; !ok {
			return browser.Errorf(protocol.CodeInvalidArgument, "Mark %d is not in snapshot %s.", s.Mark, r.snap.ID)
		}
	}
	if !r.allowed(info.URL) {
		return browser.Errorf(protocol.CodeOriginNotAllowed, "The page left the sites this session may use; actions there are refused.")
	}
	events, stop := r.b.Record(r.t)
	defer stop()
	loaderBefore := info.LoaderID
	var err error
	switch s.Action {
	case "click":
		err = r.click(ctx, s)
	case "type":
		err = r.typeInto(ctx, s)
	case "select":
		err = r.selectValues(ctx, s)
	case "check", "uncheck":
		err = r.setChecked(ctx, s, s.Action == "check")
	case "hover":
		var x, y float64
		if x, y, err = r.locate(ctx, s.Mark, sr); err == nil {
			err = r.dispatch(ctx, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": x, "y": y})
		}
	case "scroll":
		err = r.scroll(ctx, s, sr)
	case "press":
		err = r.pressKeys(ctx, s)
	case "wait":
		return r.wait(ctx, s, sr)
	default:
		return browser.Errorf(protocol.CodeInvalidArgument, "Unknown action %q.", s.Action)
	}
	if err != nil {
		return err
	}
	if settles(s) {
		r.settle(ctx, events)
	}
	sr.Navigated = r.b.Info(r.t).LoaderID != loaderBefore
	return nil
}

// settles says whether a step may set off a navigation, a dialog or a new
// tab, so that the batch waits a moment to see before it goes on: clicks,
// keys, a choice in a select, a submitting type. Typing, checking,
// hovering and scrolling go straight on.
func settles(s Step) bool {
	switch s.Action {
	case "click", "press", "select":
		return true
	case "type":
		return s.Submit
	}
	return false
}

// locate finds the mark's element and the point a pointer would land on,
// refusing an element that is gone, hidden, disabled or covered.
func (r *run) locate(ctx context.Context, mark int, sr *StepResult) (x, y float64, err error) {
	res, err := r.locateFull(ctx, mark, sr)
	return res.X, res.Y, err
}

func (r *run) locateFull(ctx context.Context, mark int, sr *StepResult) (pageResult, error) {
	res, err := r.page(ctx, "locate", map[string]any{"i": r.snap.MarkNode[mark]})
	if err != nil {
		return res, err
	}
	x, y, err := r.checkLocated(res, mark, sr)
	res.X, res.Y = x, y
	return res, err
}

func (r *run) checkLocated(res pageResult, mark int, sr *StepResult) (x, y float64, err error) {
	switch {
	case res.Stale:
		return 0, 0, staleErr()
	case res.Gone:
		return 0, 0, browser.Errorf(protocol.CodeElementGone, "The element of mark %d is no longer on the page (it was removed or re-rendered). Observe again.", mark)
	case res.Invisible:
		return 0, 0, browser.Errorf(protocol.CodeNotActionable, "The element of mark %d is not visible now.", mark)
	case res.Disabled:
		return 0, 0, browser.Errorf(protocol.CodeNotActionable, "The element of mark %d is disabled.", mark)
	case res.Covered != nil:
		if m, ok := r.marks[*res.Covered]; ok && *res.Covered >= 0 {
			sr.CoveredBy = m
			return 0, 0, browser.Errorf(protocol.CodeCovered, "The element of mark %d is covered by mark %d (a dialog, banner or overlay). Deal with that first.", mark, m)
		}
		return 0, 0, browser.Errorf(protocol.CodeCovered, "The element of mark %d is covered by another element (an overlay with no mark). Observe and deal with it first.", mark)
	}
	return res.X, res.Y, nil
}
