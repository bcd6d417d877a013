package act

import (
	"context"
	"errors"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
)

// inputWait bounds the browser's answer to one burst of input events (the
// time per event is added): a page whose main thread is stuck takes none.
const inputWait = 5 * time.Second

// send sends input events (and any other commands) to the tab in order,
// all in flight at once, and waits for the browser to have run them. A
// page that opens a dialog from a handler answers nothing more until the
// dialog is handled: send returns then, with dialogOpened set (the input
// took: its handler opened the dialog).
func (r *run) send(ctx context.Context, cmds []browser.Command) error {
	if r.dialogOpened || len(cmds) == 0 {
		return nil
	}
	defer r.waiting()()
	ctx, cancel := context.WithTimeout(ctx, inputWait+time.Duration(len(cmds))*2*time.Millisecond)
	defer cancel()
	err := r.t.Pipeline(ctx, cmds)
	if errors.Is(err, browser.ErrDialogOpened) {
		r.dialogOpened = true
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

func mouseEvent(typ string, x, y float64, button string, count, mods int) browser.Command {
	p := cdp.MouseEventParams{Type: typ, X: x, Y: y, Modifiers: mods}
	if typ != "mouseMoved" {
		p.Button, p.ClickCount = buttonName(button), count
	}
	return browser.Command{Method: cdp.InputDispatchMouseEvent, Params: p}
}

// clickEvents move the mouse to (x, y) and click count times with button.
func clickEvents(x, y float64, button string, count, mods int) []browser.Command {
	cmds := []browser.Command{mouseEvent("mouseMoved", x, y, "", 0, mods)}
	for i := 1; i <= count; i++ {
		cmds = append(cmds, mouseEvent("mousePressed", x, y, button, i, mods), mouseEvent("mouseReleased", x, y, button, i, mods))
	}
	return cmds
}

func (r *run) mouseClick(ctx context.Context, x, y float64, button string, count, mods int) error {
	return r.send(ctx, clickEvents(x, y, button, count, mods))
}

func keyEvent(typ string, k key, mods int) browser.Command {
	p := cdp.KeyEventParams{Type: typ, Key: k.Key, Code: k.Code, WindowsVirtualKeyCode: k.KeyCode, Modifiers: mods}
	if typ == "keyDown" && k.Text != "" {
		p.Text = k.Text
		p.UnmodifiedText = k.Text
	}
	return browser.Command{Method: cdp.InputDispatchKeyEvent, Params: p}
}

// chordEvents press a chord: modifiers down, the key down and up,
// modifiers up.
func chordEvents(c chord) []browser.Command {
	var cmds []browser.Command
	var held int
	for _, bit := range []int{modCtrl, modAlt, modMeta, modShift} {
		if c.mods&bit != 0 {
			held |= bit
			cmds = append(cmds, keyEvent("rawKeyDown", modifierKeys[bit], held))
		}
	}
	down := "rawKeyDown"
	if c.key.Text != "" {
		down = "keyDown"
	}
	cmds = append(cmds, keyEvent(down, c.key, held), keyEvent("keyUp", c.key, held))
	for _, bit := range []int{modShift, modMeta, modAlt, modCtrl} {
		if held&bit != 0 {
			held &^= bit
			cmds = append(cmds, keyEvent("keyUp", modifierKeys[bit], held))
		}
	}
	return cmds
}

func (r *run) press(ctx context.Context, c chord) error {
	return r.send(ctx, chordEvents(c))
}

// keyEvents type text key by key: each character's keydown (which types
// it) and keyup; a line break is the Enter key.
func keyEvents(text string) []browser.Command {
	cmds := make([]browser.Command, 0, 2*len(text))
	for _, ch := range text {
		k := charKey(ch)
		cmds = append(cmds, keyEvent("keyDown", k, 0), keyEvent("keyUp", k, 0))
	}
	return cmds
}

// wheel scrolls by (dx, dy) CSS pixels with the mouse wheel at (x, y).
func (r *run) wheel(ctx context.Context, x, y, dx, dy float64) error {
	return r.send(ctx, []browser.Command{{Method: cdp.InputDispatchMouseEvent, Params: cdp.MouseEventParams{
		Type: "mouseWheel", X: x, Y: y, DeltaX: &dx, DeltaY: &dy,
	}}})
}

// newTabWait bounds the wait for a tab the page said it opens.
const newTabWait = 3 * time.Second

// settle looks at what an input set off: a navigation (then it waits for
// the load), a dialog, a new tab. It waits for nothing that did not start:
// one evaluation in the page is answered only after the events the input
// caused there (a navigation asked for, a window opened, a dialog), so
// after it the recorded events tell. look false skips that evaluation, for
// a step whose own helper answered after what it set off.
func (r *run) settle(ctx context.Context, events <-chan string, look bool) {
	defer r.waiting()()
	navigating, opening := false, false
	drain := func() bool {
		for {
			select {
			case m := <-events:
				switch m {
				case browser.EventMainFrameNavigating, browser.EventMainFrameCommitted:
					navigating = true
				case cdp.PageLoadEventFired, browser.EventRestored, cdp.PageNavigatedWithinDocument, browser.EventMainFrameStopped:
					navigating = false // it is over already
				case cdp.PageWindowOpen:
					opening = true
				case cdp.PageJavascriptDialogOpening:
					r.dialogOpened = true
					return false
				case "", "detached":
					return false
				}
			default:
				return true
			}
		}
	}
	if !drain() {
		return
	}
	if !navigating && look {
		// Nothing seen yet: look once, through the page.
		r.barrier(ctx)
		if !drain() || r.dialogOpened {
			return
		}
	}
	if navigating {
		r.settleLoad(ctx, events)
	}
	if opening && !r.dialogOpened {
		r.waitNewTab(ctx)
	}
}

// barrier is one round trip through the page's main thread.
func (r *run) barrier(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, helperWait)
	defer cancel()
	err := r.t.CDPUnlessDialog(ctx, cdp.RuntimeEvaluate, cdp.EvaluateParams{
		Expression: `new Promise((done) => setTimeout(() => done(0), 0))`, AwaitPromise: true, ReturnByValue: true,
	}, nil)
	if errors.Is(err, browser.ErrDialogOpened) {
		r.dialogOpened = true
	}
}

// settleLoad waits for the load of a navigation that has started, or its
// end without a page (a download, an empty answer).
func (r *run) settleLoad(ctx context.Context, events <-chan string) {
	defer r.waiting()()
	wait := time.NewTimer(browser.LoadWait)
	defer wait.Stop()
	for {
		select {
		case m := <-events:
			switch m {
			case cdp.PageLoadEventFired, browser.EventRestored, cdp.PageNavigatedWithinDocument, browser.EventMainFrameStopped, "", "detached":
				return
			case cdp.PageJavascriptDialogOpening:
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

// waitNewTab waits until the tab the page opened is the session's.
func (r *run) waitNewTab(ctx context.Context) {
	defer r.waiting()()
	before := newestTab(r.t.Browser(), r.owner)
	deadline := time.NewTimer(newTabWait)
	defer deadline.Stop()
	for {
		added := r.t.Browser().TabAdded()
		if newestTab(r.t.Browser(), r.owner) != before {
			return
		}
		select {
		case <-added:
		case <-deadline.C:
			return
		case <-ctx.Done():
			return
		}
	}
}

// objectGroup holds the page objects an act takes by reference.
const objectGroup = "diwall-act"

// release lets the page's objects the batch held go.
func (r *run) release() {
	if !r.objects {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), helperWait)
	defer cancel()
	release := cdp.ReleaseObjectGroupParams{ObjectGroup: objectGroup}
	_ = r.t.CDP(ctx, cdp.RuntimeReleaseObjectGroup, release, nil)
	for _, f := range r.snap.Frames {
		if f.Frame.Session != "" {
			_ = r.t.CDPIn(ctx, f.Frame.Session, cdp.RuntimeReleaseObjectGroup, release, nil)
		}
	}
}
