package act

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/internal/policy"
)

// The backstop. What a step sets off is read from the page before it runs
// (confirm.go), but a page's script can do more than its markup says: submit
// a form when a box is checked, a choice is made or a field is typed in, or
// post a card form when a neutral button is clicked. So while a batch runs
// on a page whose profile confirms submissions or purchases, the tab's
// requests that can carry the page's data out pause before they leave the
// browser (browser.Tab.GuardRequests), and each one that is such an effect
// is asked about like the step itself, or failed:
//
//   - a form's submission (a document's POST, or the navigation the page
//     asked for as a form's submission) is a submission, and a purchase on a
//     page that holds a card or payment field;
//   - any other request that is not a GET (or HEAD or OPTIONS) from a page
//     that holds a card or payment field is a purchase and a submission.
//
// What the person already allowed for the step before it ran (confirm) is
// not asked again. A request the person does not allow, or that no one is
// there to allow, is failed: it never leaves the browser, the step that set
// it off fails with the question's error, and the batch stops there.

// backstop is the request guard of one batch.
type backstop struct {
	r   *run
	end func()

	// mu is held while a request is decided, and while the person is asked
	// about a step: one question at a time.
	mu sync.Mutex
	// step is the step running, as a question shows it.
	step Question
	// allowed are the kinds the person allowed for the step.
	allowed []string
	// refused is the error of the first request refused since the step
	// began: the step fails with it.
	refused error
	// late says a document's request (a navigation) was allowed after it
	// had been held: it began after the step settled.
	late bool
	// loaderPays says whether the document loader holds a card or payment
	// field, when paysKnown.
	loader     string
	loaderPays bool
	paysKnown  bool
}

// paysWait bounds the look for a card field: a page whose main thread is
// stuck (a synchronous request held by the guard) counts as holding one.
const paysWait = time.Second

// guardFor sets the request guard up when the profile confirms
// submissions on origin, or purchases and the page holds a card or payment
// field, and it is not set yet. Chrome refusing the interception leaves
// the steps to confirm alone.
func (r *run) guardFor(ctx context.Context, origin string) {
	if r.guard != nil {
		return
	}
	confirms := r.opts.Confirm != nil && r.opts.Confirms != nil
	switch {
	case r.opts.Share != nil && r.mayCarry(origin): // (flow.go)
	case r.opts.ReadOnly != nil && r.opts.ReadOnly(origin) != "":
	case confirms && r.opts.Confirms(policy.ConfirmSubmit, origin):
	case confirms && r.opts.Confirms(policy.ConfirmPurchase, origin) && r.paysNow(ctx):
	default:
		return
	}
	b := &backstop{r: r}
	done := r.waiting()
	end, err := r.t.GuardRequests(ctx, b.decide)
	done()
	if err != nil {
		r.t.Browser().Log().Warn("the request guard could not be set; steps are confirmed by what they read as", "err", err)
		return
	}
	b.end = end
	r.guard = b
}

// paysNow reports whether the page holds a card or payment field now
// (paysKnown), reading it from the page when that is not known; what
// cannot be read counts as one.
func (r *run) paysNow(ctx context.Context) bool {
	if pays, ok := r.paysKnown(); ok {
		return pays
	}
	pays := readPays(ctx, r.t)
	r.notePays(pays)
	return pays
}

// paysKnown is whether the page holds a card or payment field, when that
// is known without asking the page: as the observation found it until a
// step of the batch ran, then from a step's reading (notePays), until a
// step may have changed what the page shows (revealing).
func (r *run) paysKnown() (pays, ok bool) {
	loader := r.t.Info().LoaderID
	if pays, ok := r.pays[loader]; ok {
		return pays, true
	}
	if r.snap.LoaderID == loader && r.stepsRun == 0 {
		return r.snap.Pays, true
	}
	return false, false
}

// readPays asks the page whether it holds a card or payment field; what
// cannot be read (a page whose main thread is stuck) counts as one.
func readPays(ctx context.Context, t *browser.Tab) bool {
	res, err := paysOp.within(ctx, t, browser.Frame{}, actArgs{}, paysWait)
	if err != nil {
		return true
	}
	return res.Pays
}

// notePays keeps what a page helper said of the page: whether it holds a
// card or payment field now.
func (r *run) notePays(pays bool) {
	if r.pays == nil {
		r.pays = map[string]bool{}
	}
	r.pays[r.t.Info().LoaderID] = pays
}

// revealing: the step may have changed what the page shows (a click, a
// key, a choice, a hover), so a card field may have appeared.
func revealing(s Step) bool {
	switch s.Action {
	case Type, Wait, Scroll:
		return false
	}
	return true
}

// begin starts step n (action, mark) under the guard; the error of a
// request refused since the step before ended fails it before it runs.
// Whether the page holds a card field is taken now, when it is known
// without asking the page (decide asks it only when it must).
func (b *backstop) begin(n int, s Step) error {
	if b == nil {
		return nil
	}
	pays, known := b.r.paysKnown()
	loader := b.r.t.Info().LoaderID
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.refused != nil {
		return b.refused
	}
	b.loader, b.loaderPays, b.paysKnown = loader, pays, known
	b.step = Question{Step: n, Action: string(s.Action), Mark: s.Mark}
	b.r.label(&b.step)
	b.allowed, b.late = slices.Clone(b.r.allowed), false
	return nil
}

