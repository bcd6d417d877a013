package act

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/policy"
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
	// Detail says more of the step: an upload's file names.
	Detail string
}

// purchaseWords are the names of controls that pay or order, in English,
// Spanish, German and Portuguese (the languages of the sensitive cues).
var purchaseWords = regexp.MustCompile(`(?i)\b(pay|pay now|buy|buy now|purchase|check ?out|checkout|` +
	`(place|submit|complete|confirm|send) (your |the |my )?order|order now|` +
	`bezahlen|zahlen|jetzt kaufen|kaufen|kostenpflichtig bestellen|jetzt bestellen|bestellen|zur kasse|kasse|` +
	`pagar|comprar|finalizar (la |a )?compra|(realizar|tramitar|confirmar|fazer|finalizar) (el |o )?pedido|encomendar)\b`)

// SaysPurchase reports whether a control's name says it pays or orders.
func SaysPurchase(name string) bool { return purchaseWords.MatchString(strings.ToLower(name)) }

// confirm asks the person about step s (number n) when it is of a kind
// their profile has them approve on the page of origin; nil means it may
// run.
func (r *run) confirm(ctx context.Context, s Step, n int, origin string) error {
	if r.opts.Confirm == nil || r.opts.Confirms == nil {
		return nil
	}
	key, ok := confirmable(s)
	if !ok {
		return nil
	}
	wants := func(kind string) bool { return r.opts.Confirms(kind, origin) }
	if s.Action == Upload && !wants(policy.ConfirmUpload) ||
		s.Action != Upload && !wants(policy.ConfirmPurchase) && !wants(policy.ConfirmSubmit) {
		return nil
	}
	i := -1
	if s.Mark != 0 {
		i = r.snap.MarkNode[s.Mark]
	}
	res, err := r.consequence(ctx, i, key)
	if err != nil || res.Gone {
		return err // a gone element fails the step itself
	}
	q := Question{Step: n, Action: string(s.Action), Mark: s.Mark}
	if res.Index != nil {
		if m, ok := r.marks[*res.Index]; ok {
			q.Mark = m // the focused element Enter or Space goes to
		}
	}
	if l, ok := r.snap.Labels[q.Mark]; ok && q.Mark != 0 {
		q.Role, q.Name = l.Role, l.Name
	}
	if len(res.Box) == 4 {
		q.Box = &[4]float64{res.Box[0], res.Box[1], res.Box[2], res.Box[3]}
	}
	switch s.Action {
	case Upload:
		q.Kinds = []string{policy.ConfirmUpload}
		q.Detail = strings.Join(s.Files, ", ")
	default:
		purchase := SaysPurchase(q.Name) || res.Submits && (res.Pays || SaysPurchase(res.SubmitName))
		if purchase && wants(policy.ConfirmPurchase) {
			q.Kinds = append(q.Kinds, policy.ConfirmPurchase)
		}
		if res.Submits && wants(policy.ConfirmSubmit) {
			q.Kinds = append(q.Kinds, policy.ConfirmSubmit)
		}
	}
	if len(q.Kinds) == 0 {
		return nil
	}
	r.budget.pause()
	defer r.budget.resume()
	return r.opts.Confirm(r.outer, q)
}

// consequence asks the page what a step on node i (-1: the focused
// element) would set off; key is "enter" or "space" for a key, "" for a
// click or an upload.
func (r *run) consequence(ctx context.Context, i int, key string) (pageResult, error) {
	res, err := r.page(ctx, "consequence", map[string]any{"i": i, "key": key})
	if err != nil {
		return res, err
	}
	if res.Stale {
		return res, browser.ErrSnapshotStale
	}
	return res, nil
}

// budget is a batch's time (Budget): a deadline that stops while the
// person is asked about a step.
type budget struct {
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
	if b.timer.Stop() {
		b.left -= time.Since(b.since)
	} else {
		b.left = 0
	}
}

func (b *budget) resume() {
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
