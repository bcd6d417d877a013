package act

import (
	"context"
	"errors"
	"time"

	"github.com/diwall/diwall/host/browser"
)

// dispatch sends one input event. A page that opens a dialog from its
// handler blocks the event's answer until the dialog is handled, so the
// dispatch returns as soon as a dialog opens.
func (r *run) dispatch(ctx context.Context, method string, params map[string]any) error {
	defer r.waiting()()
	err := r.b.CDPUnlessDialog(ctx, r.t, method, params, nil)
	if errors.Is(err, browser.ErrDialogOpened) {
		r.dialogOpened = true // the input took: its handler opened the dialog
		return nil
	}
	return err
}

func buttonName(b string) string {
	switch b {
	case "right", "middle":
		return b
	}
	return "left"
}

// mouseClick moves to (x, y) and clicks count times with button.
func (r *run) mouseClick(ctx context.Context, x, y float64, button string, count, mods int) error {
	if err := r.dispatch(ctx, "Input.dispatchMouseEvent", map[string]any{"type": "mouseMoved", "x": x, "y": y, "modifiers": mods}); err != nil {
		return err
	}
	for i := 1; i <= count; i++ {
		for _, typ := range []string{"mousePressed", "mouseReleased"} {
			if r.dialogOpened {
				return nil
			}
			err := r.dispatch(ctx, "Input.dispatchMouseEvent", map[string]any{
				"type": typ, "x": x, "y": y, "button": buttonName(button), "clickCount": i, "modifiers": mods,
			})
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// press sends a chord: modifiers down, the key down and up, modifiers up.
func (r *run) press(ctx context.Context, c chord) error {
	var held int
	for _, bit := range []int{modCtrl, modAlt, modMeta, modShift} {
		if c.mods&bit == 0 {
			continue
		}
		held |= bit
		if err := r.keyEvent(ctx, "rawKeyDown", modifierKeys[bit], held); err != nil {
			return err
		}
	}
	down := "rawKeyDown"
	if c.key.Text != "" {
		down = "keyDown"
	}
	if err := r.keyEvent(ctx, down, c.key, held); err != nil {
		return err
	}
	if err := r.keyEvent(ctx, "keyUp", c.key, held); err != nil {
		return err
	}
	for _, bit := range []int{modShift, modMeta, modAlt, modCtrl} {
		if held&bit == 0 {
			continue
		}
		held &^= bit
		if err := r.keyEvent(ctx, "keyUp", modifierKeys[bit], held); err != nil {
			return err
		}
	}
	return nil
}

func (r *run) keyEvent(ctx context.Context, typ string, k key, mods int) error {
	if r.dialogOpened {
		return nil
	}
	p := map[string]any{"type": typ, "key": k.Key, "code": k.Code, "windowsVirtualKeyCode": k.KeyCode, "modifiers": mods}
	if typ == "keyDown" && k.Text != "" {
		p["text"] = k.Text
		p["unmodifiedText"] = k.Text
	}
	return r.dispatch(ctx, "Input.dispatchKeyEvent", p)
}

// typeText types text key by key, so that key handlers see each key; long
// text is inserted at once after its first keys.
func (r *run) typeText(ctx context.Context, text string) error {
	const keyed = 200
	runes := []rune(text)
	for i, ch := range runes {
		if i == keyed {
			return r.dispatch(ctx, "Input.insertText", map[string]any{"text": string(runes[i:])})
		}
		if err := r.press(ctx, chord{key: charKey(ch)}); err != nil {
			return err
		}
	}
	return nil
}

// wheel scrolls by (dx, dy) CSS pixels with the mouse wheel at (x, y).
func (r *run) wheel(ctx context.Context, x, y, dx, dy float64) error {
	return r.dispatch(ctx, "Input.dispatchMouseEvent", map[string]any{
		"type": "mouseWheel", "x": x, "y": y, "deltaX": dx, "deltaY": dy,
	})
}

// settle waits briefly after an input for what it set off: a navigation
// (then its load), a dialog, a new tab.
func (r *run) settle(ctx context.Context, events <-chan string) {
	defer r.waiting()()
	quiet := time.NewTimer(settleQuiet)
	defer quiet.Stop()
	loadWait := time.NewTimer(browser.LoadWait)
	defer loadWait.Stop()
	navigating := false
	for {
		select {
		case m := <-events:
			switch m {
			case browser.EventMainFrameNavigating:
				navigating = true
			case "Page.frameNavigated":
				navigating = true
			case "Page.loadEventFired", browser.EventRestored:
				if navigating {
					return
				}
			case "Page.navigatedWithinDocument":
				if !navigating {
					return
				}
			case "Page.javascriptDialogOpening":
				r.dialogOpened = true
				return
			case "", "detached":
				return
			}
		case <-quiet.C:
			if !navigating {
				return
			}
		case <-loadWait.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// settleLoad waits for the load of a navigation that has started.
func (r *run) settleLoad(ctx context.Context, events <-chan string) {
	defer r.waiting()()
	wait := time.NewTimer(browser.LoadWait)
	defer wait.Stop()
	for {
		select {
		case m := <-events:
			switch m {
			case "Page.loadEventFired", browser.EventRestored, "", "detached":
				return
			case "Page.javascriptDialogOpening":
				r.dialogOpened = true
				return
			}
		case <-wait.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// settleQuiet is how long an input may take to start a navigation.
const settleQuiet = 100 * time.Millisecond
