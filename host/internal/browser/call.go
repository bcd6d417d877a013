package browser

import (
	"context"
	"fmt"
	"strconv"

	"github.com/diwall/diwall/host/internal/cdp"
)

// The host's page functions get their arguments as arguments
// (Runtime.callFunctionOn), never spliced into their text: a function's
// text is the host's own, whatever the arguments hold.

// PageFunction is one of the host's functions that run in isolated worlds.
// Its source, a JavaScript function expression, is sent once per world,
// which defines it under Global; later calls send a call by that name and
// their arguments only.
type PageFunction struct {
	Name   string // among the host's scripts of a world (InstalledIn)
	Global string // the global of the isolated world it is defined under
	Source string
}

// Missing is what a call by name answers in a world that does not hold
// the function (a world made since it was defined there).
const Missing = `{"uninstalled":true}`

// Declaration is the function declaration that calls p with the
// arguments of the call: its whole source, which defines it, when define
// is set, else a call by name.
func (p PageFunction) Declaration(define bool) string {
	g := "globalThis." + p.Global
	if define {
		return "function (...args) { return (" + g + " = (" + p.Source + "\n))(...args); }"
	}
	return "function (...args) { return " + g + " ? " + g + "(...args) : " + strconv.Quote(Missing) + "; }"
}

// Args are the arguments of a page function call, as values.
func Args(values ...any) []cdp.CallArgument {
	args := make([]cdp.CallArgument, len(values))
	for i, v := range values {
		args[i] = cdp.CallArgument{Value: v}
	}
	return args
}

// CallParams are those of a call of the function declaration fn with args
// in execution context world, answering by value (a promise's value with
// await).
func CallParams(world int, fn string, args []cdp.CallArgument, await bool) cdp.CallFunctionOnParams {
	return cdp.CallFunctionOnParams{FunctionDeclaration: fn, ExecutionContextID: world, Arguments: args, ReturnByValue: true, AwaitPromise: await}
}

// CallIn calls the host's function declaration fn in the isolated world of
// frame f with args, and returns its value, which must be a string (with
// await, a promise of one, which it waits for). ctx bounds the call:
// Runtime.callFunctionOn has no timeout of its own. It never runs
// JavaScript that came from the model.
func (t *Tab) CallIn(ctx context.Context, f Frame, fn string, args []cdp.CallArgument, await bool) (string, error) {
	b := t.b
	world, err := t.WorldIn(ctx, f)
	if err != nil {
		return "", err
	}
	return b.callIn(ctx, t, f, world, fn, args, await)
}

func (b *Browser) callIn(ctx context.Context, t *Tab, f Frame, world int, fn string, args []cdp.CallArgument, await bool) (string, error) {
	var res cdp.EvaluateResult
	err := t.UnlessDialog(ctx, func(ctx context.Context) error {
		return t.CDPIn(ctx, f.Session, cdp.RuntimeCallFunctionOn, CallParams(world, fn, args, await), &res)
	})
	if err != nil {
		return "", t.WorldErrIn(f, world, err)
	}
	return StringResult(&res)
}

// Run calls p in the isolated world of frame f with args, and returns its
// string answer (with await, once its promise settles): by name where p
// is defined, else with its source, which defines it; and with its source
// again when the world turns out not to hold it (made since). ctx bounds
// the call.
func (t *Tab) Run(ctx context.Context, f Frame, p PageFunction, args []cdp.CallArgument, await bool) (string, error) {
	b := t.b
	for attempt := 0; attempt < 2; attempt++ {
		world, err := t.WorldIn(ctx, f)
		if err != nil {
			return "", err
		}
		text, err := b.callIn(ctx, t, f, world, p.Declaration(!t.InstalledIn(f, world, p.Name)), args, await)
		if err != nil {
			return "", err
		}
		if text != Missing {
			t.SetInstalledIn(f, world, p.Name)
			return text, nil
		}
		t.SetInstalledIn(f, 0, p.Name)
	}
	return "", fmt.Errorf("the page function %s could not be defined", p.Name)
}
