package observe

import (
	"context"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// elementOf is the function that answers the element of a node index of
// the snapshot in the world it runs in (pagescript's element_of.js).
var elementOf = pagescript.ElementOf

// elementObject returns a reference, in objectGroup, to the element of
// node index i of the isolated world of frame f (execution context world);
// "" when there is none.
func elementObject(ctx context.Context, t *browser.Tab, f browser.Frame, world, i int, objectGroup string) (string, error) {
	var res cdp.EvaluateResult
	err := t.CDPIn(ctx, f.Session, cdp.RuntimeCallFunctionOn, cdp.CallFunctionOnParams{
		FunctionDeclaration: elementOf, ExecutionContextID: world, Arguments: browser.Args(i), ObjectGroup: objectGroup,
	}, &res)
	if err != nil {
		return "", err
	}
	return res.ObjectID(), nil
}
