package act

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// Typing. A person's typing gives the page focus, then for each character
// keydown, beforeinput, input and keyup, and change when the field is
// left. Most pages only listen for input and change: for them the text
// goes in as one insertion (beforeinput and input once, like a paste or
// an input method), which costs one round trip whatever its length. A page
// that listens for keys on the field or an element around it, the document
// or the window, and a field the page formats or checks as it is typed (a
// mask, a card number, a date, a pattern), gets each key; those keys are
// sent all at once and run in order, so they cost about one round trip too.

// maxKeyed bounds the characters typed key by key in one step; the rest of
// a longer text is inserted at once.
const maxKeyed = 1000

// typeInto types s.Text into the mark's field. When the next step begins
// with a page helper, the input is left in flight (see startInflight) and
// that helper runs right behind it, guarded.
func (r *run) typeInto(ctx context.Context, s Step, sr *StepResult, nextGuarded bool) error {
	i := r.snap.MarkNode[s.Mark]
	field, err := typeTargetOp.do(ctx, r, typeTargetArgs{nodeArgs: nodeAt(i), Clear: s.Clear})
	if err != nil {
		return err
	}
	if err := r.checkLocated(field, s.Mark, sr); err != nil {
		return err
	}
	if field.NotText != "" {
		// Typing into a button or a link would only press it: never
		// done, whatever the text.
		return toolerr.Errorf(toolerr.CodeNotActionable,
			"Mark %d is a %s, which takes no typed text. To press it, click it; to type, choose a text field.", s.Mark, field.NotText)
	}
	var cmds []browser.Command
	var expect *counts // what the page counts once the input has run, when that is exact
	if field.Kind == "other" {
		// Not a field the page lets us focus and fill (a widget that takes
		// keys): click it, as a person would, and type key by key.
		if err := r.mouseClick(ctx, field.X, field.Y, "left", 1, 0); err != nil || r.dialogOpened {
			return err
		}
		if s.Clear {
			cmds = append(chordEvents(chord{mods: modCtrl, key: charKey('a')}), chordEvents(chord{key: namedKeys["backspace"]})...)
		}
		cmds = append(cmds, keyEvents(s.Text)...)
	} else {
		if s.Clear && s.Text == "" && !field.Empty {
			cmds = chordEvents(chord{key: namedKeys["backspace"]}) // the selection is all of it
		}
		if !field.AtEnd && !s.Clear {
			cmds = chordEvents(chord{key: namedKeys["end"]})
		}
		keyed := field.Keyed || r.keyedField(ctx, i, field.Formatted)
		var text []browser.Command
		if keyed {
			text = typedKeys(s.Text)
		} else {
			text = insertion(s.Text)
		}
		if len(cmds) == 0 && field.Seen != nil && len(text) > 0 {
			// Only keys (the last a keyup), or one insertion: once the
			// page has counted that many, all of it has run.
			e := *field.Seen
			switch {
			case keyed && len([]rune(s.Text)) <= maxKeyed:
				e.KeyUp += len(text) / 2
				expect = &e
			case !keyed && len(text) == 1:
				e.BeforeInput++
				expect = &e
			}
		}
		cmds = append(cmds, text...)
	}
	if s.Submit {
		cmds = append(cmds, chordEvents(chord{key: namedKeys["enter"]})...)
		expect = nil
	}
	if nextGuarded && expect != nil && !r.dialogOpened {
		r.startInflight(ctx, cmds, expect)
		r.inflightFrame, _ = r.snap.Where(i)
		return nil
	}
	return r.send(ctx, cmds)
}

// startInflight sends input events and leaves them in flight: the next
// step's helper is sent right behind them, guarded by expect (it does
// nothing until the page has counted that many events), and the answers
// are collected by finishInflight.
func (r *run) startInflight(ctx context.Context, cmds []browser.Command, expect *counts) {
	ctx, cancel := context.WithTimeout(ctx, inputWait+time.Duration(len(cmds))*2*time.Millisecond)
	wait := r.t.StartPipeline(ctx, cmds)
	r.expect = expect
	r.inflight = func() error {
		defer cancel()
		defer r.waiting()()
		return wait()
	}
}

// finishInflight waits for the input a type step left in flight.
func (r *run) finishInflight() error {
	if r.inflight == nil {
		return nil
	}
	wait := r.inflight
	r.inflight, r.expect = nil, nil
	err := wait()
	if errors.Is(err, browser.ErrDialogOpened) {
		r.dialogOpened = true
		return nil
	}
	return err
}

// typedKeys types text key by key, up to maxKeyed characters, and inserts
// the rest at once.
func typedKeys(text string) []browser.Command {
	runes := []rune(text)
	if len(runes) <= maxKeyed {
		return keyEvents(text)
	}
	return append(keyEvents(string(runes[:maxKeyed])), insertion(string(runes[maxKeyed:]))...)
}

// insertion inserts text at the caret as typed text (beforeinput and input
// events, no keys), each line break as the Enter key.
func insertion(text string) []browser.Command {
	var cmds []browser.Command
	for j, line := range strings.Split(text, "\n") {
		if j > 0 {
			cmds = append(cmds, chordEvents(chord{key: namedKeys["enter"]})...)
		}
		if line != "" {
			cmds = append(cmds, browser.Command{Method: cdp.InputInsertText, Params: cdp.InsertTextParams{Text: line}})
		}
	}
	return cmds
}

// keyedField says whether the field of node i is typed key by key: the
// page listens for keys on it, or it looks formatted (see act.js) and the
// page listens for input or keys at all (a page with no such listener
// formats nothing). The first time a batch needs it, it learns it for
// every field the batch types into: from what was learnt after the
// observation (LearnKeys; the first field's helper has run meanwhile),
// else by asking now. What it cannot learn counts as no listener.
func (r *run) keyedField(ctx context.Context, i int, formatted bool) bool {
	if r.keyed == nil {
		r.keyed = map[int]bool{}
		var nodes []int
		for _, s := range r.steps {
			if n, ok := r.snap.MarkNode[s.Mark]; ok && s.Action == Type && !slices.Contains(nodes, n) {
				nodes = append(nodes, n)
			}
		}
		done := r.waiting()
		got, ok := learnt(ctx, r.snap.ID, nodes)
		maps.Copy(r.keyed, got.keyed)
		r.pageListens = got.pageListens || !ok
		var missing []int
		for _, n := range nodes {
			if _, ok := r.keyed[n]; !ok {
				missing = append(missing, n)
			}
		}
		if len(missing) > 0 {
			if more, err := keyListenersOf(ctx, r.t, r.snap, missing); err == nil {
				maps.Copy(r.keyed, more.keyed)
				r.pageListens = more.pageListens
			} else {
				r.pageListens = true
			}
		}
		done()
	}
	return r.keyed[i] || formatted && r.pageListens
}
