package act

import (
	"context"
	"encoding/json"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
)

// Dragging. A person presses the button on the element, moves, and lets go
// over the target. Pages take that two ways: pointer events (sortable
// lists, sliders, canvases), which real mouse events give them; and HTML5
// drag and drop (draggable, dragstart, drop), which Chrome does not start
// from events it is sent. For those, Chrome is asked to hand over the drag
// it would start (Input.setInterceptDrags), and the drag events are sent
// with its data, as a person's drag would give them.

// dragMoves is how many moves a drag makes from its start to its end.
const dragMoves = 10

// dragStartWait bounds the wait for the drag Chrome intercepted.
const dragStartWait = 2 * time.Second

func (r *run) drag(ctx context.Context, s Step, sr *StepResult) error {
	from, err := r.locate(ctx, s.Mark, sr)
	if err != nil {
		return err
	}
	toX, toY := from.X+s.DX, from.Y+s.DY
	if s.ToMark != 0 {
		to, err := locateOp.do(ctx, r, locateArgs{nodeArgs: nodeAt(r.snap.MarkNode[s.ToMark]), NoScroll: true})
		if err != nil {
			return err
		}
		if to.Invisible {
			return toolerr.Errorf(toolerr.CodeNotActionable,
				"Mark %d is not in view while mark %d is: scroll so that both show (or drag by dx/dy), then drag.", s.ToMark, s.Mark)
		}
		if err := r.checkLocated(to, s.ToMark, sr); err != nil {
			return err
		}
		toX, toY = to.X+s.DX, to.Y+s.DY
	}
	if _, err := dragWatchOp.do(ctx, r, actArgs{}); err != nil {
		return err
	}
	r.t.TakeDragData() // a drag of an earlier step is not this one's
	intercepted, stop := r.t.Watch(func(m string) bool { return m == cdp.InputDragIntercepted })
	defer stop()
	held := func(typ string, x, y float64) browser.Command {
		buttons := 1
		if typ == "mouseReleased" {
			buttons = 0
		}
		return browser.Command{Method: cdp.InputDispatchMouseEvent, Params: cdp.MouseEventParams{
			Type: typ, X: x, Y: y, Button: "left", Buttons: &buttons, ClickCount: 1,
		}}
	}
	at := func(k int) (float64, float64) {
		f := float64(k) / dragMoves
		return from.X + (toX-from.X)*f, from.Y + (toY-from.Y)*f
	}
	// Press, and move a little: past the distance pages and Chrome wait
	// for before a drag begins.
	x1, y1 := at(1)
	err = r.send(ctx, []browser.Command{
		{Method: cdp.InputSetInterceptDrags, Params: cdp.SetInterceptDragsParams{Enabled: true}},
		mouseEvent("mouseMoved", from.X, from.Y, "", 0, 0),
		held("mousePressed", from.X, from.Y),
		held("mouseMoved", x1, y1),
	})
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), helperWait)
		defer cancel()
		_ = r.t.CDP(ctx, cdp.InputSetInterceptDrags, cdp.SetInterceptDragsParams{Enabled: false}, nil)
	}()
	if err != nil || r.dialogOpened {
		return err
	}
	started, err := dragStartedOp.do(ctx, r, actArgs{})
	if err != nil {
		return err
	}
	if data := r.dragData(ctx, started.Found, intercepted); data != nil {
		var cmds []browser.Command
		dragEvent := func(typ string, x, y float64) browser.Command {
			return browser.Command{Method: cdp.InputDispatchDragEvent, Params: cdp.DragEventParams{Type: typ, X: x, Y: y, Data: data}}
		}
		x, y := at(2)
		cmds = append(cmds, dragEvent("dragEnter", x, y))
		for k := 3; k <= dragMoves; k++ {
			x, y := at(k)
			cmds = append(cmds, dragEvent("dragOver", x, y))
		}
		cmds = append(cmds, dragEvent("drop", toX, toY), held("mouseReleased", toX, toY))
		return r.send(ctx, cmds)
	}
	// Pointer events: move step by step, each taken before the next, and
	// let go over the target.
	for k := 2; k <= dragMoves; k++ {
		x, y := at(k)
		if err := r.send(ctx, []browser.Command{held("mouseMoved", x, y)}); err != nil || r.dialogOpened {
			return err
		}
	}
	return r.send(ctx, []browser.Command{held("mouseReleased", toX, toY)})
}

// dragData is the data of the HTML5 drag the page started, which Chrome
// hands over instead of running it; nil when the page started none.
func (r *run) dragData(ctx context.Context, started bool, intercepted <-chan string) json.RawMessage {
	if d := r.t.TakeDragData(); d != nil || !started {
		return d
	}
	// The page's dragstart ran: Chrome's report of the drag follows.
	defer r.waiting()()
	wait := time.NewTimer(dragStartWait)
	defer wait.Stop()
	select {
	case <-intercepted:
	case <-wait.C:
	case <-ctx.Done():
	}
	return r.t.TakeDragData()
}
