package browser

import (
	"context"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// starter is a Caller that can have several requests in flight at once,
// sent in order (*extlink.Link implements it).
type starter interface {
	Start(method string, params any) func(ctx context.Context, result any) error
}

// Command is one CDP command of a pipeline. Result, when not nil,
// receives the command's result. The failure of an Optional command is not
// the pipeline's (its Result stays as it was).
type Command struct {
	Method   cdp.Method
	Params   any
	Result   any
	Optional bool
	// Session sends it to a child session of the tab (an out-of-process
	// frame's, see Frame); "" is the tab's own.
	Session string
}

// Pipeline sends the commands to the tab in order, without waiting for
// each answer before sending the next, then waits for every answer: the
// keys of a word cost about one round trip instead of one each. The
// browser runs them in the order sent. It returns the first error, or
// ErrDialogOpened as soon as a dialog opens (the page answers nothing
// more until the dialog is handled; the commands not yet run may run
// after it is).
func (t *Tab) Pipeline(ctx context.Context, cmds []Command) error {
	return t.StartPipeline(ctx, cmds)()
}

// StartPipeline sends the commands as Pipeline does and returns at once,
// with the function that waits for their answers as Pipeline does. The
// caller must call it.
func (t *Tab) StartPipeline(ctx context.Context, cmds []Command) (wait func() error) {
	b := t.b
	if len(cmds) == 0 {
		return func() error { return nil }
	}
	opened, stop := t.Watch(func(m string) bool { return m == cdp.PageJavascriptDialogOpening })
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	if s, ok := b.ext.(starter); ok {
		waits := make([]func(context.Context, any) error, len(cmds))
		for i, c := range cmds {
			waits[i] = s.Start(protocol.MethodCDP, protocol.CDPParams{TabID: t.ChromeID, SessionID: c.Session, Method: string(c.Method), Params: c.Params})
		}
		go func() {
			var first error
			for i, w := range waits {
				if err := w(ctx, cmds[i].Result); err != nil && first == nil && (!cmds[i].Optional || ctx.Err() != nil) {
					first = cdp.Wrap(cmds[i].Method, err)
				}
			}
			done <- first
		}()
	} else {
		go func() {
			for _, c := range cmds {
				if err := t.CDPIn(ctx, c.Session, c.Method, c.Params, c.Result); err != nil && (!c.Optional || ctx.Err() != nil) {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	return func() error {
		defer stop()
		defer cancel()
		select {
		case err := <-done:
			return err
		case m := <-opened:
			if m == cdp.PageJavascriptDialogOpening {
				return ErrDialogOpened
			}
			return <-done // the tab is gone or detached: the calls end too
		}
	}
}

// UnlessDialog runs f, and stops waiting for it when a dialog opens on
// the tab (ErrDialogOpened): f may wait on the page, which answers nothing
// while a dialog is open. It stops too when the page crashes (ErrCrashed),
// since a crashed page answers nothing at all. f's context is cancelled
// then.
func (t *Tab) UnlessDialog(ctx context.Context, f func(ctx context.Context) error) error {
	opened, stop := t.Watch(func(m string) bool { return m == cdp.PageJavascriptDialogOpening || m == cdp.InspectorTargetCrashed })
	defer stop()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f(ctx) }()
	select {
	case err := <-done:
		return err
	case m := <-opened:
		switch m {
		case cdp.PageJavascriptDialogOpening:
			return ErrDialogOpened
		case cdp.InspectorTargetCrashed:
			return ErrCrashed
		}
		return <-done
	}
}
