package act

import (
	"context"
	"strings"
	"time"

	"github.com/diwall/diwall/host/browser"
	"github.com/diwall/diwall/protocol"
)

func (r *run) click(ctx context.Context, s Step) error {
	mods := 0
	for _, m := range s.Modifiers {
		bit, ok := modifierNames[strings.ToLower(m)]
		if !ok {
			return browser.Errorf(protocol.CodeInvalidArgument, "%q is not a modifier (Alt, Control, Meta, Shift).", m)
		}
		mods |= bit
	}
	switch s.Button {
	case "", "left", "right", "middle":
	default:
		return browser.Errorf(protocol.CodeInvalidArgument, "button must be left, right or middle.")
	}
	sr := &StepResult{}
	x, y, err := r.locate(ctx, s.Mark, sr)
	if err != nil {
		return err
	}
	count := 1
	if s.Double {
		count = 2
	}
	return r.mouseClick(ctx, x, y, s.Button, count, mods)
}

// typeInto focuses the field with a real click, optionally empties it, and
// types the text key by key.
func (r *run) typeInto(ctx context.Context, s Step) error {
	loc, err := r.locateFull(ctx, s.Mark, &StepResult{})
	if err != nil {
		return err
	}
	if !loc.Segmented {
		if err := r.mouseClick(ctx, loc.X, loc.Y, "left", 1, 0); err != nil || r.dialogOpened {
			return err
		}
	}
	if _, err := r.page(ctx, "focus", map[string]any{"i": r.snap.MarkNode[s.Mark]}); err != nil {
		return err
	}
	if s.Clear {
		if _, err := r.page(ctx, "selectAll", map[string]any{"i": r.snap.MarkNode[s.Mark]}); err != nil {
			return err
		}
		if err := r.press(ctx, chord{key: namedKeys["backspace"]}); err != nil {
			return err
		}
	}
	if err := r.typeText(ctx, s.Text); err != nil {
		return err
	}
	if s.Submit {
		return r.press(ctx, chord{key: namedKeys["enter"]})
	}
	return nil
}

// selectValues chooses options: in a native <select> as a person's choice
// would; in an ARIA combobox or listbox by opening it and clicking each
// option with the mouse.
func (r *run) selectValues(ctx context.Context, s Step) error {
	if len(s.Values) == 0 {
		return browser.Errorf(protocol.CodeInvalidArgument, "select needs values (option labels or values).")
	}
	i := r.snap.MarkNode[s.Mark]
	if _, _, err := r.locate(ctx, s.Mark, &StepResult{}); err != nil {
		return err
	}
	res, err := r.page(ctx, "selectNative", map[string]any{"i": i, "values": s.Values})
	if err != nil {
		return err
	}
	switch {
	case res.Stale:
		return staleErr()
	case res.Gone:
		return browser.Errorf(protocol.CodeElementGone, "The element of mark %d is no longer on the page.", s.Mark)
	case res.Disabled:
		return browser.Errorf(protocol.CodeNotActionable, "The select of mark %d is disabled.", s.Mark)
	case res.Missing != "":
		return browser.Errorf(protocol.CodeInvalidArgument, "Mark %d has no option %q; its options are listed in the tree.", s.Mark, res.Missing)
	case res.Single:
		return browser.Errorf(protocol.CodeInvalidArgument, "Mark %d takes one value.", s.Mark)
	case !res.NotSelect:
		return nil
	}
	// An ARIA widget: open it, then click the option.
	for _, v := range s.Values {
		x, y, err := r.locate(ctx, s.Mark, &StepResult{})
		if err != nil {
			return err
		}
		opt, err := r.page(ctx, "findOption", map[string]any{"i": i, "value": v})
		if err == nil && opt.Missing != "" {
			// Closed: open it first.
			if err := r.mouseClick(ctx, x, y, "left", 1, 0); err != nil {
				return err
			}
			opt, err = r.page(ctx, "findOption", map[string]any{"i": i, "value": v})
		}
		if err != nil {
			return err
		}
		if opt.Missing != "" || opt.Invisible {
			return browser.Errorf(protocol.CodeInvalidArgument, "Mark %d shows no option %q.", s.Mark, v)
		}
		if err := r.mouseClick(ctx, opt.X, opt.Y, "left", 1, 0); err != nil {
			return err
		}
	}
	return nil
}

