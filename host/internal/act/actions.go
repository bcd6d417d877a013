package act

import (
	"context"
	"strings"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
)

func (r *run) click(ctx context.Context, s Step, sr *StepResult) error {
	mods := 0
	for _, m := range s.Modifiers {
		mods |= modifierNames[strings.ToLower(m)]
	}
	at, err := r.locate(ctx, s.Mark, sr)
	if err != nil {
		return err
	}
	if at.File {
		return toolerr.Errorf(toolerr.CodeNotActionable,
			"Mark %d is a file input: a click would open a file chooser you cannot use. Use {action:\"upload\", mark:%d, files:[...]} with files from the upload folder.", s.Mark, s.Mark)
	}
	if err := r.followLink(s, sr.Step, at.Href); err != nil {
		return err
	}
	count := 1
	if s.Double {
		count = 2
	}
	return r.mouseClick(ctx, at.X, at.Y, s.Button, count, mods)
}

func (r *run) hover(ctx context.Context, s Step, sr *StepResult) error {
	at, err := r.locate(ctx, s.Mark, sr)
	if err != nil {
		return err
	}
	return r.send(ctx, []browser.Command{mouseEvent("mouseMoved", at.X, at.Y, "", 0, 0)})
}

// selectValues chooses options: in a native <select> as a person's choice
// would; in an ARIA combobox or listbox by opening it and clicking each
// option with the mouse.
func (r *run) selectValues(ctx context.Context, s Step, sr *StepResult) error {
	i := r.snap.MarkNode[s.Mark]
	r.ariaSelect = false
	var res selectNativeAnswer
	var err error
	args := selectNativeArgs{nodeArgs: nodeAt(i), Values: s.Values}
	if r.inflight != nil {
		res, err = selectNativeOp.do(ctx, r, args)
	} else if a, ok := selectNativeOp.ahead(r, args); ok {
		res = a
	} else {
		// The next step's first helper goes right behind this one.
		cmds, decode, cerr := withAhead(ctx, r, selectNativeOp, args)
		if cerr != nil {
			return cerr
		}
		if err := r.send(ctx, cmds); err != nil || r.dialogOpened {
			return err
		}
		res, err = decode()
	}
	if err != nil {
		return err
	}
	if err := r.checkLocated(res, s.Mark, sr); err != nil {
		return err
	}
	switch {
	case res.Missing != "":
		return toolerr.Errorf(toolerr.CodeInvalidArgument, "Mark %d has no option %q; its options are listed in the tree.", s.Mark, res.Missing)
	case res.Single:
		return toolerr.Errorf(toolerr.CodeInvalidArgument, "Mark %d takes one value.", s.Mark)
	case !res.NotSelect:
		return nil
	}
	// An ARIA widget: open it, then click the option.
	r.ariaSelect = true
	for _, v := range s.Values {
		at, err := r.locate(ctx, s.Mark, sr)
		if err != nil {
			return err
		}
		opt, err := findOptionOp.do(ctx, r, findOptionArgs{nodeArgs: nodeAt(i), Value: v})
		if err == nil && opt.Missing != "" {
			// Closed: open it first.
			if err := r.mouseClick(ctx, at.X, at.Y, "left", 1, 0); err != nil || r.dialogOpened {
				return err
			}
			opt, err = findOptionOp.do(ctx, r, findOptionArgs{nodeArgs: nodeAt(i), Value: v})
		}
		if err != nil {
			return err
		}
		if opt.Missing != "" || opt.Invisible {
			return toolerr.Errorf(toolerr.CodeInvalidArgument, "Mark %d shows no option %q.", s.Mark, v)
		}
		if opt.Covered != nil {
			return r.checkLocated(opt, s.Mark, sr)
		}
		if err := r.mouseClick(ctx, opt.X, opt.Y, "left", 1, 0); err != nil || r.dialogOpened {
			return err
		}
	}
	return nil
}

