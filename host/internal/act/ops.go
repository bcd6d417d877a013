package act

import (
	"context"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript/pageops"
)

// act.js's ops, each a value pairing its name with the Go types of its
// arguments and its answer (browser.PageOp). The page script declares the
// same in page_ops.d.ts (ActOps), and ops_test.go holds the two to each
// other field by field: to add an op, define it here (newOp registers it),
// declare it there and handle it in act.js; the test, or act.js's
// type-check, names what was forgotten.
var (
	paysOp         = newOp[actArgs, paysAnswer]("pays")
	scrollWatchOp  = newOp[actArgs, scrollWatchAnswer]("scrollWatch")
	scrollDoneOp   = newOp[scrollDoneArgs, scrollDoneAnswer]("scrollDone")
	hasTextOp      = newOp[hasTextArgs, hasTextAnswer]("hasText")
	locateOp       = newOp[locateArgs, locateAnswer]("locate")
	typeTargetOp   = newOp[typeTargetArgs, typeTargetAnswer]("typeTarget")
	focusOp        = newOp[nodeArgs, focusAnswer]("focus")
	checkTargetOp  = newOp[checkTargetArgs, checkTargetAnswer]("checkTarget")
	selectNativeOp = newOp[selectNativeArgs, selectNativeAnswer]("selectNative")
	findOptionOp   = newOp[findOptionArgs, findOptionAnswer]("findOption")
	framePointOp   = newOp[framePointArgs, aim]("framePoint")
	dragWatchOp    = newOp[actArgs, answer]("dragWatch")
	dragStartedOp  = newOp[actArgs, dragStartedAnswer]("dragStarted")
	consequenceOp  = newOp[consequenceArgs, consequenceAnswer]("consequence")
	fileTargetOp   = newOp[nodeArgs, fileTargetAnswer]("fileTarget")
	fileInputsOp   = newOp[fileInputsArgs, fileInputsAnswer]("fileInputs")
)

// ops are act.js's ops, as newOp made them.
var ops []pageops.Op

// pageOp is an op of act.js. Called through a batch's run (do), it goes
// with the batch's guards (see run.page); Call runs it on its own.
type pageOp[A, R any] struct {
	browser.PageOp[A, R]
}

// newOp is act.js's op name; its arguments must embed actArgs.
func newOp[A, R any](name string) pageOp[A, R] {
	if _, ok := any(new(A)).(helperArgs); !ok {
		panic("act: the arguments of op " + name + " do not embed actArgs")
	}
	o := pageOp[A, R]{browser.PageOp[A, R]{Fn: helpers, Name: name}}
	ops = append(ops, o.Type())
	return o
}

// do runs the op with args in the batch's run r: in the frame of the
// node args name, guarded behind the input in flight, or answered by the
// step before (see run.page).
func (o pageOp[A, R]) do(ctx context.Context, r *run, args A) (R, error) {
	p := any(&args).(helperArgs)
	text, fi, err := r.page(ctx, o.Name, p)
	if err != nil {
		var zero R
		return zero, err
	}
	return decodeIn(ctx, r, o, fi, p, text)
}

// now is do without the batch's guards: at once, in the node's frame.
func (o pageOp[A, R]) now(ctx context.Context, r *run, args A) (R, error) {
	p := any(&args).(helperArgs)
	p.base().Snapshot = r.snap.ID
	text, fi, err := r.helper(ctx, o.Name, p)
	if err != nil {
		var zero R
		return zero, err
	}
	return decodeIn(ctx, r, o, fi, p, text)
}

// ahead is the answer the step before obtained for this call, if it did
// (see run.takeAhead).
func (o pageOp[A, R]) ahead(r *run, args A) (R, bool) {
	p := any(&args).(helperArgs)
	p.base().Snapshot = r.snap.ID
	var res R
	text, _, ok := r.takeAhead(o.Name, p)
	if !ok {
		return res, false
	}
	res, err := o.Decode(text)
	return res, err == nil
}

// in runs the op with args as they are (a node index of frame f's world)
// in frame f, with the snapshot of the run.
func (o pageOp[A, R]) in(ctx context.Context, r *run, f browser.Frame, args A) (R, error) {
	any(&args).(helperArgs).base().Snapshot = r.snap.ID
	return o.within(ctx, r.t, f, args, helperWait)
}

// within is Call bounded by wait (a helper may answer when something
// happens in the page).
func (o pageOp[A, R]) within(ctx context.Context, t *browser.Tab, f browser.Frame, args A, wait time.Duration) (R, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	return o.Call(ctx, t, f, args)
}