// setChecked clicks a checkbox, radio or switch when its state differs,
// and checks that the click took.
func (r *run) setChecked(ctx context.Context, s Step, want bool) error {
	i := r.snap.MarkNode[s.Mark]
	res, err := r.page(ctx, "checked", map[string]any{"i": i})
	if err != nil {
		return err
	}
	if res.Gone {
		return browser.Errorf(protocol.CodeElementGone, "The element of mark %d is no longer on the page.", s.Mark)
	}
	if res.Checked == nil {
		return browser.Errorf(protocol.CodeNotActionable, "Mark %d cannot be checked (it is not a checkbox, radio or switch).", s.Mark)
	}
	if *res.Checked == want {
		return nil
	}
	if err := r.click(ctx, Step{Mark: s.Mark}); err != nil || r.dialogOpened {
		return err
	}
	after, err := r.page(ctx, "checked", map[string]any{"i": i})
	if err != nil {
		return err
	}
	if after.Checked == nil || *after.Checked != want {
		return browser.Errorf(protocol.CodeNotActionable, "Clicking mark %d did not change its state; the page may prevent it.", s.Mark)
	}
	return nil
}

// scroll scrolls an element into view (mark only), or the page (or the
// area under the mark) by dx, dy with the mouse wheel.
func (r *run) scroll(ctx context.Context, s Step, sr *StepResult) error {
	x, y := 400.0, 300.0
	if s.Mark != 0 {
		lx, ly, err := r.locate(ctx, s.Mark, sr) // scrolls it into view
		if err != nil && browser.AsError(err).Code != protocol.CodeCovered {
			return err
		}
		if s.DX == 0 && s.DY == 0 {
			return nil
		}
		x, y = lx, ly
	}
	dx, dy := s.DX, s.DY
	if dx == 0 && dy == 0 {
		dy = 600
	}
	if err := r.wheel(ctx, x, y, dx, dy); err != nil {
		return err
	}
	return r.scrollSettled(ctx)
}

// scrollSettled waits until the page's scroll position stops changing (a
// wheel scrolls smoothly, after the event is answered), at most a second.
func (r *run) scrollSettled(ctx context.Context) error {
	var last pageResult
	for i := 0; i < 20; i++ {
		done := r.waiting()
		select {
		case <-time.After(50 * time.Millisecond):
		case <-ctx.Done():
			done()
			return ctx.Err()
		}
		done()
		pos, err := r.page(ctx, "scrollPos", nil)
		if err != nil {
			return err
		}
		if i > 0 && pos.X == last.X && pos.Y == last.Y {
			return nil
		}
		last = pos
	}
	return nil
}

func (r *run) pressKeys(ctx context.Context, s Step) error {
	if s.Keys == "" {
		return browser.Errorf(protocol.CodeInvalidArgument, "press needs keys, e.g. Enter or Control+A.")
	}
	c, err := parseChord(s.Keys)
	if err != nil {
		return browser.Errorf(protocol.CodeInvalidArgument, "%v", err)
	}
	if s.Mark != 0 {
		res, err := r.page(ctx, "focus", map[string]any{"i": r.snap.MarkNode[s.Mark]})
		if err != nil {
			return err
		}
		if res.Gone {
			return browser.Errorf(protocol.CodeElementGone, "The element of mark %d is no longer on the page.", s.Mark)
		}
	}
	return r.press(ctx, c)
}

// wait waits for a time, for text to appear, or for a navigation to load.
func (r *run) wait(ctx context.Context, s Step, sr *StepResult) error {
	defer r.waiting()()
	switch {
	case s.MS > 0:
		if s.MS > 30000 {
			return browser.Errorf(protocol.CodeInvalidArgument, "wait at most 30000 ms.")
		}
		select {
		case <-time.After(time.Duration(s.MS) * time.Millisecond):
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	case s.Text != "":
		deadline := time.Now().Add(10 * time.Second)
		for {
			res, err := r.page(ctx, "hasText", map[string]any{"text": s.Text})
			if err != nil {
				return err
			}
			if res.Found {
				return nil
			}
			if time.Now().After(deadline) {
				return browser.Errorf(protocol.CodeTimeout, "The text did not appear within 10 s.")
			}
			select {
			case <-time.After(100 * time.Millisecond):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	case s.Navigation:
		before := r.b.Info(r.t).LoaderID
		events, stop := r.b.Record(r.t)
		defer stop()
		started := time.NewTimer(10 * time.Second)
		defer started.Stop()
		for r.b.Info(r.t).LoaderID == before {
			select {
			case m := <-events:
				if m == browser.EventMainFrameNavigating || m == "Page.frameNavigated" {
					r.settleLoad(ctx, events)
				}
			case <-started.C:
				return browser.Errorf(protocol.CodeTimeout, "No navigation happened within 10 s.")
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		sr.Navigated = true
		return nil
	}
	return browser.Errorf(protocol.CodeInvalidArgument, "wait needs ms, text or navigation.")
}
