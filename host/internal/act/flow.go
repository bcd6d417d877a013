package act

import (
	"context"
	"fmt"
	"strings"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// Private and read-only sites (docs/contract.md §11), as a batch keeps
// them: one check every step passes before it runs (r.step), whatever its
// kind, behind it the request guard (backstop.go).
//
//   - On a read-only site (Options.ReadOnly) a step runs only when its
//     kind says it only looks (kind.looks): hover, scroll and wait do; a
//     click only when it follows no form and chooses nothing (a link); a
//     press only of keys that move (arrows, Tab, Page Up…). Any other step
//     is refused with permission_denied, and the request guard refuses
//     what a page's script would send that is not a GET.
//   - Text the session read on a private site (Options.Share) is looked
//     for, before the step runs, in what it types (type's text, press's
//     keys, select's values), and once a click's element is located, in
//     the URL of the link it would follow (no round trip of its own);
//     and by the request guard in the URL of every request the page sends,
//     when the page may hold such text: the batch types, or the session
//     typed on the site before (mayCarry). A page the session gave no
//     text holds none of a private site's: the guard and its cost are
//     spared there.
//     Found, the person is asked (a question of kind share); nothing is
//     typed or sent before the answer.

// movingKeys are the keys a press may send on a read-only site: they
// move the focus, the caret or the view, and edit or submit nothing.
var movingKeys = map[string]bool{
	"tab": true, "escape": true, "arrowup": true, "arrowdown": true, "arrowleft": true, "arrowright": true,
	"pageup": true, "pagedown": true, "home": true, "end": true,
}

// onlyLooks: the step changes nothing on the page (hover, scroll, wait).
func (*run) onlyLooks(context.Context, Step) (bool, error) { return true, nil }

// pressMoves: a press of a key that only moves, with no modifier but
// Shift (Shift+Tab).
func (*run) pressMoves(_ context.Context, s Step) (bool, error) {
	c, err := parseChord(s.Keys)
	if err != nil {
		return false, nil
	}
	return c.mods&^modShift == 0 && movingKeys[strings.ToLower(c.key.Key)], nil
}

// clickFollows: a click that submits no form and chooses nothing (a
// native checkbox, radio or select): a link, or a control that shows
// more. What its page's script sends is the request guard's.
func (r *run) clickFollows(ctx context.Context, s Step) (bool, error) {
	res, err := r.consequence(ctx, r.snap.MarkNode[s.Mark], "")
	if err != nil || res.Gone {
		return res.Gone, err // a gone element fails the step itself
	}
	return !res.Submits && !res.Native, nil
}

// readOnlyCheck refuses step s on the page of origin when the profile
// makes it read-only and the step does more than look.
func (r *run) readOnlyCheck(ctx context.Context, s Step, origin string) error {
	if r.opts.ReadOnly == nil {
		return nil
	}
	rule := r.opts.ReadOnly(origin)
	if rule == "" {
		return nil
	}
	if looks := kinds[s.Action].looks; looks != nil {
		ok, err := looks(r, ctx, s)
		if err != nil || ok {
			return err
		}
	}
	return ReadOnlyRefusal(origin, rule, describeStep(s))
}

// ReadOnlyRefusal is the error of something a read-only site refuses: it
// names the rule (the profile's read_only pattern) and what was refused.
func ReadOnlyRefusal(origin, rule, what string) error {
	return toolerr.Errorf(toolerr.CodePermissionDenied,
		"%s is read-only for this session (its profile's read_only lists %s): you may look, read, scroll and follow links there, but not %s. It was not done; do not retry. Ask the person if it must be done.",
		origin, rule, what)
}

// describeStep names what a step would do, for a refusal.
func describeStep(s Step) string {
	switch s.Action {
	case Click:
		return "click what submits a form or chooses an option"
	case Press:
		return fmt.Sprintf("press %s (a key that edits or submits)", s.Keys)
	case Check, Uncheck:
		return s.Action.String() + " a box"
	}
	return s.Action.String()
}

// String is the action's name.
func (a Action) String() string { return string(a) }

// outgoing is the text step s would give the page: what it types, and
// the options it chooses.
func outgoing(s Step) string {
	var parts []string
	if typed := kinds[s.Action].typed; typed != nil {
		for _, t := range typed(&s) {
			parts = append(parts, *t)
		}
	}
	if s.Action == Select {
		parts = append(parts, s.Values...)
	}
	return strings.Join(parts, "\n")
}

// shareCheck asks the person, through Options.Share, before step s gives
// the page of origin text read on a private site; nil: it may run. (A
// click's link is checked once located: followLink.)
func (r *run) shareCheck(s Step, n int, origin string) error {
	text := outgoing(s)
	if r.opts.Share == nil || text == "" {
		return nil
	}
	return r.share(r.question(s, n), origin, text, false)
}

// followLink asks the person, through Options.Share, before a click on
// the link of href (as locate found it) opens a URL that carries text
// read on a private site; nil: it may.
func (r *run) followLink(s Step, n int, href string) error {
	if r.opts.Share == nil || href == "" {
		return nil
	}
	return r.share(r.question(s, n), browser.Origin(href), href, true)
}

// question is step s (number n) as a question shows it.
func (r *run) question(s Step, n int) Question {
	q := Question{Step: n, Action: string(s.Action), Mark: s.Mark}
	r.label(&q)
	return q
}

// share asks Options.Share about text (a URL when isURL) going to origin
// to, one question at a time, with the batch's time stopped.
func (r *run) share(q Question, to, text string, isURL bool) error {
	if r.guard != nil {
		r.guard.mu.Lock()
		defer r.guard.mu.Unlock()
	}
	r.budget.pause()
	defer r.budget.resume()
	return r.opts.Share(r.outer, q, to, text, isURL)
}

// mayCarry says whether a page of origin may hold text the session gives
// it: the batch types text, or the session typed on the site before.
func (r *run) mayCarry(origin string) bool {
	for _, s := range r.steps {
		if outgoing(s) != "" {
			return true
		}
	}
	return r.opts.Typed != nil && r.opts.Typed(origin)
}

// receiver is the origin step s gives its text to: the document of its
// mark's frame when the snapshot read frames (frames = "sites"), else
// the page's, origin. A frame whose document cannot be told is "": any
// private site's text is then looked for.
func (r *run) receiver(ctx context.Context, s Step, origin string) string {
	if s.Mark == 0 || r.snap.Place == nil || r.opts.Share == nil {
		return origin
	}
	fi, _ := r.snap.Where(r.snap.MarkNode[s.Mark])
	if fi == 0 {
		return origin
	}
	f := r.snap.FrameOf(fi)
	done := r.waiting()
	frames, err := r.t.Frames(ctx)
	done()
	if info, ok := frames[f.ID]; err == nil && ok {
		return browser.Origin(info.Address())
	}
	return ""
}
