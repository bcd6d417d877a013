// Package act runs the model's actions on a tab (docs/contract.md §4): the steps of
// one `act` call, in order, on the elements of the tab's current snapshot,
// with real input events, and never on an element other than the one that
// was observed.
package act

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
)

// Step is one action.
type Step struct {
	Action     Action   `json:"action" jsonschema:"what to do"`
	Mark       int      `json:"mark,omitempty" jsonschema:"the element's mark"`
	Text       string   `json:"text,omitempty" jsonschema:"type: the text (≤ 64 KiB); wait: text to wait for"`
	Values     []string `json:"values,omitempty" jsonschema:"select: option labels or values"`
	Keys       string   `json:"keys,omitempty" jsonschema:"press: a key or chord (Enter, Control+A)"`
	Button     string   `json:"button,omitempty" jsonschema:"click: left (default), right or middle"`
	Double     bool     `json:"double,omitempty" jsonschema:"click: double-click"`
	Modifiers  []string `json:"modifiers,omitempty" jsonschema:"click: keys held (Alt, Control, Meta, Shift)"`
	Clear      bool     `json:"clear,omitempty" jsonschema:"type: empty the field first"`
	Submit     bool     `json:"submit,omitempty" jsonschema:"type: press Enter after"`
	DX         float64  `json:"dx,omitempty" jsonschema:"scroll, drag: pixels right"`
	DY         float64  `json:"dy,omitempty" jsonschema:"scroll, drag: pixels down (scroll without mark or dx/dy: one screen)"`
	MS         int      `json:"ms,omitempty" jsonschema:"wait: milliseconds (≤ 30000); limits a text or navigation wait"`
	Navigation bool     `json:"navigation,omitempty" jsonschema:"wait: until the page navigates and loads"`
	Files      []string `json:"files,omitempty" jsonschema:"upload: names of files in the upload folder"`
	ToMark     int      `json:"to_mark,omitempty" jsonschema:"drag: the mark to drop on"`
}

// StepResult is one step's outcome.
type StepResult struct {
	Step      int          `json:"step"`
	Action    Action       `json:"action,omitempty"` // not repeated for a step that succeeded
	Mark      int          `json:"mark,omitempty"`
	OK        bool         `json:"ok"`
	Skipped   bool         `json:"skipped,omitempty"` // not run: an earlier step failed or opened a dialog
	Code      toolerr.Code `json:"code,omitempty"`
	Message   string       `json:"message,omitempty"`
	CoveredBy int          `json:"covered_by,omitempty"`
	Navigated bool         `json:"navigated,omitempty"`
}

// Result is what a batch did.
type Result struct {
	Steps        []StepResult
	Succeeded    int
	Navigated    bool
	DialogOpened bool
	NewTab       string // opaque id of a tab the page opened
	// TypedPlain holds the steps (by index in the batch) whose typed text
	// (Step.Withhold) the person's record may keep, if they succeeded
	// (Steps[i].OK): each ran, and typed into the field of its mark, one
	// its snapshot did not know to be sensitive. Every other step's typed
	// text is withheld; nil: all.
	TypedPlain map[int]bool
	Err        *toolerr.Error
	// Timing: the whole batch, the time spent waiting on the browser (its
	// answers, and the events a step settles on); the rest is the host's.
	Took, BrowserTook time.Duration
}

// Options are what a batch may do besides acting on marks.
type Options struct {
	// Allowed is the session's site rule: a step does not run on a page it
	// refuses (an earlier step may have left the sites).
	Allowed func(url string) bool
	// UploadDir is the only folder upload reads files from; "" means none.
	UploadDir string
	// Confirms says whether the person approves a kind of step
	// (policy.ConfirmKinds) on the page of origin before it runs; nil:
	// no step is asked about.
	Confirms func(kind, origin string) bool
	// Confirm asks the person about a step (confirm.go): nil lets it run,
	// an error is the step's failure. The batch's time stops meanwhile.
	Confirm func(ctx context.Context, q Question) error
	// ReadOnly gives the read_only pattern that makes origin read-only
	// for the session, "" when it is not (flow.go); nil: none is.
	ReadOnly func(origin string) string
	// Share asks the person before text read on a private site goes to
	// origin to, typed into its page or carried in a URL (isURL) opened
	// there: nil lets it go, an error is the step's failure (flow.go).
	// Nil: the session read nothing on a private site.
	Share func(ctx context.Context, q Question, to, text string, isURL bool) error
	// Typed says whether the session typed text on a page of origin
	// before this batch: its pages may hold it, so the request guard
	// watches what they send (flow.go).
	Typed func(origin string) bool
}