// quietWait bounds the wait for the requests a step's page began to send
// to pause and be decided (a request Chrome drops before it pauses is
// never told of).
const quietWait = 2 * time.Second

// quiet waits for the requests the step's page began to send (that are
// not a GET) to be decided, the person's answer included.
func (b *backstop) quiet(ctx context.Context) {
	if b == nil {
		return
	}
	done := b.r.waiting()
	defer done()
	ctx, cancel := context.WithTimeout(ctx, quietWait)
	defer cancel()
	_ = b.r.t.Quiet(ctx)
}

// done ends the step under the guard: waits for a question being asked,
// and returns whether a document's request was allowed after it was held,
// and the error of a request refused meanwhile.
func (b *backstop) done() (late bool, refused error) {
	if b == nil {
		return false, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	late, refused = b.late, b.refused
	b.refused, b.late = nil, false
	return late, refused
}

// stop restores the tab's usual interception once every request held
// meanwhile is decided, and returns the error of one refused since the
// last step ended.
func (b *backstop) stop() error {
	if b == nil || b.end == nil {
		return nil
	}
	b.end()
	b.end = nil
	_, refused := b.done()
	return refused
}

// decide is the tab's request guard (browser.RequestGuard): a request
// from a read-only site that changes something is refused, one whose URL
// carries text read on a private site is asked about (flow.go), and then
// a submission or a purchase is confirmed.
func (b *backstop) decide(p browser.PausedRequest) bool {
	if !p.Form && safeMethod(p.Method) && b.r.opts.Share == nil {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.refused != nil {
		return false // the step is refused: nothing more of it leaves
	}
	info := b.r.t.Info()
	changes := p.Form || !safeMethod(p.Method)
	if rule := b.readOnly(info.Origin); rule != "" && changes {
		b.refused = ReadOnlyRefusal(info.Origin, rule, "change anything there ("+sentTo(p)+")")
		return false
	}
	if b.r.opts.Share != nil {
		q := b.step
		q.Held = true
		b.r.budget.pause()
		err := b.r.opts.Share(b.r.outer, q, browser.Origin(p.URL), p.URL, true)
		b.r.budget.resume()
		if err != nil {
			b.refused = err
			return false
		}
	}
	if !changes || b.r.opts.Confirm == nil || b.r.opts.Confirms == nil {
		return true
	}
	pays := b.pays(info.LoaderID, p)
	if !p.Form && !pays {
		return true
	}
	wants := func(kind string) bool { return b.r.opts.Confirms(kind, info.Origin) }
	var kinds []string
	if pays && wants(policy.ConfirmPurchase) {
		kinds = append(kinds, policy.ConfirmPurchase)
	}
	if wants(policy.ConfirmSubmit) {
		kinds = append(kinds, policy.ConfirmSubmit)
	}
	if len(kinds) == 0 || allIn(kinds, b.allowed) {
		return true
	}
	q := b.step
	q.Kinds, q.Detail, q.Held = kinds, sentTo(p), true
	b.r.budget.pause()
	err := b.r.opts.Confirm(b.r.outer, q)
	b.r.budget.resume()
	b.r.t.Browser().Log().Info("the request guard held a request", "tab", b.r.t.ID, "form", p.Form,
		"method", p.Method, "type", p.ResourceType, "kinds", kinds, "allowed", err == nil)
	if err != nil {
		b.refused = err
		return false
	}
	b.allowed = append(b.allowed, kinds...)
	b.late = b.late || p.ResourceType == "Document"
	return true
}

// pays says whether the page of loader, which sends p, holds a card or
// payment field: as known, else read from the page. A form's submission
// holds its page's navigation, which may keep its main thread from
// answering: its page is not read, and counts as holding one. Called with
// b.mu held.
func (b *backstop) pays(loader string, p browser.PausedRequest) bool {
	if b.paysKnown && loader == b.loader {
		return b.loaderPays
	}
	if p.Form {
		return true
	}
	ctx, cancel := context.WithTimeout(context.Background(), paysWait)
	defer cancel()
	b.loader, b.loaderPays, b.paysKnown = loader, readPays(ctx, b.r.t), true
	return b.loaderPays
}

// readOnly is the read_only rule of origin, "" when it is not one.
func (b *backstop) readOnly(origin string) string {
	if b.r.opts.ReadOnly == nil {
		return ""
	}
	return b.r.opts.ReadOnly(origin)
}

// safeMethod: a request that by HTTP's rules changes nothing.
func safeMethod(m string) bool { return m == "GET" || m == "HEAD" || m == "OPTIONS" }

func allIn(kinds, allowed []string) bool {
	for _, k := range kinds {
		if !slices.Contains(allowed, k) {
			return false
		}
	}
	return true
}

// sentTo says, for the question, what the page would send where: its
// origin and path, never its query (which may carry what was typed).
func sentTo(p browser.PausedRequest) string {
	where := p.URL
	if u, err := url.Parse(p.URL); err == nil {
		where = u.Scheme + "://" + u.Host + u.Path
	}
	if p.Form {
		return "the page submits a form to " + where
	}
	return fmt.Sprintf("the page sends data (%s) to %s", p.Method, where)
}
