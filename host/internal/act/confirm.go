package act

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/internal/policy"
)

// Asking before a consequential step. A profile's confirm names kinds of
// step the person approves each time (policy.ConfirmKinds): before such a
// step runs, the batch asks them through Options.Confirm, and its time
// stops while they decide. A step they do not allow is not run: its
// result is the error Confirm returned, and the batch stops there.
//
// What a step is comes from the page at the moment it would run (an
// earlier step of the batch may have changed it): whether a click, Enter
// or Space would submit a form, and whether that form takes a payment (a
// card field, or a payment provider's frame); and from the words of the
// element the model chose by its mark, as the observation named it.

// Question is a step the person is asked to approve before it runs.
type Question struct {
	// Kinds are the kinds of step it is that the person approves on this
	// site, the most specific first (purchase before submit).
	Kinds  []string
	Step   int
	Action string
	Mark   int
	// Role and Name are the element's, as the observation named it (page
	// content); empty when the step has no element.
	Role, Name string
	// Box is the element's box in the viewport, in CSS pixels; nil when
	// it has none.
	Box *[4]float64
	// Detail says more of the step: an upload's file names, or where a
	// held request would go.
	Detail string
	// Held says the question is about a request the page would send,
	// held before it left the browser (backstop.go): the page may be busy
	// with it, so no image of it is taken.
	Held bool
}

// purchaseWords are the names of controls that pay or order, in English,
// Spanish, German and Portuguese (the languages of the sensitive cues).
var purchaseWords = regexp.MustCompile(`(?i)\b(pay|pay now|buy|buy now|purchase|check ?out|checkout|` +
	`(place|submit|complete|confirm|send) (your |the |my )?order|order now|` +
	`bezahlen|zahlen|jetzt kaufen|kaufen|kostenpflichtig bestellen|jetzt bestellen|bestellen|zur kasse|kasse|` +
	`pagar|comprar|finalizar (la |a )?compra|(realizar|tramitar|confirmar|fazer|finalizar) (el |o )?pedido|encomendar)\b`)

// SaysPurchase reports whether a control's name says it pays or orders.
func SaysPurchase(name string) bool { return purchaseWords.MatchString(strings.ToLower(name)) }

// confirm asks the person about step s (number n) when what it would set
// off is of a kind their profile has them approve on the page of origin;
// nil means it may run.
func (r *run) confirm(ctx context.Context, s Step, n int, origin string) error {
	if r.opts.Confirm == nil || r.opts.Confirms == nil {
		return nil
	}
	probes := effectsOf(s)
	if len(probes) == 0 {
		return nil
	}
	wants := func(kind string) bool { return r.opts.Confirms(kind, origin) }
	if s.Action == Upload && !wants(policy.ConfirmUpload) ||
		s.Action != Upload && !wants(policy.ConfirmPurchase) && !wants(policy.ConfirmSubmit) {
		return nil
	}
	q := Question{Step: n, Action: string(s.Action), Mark: s.Mark}
	r.label(&q)
	purchase, submits := false, false
	for j, p := range probes {
		i := -1
		if p.mark != 0 {
			i = r.snap.MarkNode[p.mark]
		}
		res, err := r.consequence(ctx, i, p.key)
		if err != nil || res.Gone {
			return err // a gone element fails the step itself
		}
		r.notePays(res.PagePays) // (the request guard's reading, for free)
		name := r.snap.Labels[p.mark].Name
		if res.Index != nil {
			if m, ok := r.marks[*res.Index]; ok && p.mark == 0 {
				name = r.snap.Labels[m].Name // the focused element Enter or Space goes to
			}
		}
		says := SaysPurchase(name) && !res.Native && (!p.chooses || res.Submits)
		this := says || res.Submits && (res.Pays || SaysPurchase(res.SubmitName))
		if j == 0 || this && !purchase || res.Submits && !purchase && !submits {
			r.show(&q, p, res) // the question shows the element that would set it off
		}
		purchase = purchase || this
		submits = submits || res.Submits
	}
	switch s.Action {
	case Upload:
		q.Kinds = []string{policy.ConfirmUpload}
		q.Detail = strings.Join(s.Files, ", ")
	default:
		if purchase && wants(policy.ConfirmPurchase) {
			q.Kinds = append(q.Kinds, policy.ConfirmPurchase)
		}
		if submits && wants(policy.ConfirmSubmit) {
			q.Kinds = append(q.Kinds, policy.ConfirmSubmit)
		}
	}
	if len(q.Kinds) == 0 {
		return nil
	}
	if err := r.ask(q); err != nil {
		return err
	}
	r.allowed = q.Kinds // what the request guard then sees of the step is what the person allowed
	return nil
}

// show has the question show the element probe p asked about (for a key,
// the focused element it goes to), with its box.
func (r *run) show(q *Question, p probe, res consequenceAnswer) {
	q.Mark = p.mark
	if res.Index != nil && p.mark == 0 {
		if m, ok := r.marks[*res.Index]; ok {
			q.Mark = m
		}
	}
	r.label(q)
	q.Box = nil
	if len(res.Box) == 4 {
		q.Box = &[4]float64{res.Box[0], res.Box[1], res.Box[2], res.Box[3]}
	}
}

// label sets the question's role and name to those of its mark, as the
// observation named it.
func (r *run) label(q *Question) {
	q.Role, q.Name = "", ""
	if l, ok := r.snap.Labels[q.Mark]; ok && q.Mark != 0 {
		q.Role, q.Name = l.Role, l.Name
	}
}

// ask asks the person about q, one question at a time (the request guard
// may ask too), with the batch's time stopped meanwhile.
func (r *run) ask(q Question) error {
	if r.guard != nil {
		r.guard.mu.Lock()
		defer r.guard.mu.Unlock()
	}
	r.budget.pause()
	defer r.budget.resume()
	return r.opts.Confirm(r.outer, q)
}

// consequence asks the page what a step on node i (-1: the focused
// element) would set off; key is "enter" or "space" for a key, "" for a
// click or an upload.
func (r *run) consequence(ctx context.Context, i int, key string) (consequenceAnswer, error) {
	res, err := consequenceOp.do(ctx, r, consequenceArgs{nodeArgs: nodeAt(i), Key: key})
	if err != nil {
		return res, err
	}
	if res.Stale {
		return res, browser.ErrSnapshotStale
	}
	return res, nil
}

// budget is a batch's time (Budget): a deadline that stops while the
// person is asked about a step. (The request guard asks from a goroutine
// of its own: mu keeps the clock whole.)
type budget struct {
	mu     sync.Mutex
	ctx    context.Context
	cancel context.CancelCauseFunc
	timer  *time.Timer
	left   time.Duration
	since  time.Time
}

// errBudget is the cause of a batch's context once its time is up.
var errBudget = errors.New("the batch's time is up")

func newBudget(ctx context.Context, d time.Duration) *budget {
	b := &budget{left: d, since: time.Now()}
	b.ctx, b.cancel = context.WithCancelCause(ctx)
	b.timer = time.AfterFunc(d, func() { b.cancel(errBudget) })
	return b
}

// pause stops the clock; resume starts it again with the time left.
func (b *budget) pause() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.timer.Stop() {
		b.left -= time.Since(b.since)
	} else {
		b.left = 0
	}
}

func (b *budget) resume() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.left > 0 {
		b.since = time.Now()
		b.timer.Reset(b.left)
	}
}

func (b *budget) stop() {
	b.timer.Stop()
	b.cancel(context.Canceled)
}

// spent reports whether the batch's context ended because its time was up.
func (b *budget) spent() bool { return errors.Is(context.Cause(b.ctx), errBudget) }