// Limits of one batch.
const (
	maxSteps = 50
	// MaxText bounds the text of one step.
	MaxText = 64 << 10
	// Budget bounds the steps of one batch, waits included: the call
	// answers well within an MCP client's timeout.
	Budget = 30 * time.Second
)

type run struct {
	outer        context.Context // the call's, for asking the person
	budget       *budget
	t            *browser.Tab
	opts         Options
	owner        string
	snap         *browser.Snapshot
	dialogOpened bool
	marks        map[int]int   // node index -> mark, for "covered by"
	browserTook  time.Duration // waiting on the browser, see Result
	waitDepth    int
	keyed        map[int]bool // node index -> the page listens for keys on its field (keyedField)
	pageListens  bool         // the page listens for input or keys somewhere (keyedField)
	steps        []Step
	objects      bool   // page objects were taken by reference: release them at the end
	ariaSelect   bool   // the last select step clicked an ARIA widget's options
	next         *Step  // the step after the one running, nil for the last
	ahead        *ahead // an answer obtained ahead for the next step (see withAhead)
	// inflight waits for the input a type step left in flight, whose
	// completion the page shows by counting expect (see run.page).
	inflight func() error
	expect   *counts
	// inflightFrame is the frame (see frameNo) the input in flight went to.
	inflightFrame int
	// keysAstray is set by a press step whose keys went to whatever had
	// the focus, not to its mark's field (see typedPlain).
	keysAstray bool
	// guard is the batch's request guard (backstop.go), nil while none is
	// set; pays says, by document (loader id), whether the page holds a
	// card or payment field (paysNow).
	guard *backstop
	pays  map[string]bool
	// allowed are the kinds of step the person allowed for the step
	// running, when it was read (confirm.go).
	allowed []string
	// stepsRun counts the steps of the batch before the one running.
	stepsRun int
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

// Run runs steps on the tab's snapshot snapshotID.
func Run(ctx context.Context, t *browser.Tab, opts Options, snapshotID string, steps []Step) (res Result) {
	start := time.Now()
	if len(steps) == 0 || len(steps) > maxSteps {
		res.Err = toolerr.Errorf(toolerr.CodeInvalidArgument, "Give between 1 and %d steps.", maxSteps)
		return res
	}
	// Malformed steps are refused before anything is done.
	for i, s := range steps {
		if err := validate(s, opts); err != nil {
			res.Steps = skipped(steps, 0, "", fmt.Sprintf("not run: step %d is malformed", i+1))
			res.Steps[i] = StepResult{Step: i + 1, Action: s.Action, Mark: s.Mark, Code: err.Code, Message: err.Msg}
			res.Err = err
			return res
		}
	}
	info := t.Info()
	if err := info.CheckSnapshot(snapshotID); err != nil {
		res.Err = toolerr.From(err)
		return res
	}
	r := &run{t: t, opts: opts, owner: info.Owner, snap: info.Snapshot}
	defer func() { res.Took, res.BrowserTook = time.Since(start), r.browserTook }()
	r.marks = r.snap.MarkOf()
	r.outer, r.budget = ctx, newBudget(ctx, Budget)
	defer r.budget.stop()
	ctx = r.budget.ctx
	defer r.release()
	defer func() { _ = r.guard.stop() }() // (a batch that ended early)
	// The tab stays where it is (in the background, most often): it is
	// kept rendering, its timers unthrottled, while the steps run and a
	// moment after (browser.AwakeLinger), instead of being brought forward.
	defer t.KeepAwake(ctx)()
	tabsBefore := newestTab(t.Browser(), info.Owner)
	r.steps = steps
	for i, s := range steps {
		sr := StepResult{Step: i + 1, Action: s.Action, Mark: s.Mark}
		nextGuarded := i+1 < len(steps) && guarded(steps[i+1])
		r.next = nil
		if i+1 < len(steps) {
			r.next = &steps[i+1]
		}
		r.keysAstray, r.stepsRun = false, i
		err := r.step(ctx, s, &sr, nextGuarded)
		if r.inflight != nil && (err != nil || !nextGuarded || r.dialogOpened) {
			if ferr := r.finishInflight(); err == nil {
				err = ferr
			}
		}
		if err != nil {
			e := r.asError(err)
			sr.Code, sr.Message = e.Code, e.Msg
			res.Steps = append(res.Steps, sr)
			res.Err = e
			res.DialogOpened = e == toolerr.DialogOpened
			res.Steps = append(res.Steps, skipped(steps, i+1, "", "an earlier step failed")...)
			break
		}
		sr.OK = true
		if r.typedPlain(s) {
			if res.TypedPlain == nil {
				res.TypedPlain = map[int]bool{}
			}
			res.TypedPlain[i] = true
		}
		res.Succeeded++
		res.Navigated = res.Navigated || sr.Navigated
		res.Steps = append(res.Steps, sr)
		if r.dialogOpened {
			res.DialogOpened = true
			res.Steps = append(res.Steps, skipped(steps, i+1, toolerr.DialogOpened.Code, toolerr.DialogOpened.Msg)...)
			break
		}
	}
	if err := r.guard.stop(); err != nil && res.Err == nil {
		// The last step set off a request the person did not allow.
		r.failLast(&res, err)
	}
	if id := newestTab(t.Browser(), info.Owner); id != tabsBefore {
		res.NewTab = id
	}
	res.Navigated = res.Navigated || t.Info().LoaderID != info.LoaderID
	return res
}

// failLast reports the batch's last step, which ran, as failed with err:
// what it set off was refused after it settled.
func (r *run) failLast(res *Result, err error) {
	e := r.asError(err)
	res.Err = e
	if n := len(res.Steps); n > 0 && res.Steps[n-1].OK {
		sr := &res.Steps[n-1]
		sr.OK, sr.Code, sr.Message = false, e.Code, e.Msg
		res.Succeeded--
	}
}

// asError is a step's failure as the model reads it.
func (r *run) asError(err error) *toolerr.Error {
	switch {
	case r.budget != nil && r.budget.spent():
		return &toolerr.Error{Code: toolerr.CodeTimeout, Err: err,
			Msg: fmt.Sprintf("The steps took longer than %d s, the most one act may take; the rest were not run. Observe, then go on with fewer or shorter steps.", int(Budget.Seconds()))}
	case errors.Is(err, context.DeadlineExceeded):
		return &toolerr.Error{Code: toolerr.CodeTimeout, Err: err,
			Msg: "The page did not answer in time: it may be busy or hung. Observe it, wait, or reload it."}
	}
	return toolerr.From(browser.GoneErr(err))
}

// skipped reports the steps from index from on as not run, and why.
func skipped(steps []Step, from int, code toolerr.Code, why string) []StepResult {
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

// step runs one step, checking its marks against the current snapshot
// first. nextGuarded says the step after it begins with a page helper
// (see typeInto).
func (r *run) step(ctx context.Context, s Step, sr *StepResult, nextGuarded bool) error {
	info := r.t.Info()
	if err := info.CheckSnapshot(r.snap.ID); err != nil && (info.Dialog != nil || s.Mark != 0 || s.ToMark != 0) {
		// A step without a mark (scroll, press, wait) runs on whatever
		// page the tab shows now.
		return err
	}
	for _, m := range []int{s.Mark, s.ToMark} {
		if m == 0 {
			continue
		}
		if _, err := r.snap.Node(m); err != nil {
			return err
		}
	}
	if !r.opts.Allowed(info.URL) {
		return toolerr.Errorf(toolerr.CodeOriginNotAllowed, "The page left the sites this session may use; actions there are refused.")
	}
	if revealing(s) {
		defer delete(r.pays, info.LoaderID) // (read again when next needed)
	}
	r.allowed = nil
	if err := r.readOnlyCheck(ctx, s, info.Origin); err != nil {
		return err
	}
	if err := r.shareCheck(s, sr.Step, r.receiver(ctx, s, info.Origin)); err != nil {
		return err
	}
	if err := r.confirm(ctx, s, sr.Step, info.Origin); err != nil {
		return err
	}
	r.guardFor(ctx, info.Origin)
	if err := r.guard.begin(sr.Step, s); err != nil {
		return err
	}
	events, stop := r.t.Record()
	defer stop()
	loaderBefore := info.LoaderID
	k := kinds[s.Action]
	if r.guard != nil {
		nextGuarded = false // no input left in flight: the step settles whole
	}
	err := k.do(r, ctx, s, sr, nextGuarded)
	switch {
	case err != nil || k.waits || r.dialogOpened:
	case settles(s):
		// A native select's helper answers after what it set off: no need
		// to look through the page again.
		r.settle(ctx, events, s.Action != Select || r.ariaSelect)
	case r.guard != nil:
		// Under the request guard every step settles: what a page's script
		// set off on it is then held before the next one runs.
		r.settle(ctx, events, true)
	}
	r.guard.quiet(ctx)
	late, refused := r.guard.done()
	switch {
	case err == nil && refused != nil:
		return refused
	case err == nil && late && !r.dialogOpened:
		// A request held while the person decided went on after the
		// step settled: wait for what it set off.
		r.settleLoad(ctx, events)
	}
	if err != nil || k.waits {
		return err
	}
	sr.Navigated = r.t.Info().LoaderID != loaderBefore
	return nil
}

// locate finds the mark's element and the point a pointer would land on,
// refusing an element that is gone, hidden, disabled or covered.
func (r *run) locate(ctx context.Context, mark int, sr *StepResult) (locateAnswer, error) {
	res, err := locateOp.do(ctx, r, locateArgs{nodeArgs: nodeAt(r.snap.MarkNode[mark])})
	if err != nil {
		return res, err
	}
	return res, r.checkLocated(res, mark, sr)
}

// checkLocated turns what a helper found of a mark's element into the
// step's error, if any; for a covered element it names the covering mark
// in the step's result.
func (r *run) checkLocated(a interface{ place() placed }, mark int, sr *StepResult) error {
	res := a.place()
	switch {
	case res.Stale:
		return browser.ErrSnapshotStale
	case res.Renamed:
		return toolerr.Errorf(toolerr.CodeSnapshotStale, "The page relabelled the element of mark %d since the observation (its name is not the one you chose it by). Observe again, and act on what it says now.", mark)
	case res.Gone:
		return toolerr.Errorf(toolerr.CodeElementGone, "The element of mark %d is no longer on the page (it was removed or re-rendered). Observe again.", mark)
	case res.Invisible:
		return toolerr.Errorf(toolerr.CodeNotActionable, "The element of mark %d is not visible now (hidden, collapsed or scrolled out of reach).", mark)
	case res.Disabled:
		return toolerr.Errorf(toolerr.CodeNotActionable, "The element of mark %d is disabled; something else on the page must be done first.", mark)
	case res.ReadOnly:
		return toolerr.Errorf(toolerr.CodeNotActionable, "The field of mark %d is read-only.", mark)
	case res.Covered != nil:
		if m, ok := r.marks[*res.Covered]; ok && *res.Covered >= 0 {
			sr.CoveredBy = m
			return toolerr.Errorf(toolerr.CodeCovered, "The element of mark %d is covered by mark %d (a dialog, banner or overlay). Deal with that first.", mark, m)
		}
		return toolerr.Errorf(toolerr.CodeCovered, "The element of mark %d is covered by another element (an overlay with no mark). Observe and deal with it first.", mark)
	}
	return nil
}