// setChecked clicks a checkbox, radio or switch when its state differs,
// and checks that the click took: the check is sent right behind the
// click, guarded so that it runs once the page has taken the click.
func (r *run) setChecked(ctx context.Context, s Step, sr *StepResult, want bool) error {
	i := r.snap.MarkNode[s.Mark]
	res, err := checkTargetOp.do(ctx, r, checkTargetArgs{nodeArgs: nodeAt(i)})
	if err != nil {
		return err
	}
	if res.Gone || res.Stale {
		return r.checkLocated(res, s.Mark, sr)
	}
	if res.Checked == nil {
		return toolerr.Errorf(toolerr.CodeNotActionable, "Mark %d cannot be checked (it is not a checkbox, radio or switch).", s.Mark)
	}
	if *res.Checked == want {
		return nil
	}
	if err := r.checkLocated(res, s.Mark, sr); err != nil {
		return err
	}
	cmds := clickEvents(res.X, res.Y, "left", 1, 0)
	var decode func() (checkTargetAnswer, error)
	if res.Seen != nil {
		// The verification (and the next step's first helper) right
		// behind the click, guarded by the page's count of clicks.
		seen := *res.Seen
		seen.Click++
		verify := checkTargetArgs{nodeArgs: nodeAt(i), Only: true, Want: want}
		verify.After = &seen
		vcmds, d, err := withAhead(ctx, r, checkTargetOp, verify)
		if err == nil {
			vcmds[0].Optional = true
			cmds, decode = append(cmds, vcmds...), d
		}
	}
	if err := r.send(ctx, cmds); err != nil || r.dialogOpened {
		return err
	}
	var after checkTargetAnswer
	after.NotYet = true
	if decode != nil {
		if a, err := decode(); err == nil {
			after = a
		}
	}
	if after.NotYet {
		r.ahead = nil
		if after, err = checkTargetOp.now(ctx, r, checkTargetArgs{nodeArgs: nodeAt(i), Only: true}); err != nil {
			return err
		}
	}
	if after.Checked == nil || *after.Checked != want {
		return toolerr.Errorf(toolerr.CodeNotActionable, "Clicking mark %d did not change its state; the page may prevent it.", s.Mark)
	}
	return nil
}

// scroll scrolls an element into view (mark only), or the page (or the
// area under the mark) by dx, dy with the mouse wheel.
func (r *run) scroll(ctx context.Context, s Step, sr *StepResult) error {
	x, y := 400.0, 300.0
	if s.Mark != 0 {
		// locate scrolls it into view; covered or not, it is in view now.
		p, err := locateOp.do(ctx, r, locateArgs{nodeArgs: nodeAt(r.snap.MarkNode[s.Mark])})
		if err != nil {
			return err
		}
		p.Covered, p.Disabled = nil, false
		if err := r.checkLocated(p, s.Mark, sr); err != nil {
			return err
		}
		if s.DX == 0 && s.DY == 0 {
			return nil
		}
		x, y = p.X, p.Y
	}
	dx, dy := s.DX, s.DY
	if dx == 0 && dy == 0 {
		dy = 600
	}
	watch, err := scrollWatchOp.do(ctx, r, actArgs{})
	if err != nil {
		return err
	}
	if err := r.wheel(ctx, x, y, dx, dy); err != nil || r.dialogOpened {
		return err
	}
	// A wheel scrolls smoothly, after the event is answered: wait for the
	// page's scrollend (at most a second).
	_, err = scrollDoneOp.now(ctx, r, scrollDoneArgs{Since: watch.Ends, Wait: 1000})
	return err
}

// pressKeys presses a key or chord, in the mark's field when the step
// names one (focused first), else in whatever has the focus.
func (r *run) pressKeys(ctx context.Context, s Step) error {
	c, _ := parseChord(s.Keys) // checked by validate
	r.keysAstray = true
	if s.Mark != 0 {
		res, err := focusOp.do(ctx, r, nodeAt(r.snap.MarkNode[s.Mark]))
		if err != nil {
			return err
		}
		if res.Gone || res.Stale {
			return r.checkLocated(res, s.Mark, &StepResult{})
		}
		r.keysAstray = !res.Focused
	}
	return r.press(ctx, c)
}