// with is a call of the op with args, to be made later (a step's first
// helper, sent ahead).
func (o pageOp[A, R]) with(args A) pageCall {
	return pageCall{op: o.Name, args: any(&args).(helperArgs)}
}

// decodeIn decodes an answer of op about a node of frame fi, in the main
// frame's terms (fromFrame) when it says where the node is.
func decodeIn[A, R any](ctx context.Context, r *run, o pageOp[A, R], fi int, args helperArgs, text string) (R, error) {
	res, err := o.Decode(text)
	if err != nil || fi == 0 {
		return res, err
	}
	if a, ok := any(&res).(aimer); ok {
		if err := r.fromFrame(ctx, fi, text, a.aimed(), scrolls(args)); err != nil {
			var zero R
			return zero, err
		}
	}
	return res, nil
}

// pageCall is a call of an op of act.js, its types set aside.
type pageCall struct {
	op   string
	args helperArgs
}

// helperArgs are the arguments of an op of act.js (a pointer to them).
type helperArgs interface {
	base() *actArgs
}

// actArgs are what every op of act.js takes (page_ops.d.ts ActArgs): the
// snapshot, set by the run, and the guards of a helper sent behind input
// or behind another helper.
type actArgs struct {
	Snapshot string  `json:"snapshot"`
	After    *counts `json:"after,omitempty"`
	OkAfter  *int64  `json:"okAfter,omitempty"`
	Token    *int64  `json:"token,omitempty"`
}

func (a *actArgs) base() *actArgs { return a }

// nodeArgs are the arguments of an op about the node I (its index in the
// snapshot; the run sends the frame's own index, in the node's frame).
type nodeArgs struct {
	actArgs
	I int `json:"i"`
}

func (a *nodeArgs) node() *int { return &a.I }

// nodeAt is the arguments of an op about node i.
func nodeAt(i int) nodeArgs { return nodeArgs{I: i} }

// nodeOf is the node index args name, if they name one.
func nodeOf(args helperArgs) (*int, bool) {
	n, ok := args.(interface{ node() *int })
	if !ok {
		return nil, false
	}
	return n.node(), true
}

// scrolls says whether the op's frames are scrolled to bring its point
// into view (all but a locate with NoScroll).
func scrolls(args helperArgs) bool {
	l, ok := args.(*locateArgs)
	return !ok || !l.NoScroll
}

// answer is what any op of act.js may answer (page_ops.d.ts ActAnswer).
type answer struct {
	Stale   bool `json:"stale"`
	Gone    bool `json:"gone"`
	Renamed bool `json:"renamed"` // gone because the page relabelled it
	// NotYet says a helper guarded by After (or OkAfter) found the page
	// had not taken the input yet.
	NotYet bool `json:"notYet"`
}

// aim is where a pointer aimed at an element lands (page_ops.d.ts Aim).
type aim struct {
	answer
	Invisible bool    `json:"invisible"`
	X         float64 `json:"x"`
	Y         float64 `json:"y"`
	Covered   *int    `json:"covered"`
}

// aimer is an answer that says where its element is.
type aimer interface{ aimed() *aim }

func (a *aim) aimed() *aim { return a }

// placed is what checkLocated reads of an answer.
type placed struct {
	answer
	Invisible, Disabled, ReadOnly bool
	Covered                       *int
}

func (a answer) place() placed { return placed{answer: a} }
func (a aim) place() placed {
	return placed{answer: a.answer, Invisible: a.Invisible, Covered: a.Covered}
}

// counts are the page's trusted beforeinput, keyup and click events.
type counts struct {
	BeforeInput int `json:"bi"`
	KeyUp       int `json:"ku"`
	Click       int `json:"cl"`
}

type paysAnswer struct {
	answer
	Pays bool `json:"pays"` // the page holds a card or payment field
}

type scrollWatchAnswer struct {
	answer
	Ends int `json:"ends"` // the page's scrollend events so far
}

type scrollDoneArgs struct {
	actArgs
	Since int   `json:"since"`
	Wait  int64 `json:"wait"` // ms
}

type scrollDoneAnswer struct {
	answer
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type hasTextArgs struct {
	actArgs
	Text string `json:"text"`
	Wait int64  `json:"wait"` // ms
	Own  bool   `json:"own,omitempty"`
}

type hasTextAnswer struct {
	answer
	Found bool `json:"found"`
}

type locateArgs struct {
	nodeArgs
	NoScroll bool `json:"noScroll,omitempty"`
}

type locateAnswer struct {
	aim
	Disabled bool   `json:"disabled"`
	File     bool   `json:"file"` // a file input, or a label of one
	Href     string `json:"href"` // the URL of the link a click would follow, resolved; "" for none
}

func (a locateAnswer) place() placed {
	p := a.aim.place()
	p.Disabled = a.Disabled
	return p
}

type typeTargetArgs struct {
	nodeArgs
	Clear bool `json:"clear,omitempty"`
}

// typeTargetAnswer: the kind of field (text, segmented, editable, other),
// whether it takes each key, whether the caret is at the end, and whether
// the field is empty.
type typeTargetAnswer struct {
	aim
	Disabled  bool    `json:"disabled"`
	ReadOnly  bool    `json:"readonly"`
	NotText   string  `json:"notText"` // what the element is, when it takes no typed text
	Kind      string  `json:"kind"`
	Keyed     bool    `json:"keyed"`     // typed key by key whatever the page (a date's parts)
	Formatted bool    `json:"formatted"` // the field looks formatted as it is typed
	AtEnd     bool    `json:"atEnd"`
	Empty     bool    `json:"empty"`
	Seen      *counts `json:"seen"`
}

func (a typeTargetAnswer) place() placed {
	p := a.aim.place()
	p.Disabled, p.ReadOnly = a.Disabled, a.ReadOnly
	return p
}

type focusAnswer struct {
	answer
	Focused bool `json:"focused"`
}

type checkTargetArgs struct {
	nodeArgs
	Only bool `json:"only,omitempty"`
	Want bool `json:"want"` // (sent always: false is a wanted state)
}

type checkTargetAnswer struct {
	aim
	Checked  *bool   `json:"checked"`
	Disabled bool    `json:"disabled"`
	Seen     *counts `json:"seen"`
}

func (a checkTargetAnswer) place() placed {
	p := a.aim.place()
	p.Disabled = a.Disabled
	return p
}

type selectNativeArgs struct {
	nodeArgs
	Values []string `json:"values"`
}

type selectNativeAnswer struct {
	aim
	Disabled  bool     `json:"disabled"`
	NotSelect bool     `json:"notSelect"`
	Missing   string   `json:"missing"`
	Options   []string `json:"options"`
	Single    bool     `json:"single"`
	Chosen    []string `json:"chosen"`
}

func (a selectNativeAnswer) place() placed {
	p := a.aim.place()
	p.Disabled = a.Disabled
	return p
}

type findOptionArgs struct {
	nodeArgs
	Value string `json:"value"`
}

type findOptionAnswer struct {
	aim
	Missing string   `json:"missing"`
	Options []string `json:"options"`
}

type framePointArgs struct {
	nodeArgs
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Scroll bool    `json:"scroll,omitempty"`
}

type dragStartedAnswer struct {
	answer
	Found bool `json:"found"`
}

type consequenceArgs struct {
	nodeArgs
	Key string `json:"key"`
}

// consequenceAnswer: a click, Enter or Space would submit a form; the
// form takes a payment; the words of its submit button; the node index of
// the focused element (for a key without a mark); the element's box.
type consequenceAnswer struct {
	answer
	Submits    bool      `json:"submits"`
	Pays       bool      `json:"pays"`     // also pays: the page holds a card or payment field
	Native     bool      `json:"native"`   // a native checkbox, radio or select
	PagePays   bool      `json:"pagePays"` // the page holds a card or payment field
	SubmitName string    `json:"submitName"`
	Index      *int      `json:"index"`
	Box        []float64 `json:"box"`
}

type fileTargetAnswer struct {
	answer
	NotFile  bool   `json:"notFile"`
	Disabled bool   `json:"disabled"`
	Multiple bool   `json:"multiple"`
	Accept   string `json:"accept"`
}

func (a fileTargetAnswer) place() placed {
	p := a.answer.place()
	p.Disabled = a.Disabled
	return p
}

type fileInputsArgs struct {
	actArgs
	Is []int `json:"is"`
}

type fileInputsAnswer struct {
	answer
	Found []fileInputFound `json:"found"`
}

// fileInputFound is a marked element that stands for a file input.
type fileInputFound struct {
	I        int      `json:"i"`
	Self     bool     `json:"self"`
	Accept   string   `json:"accept"`
	Multiple bool     `json:"multiple"`
	Files    []string `json:"files"`
}
