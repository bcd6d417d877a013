package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/diwall/diwall/host/internal/pagescript/pageops"
)

// PageOp is one op of a page function that is called with an op's name
// and its arguments (act's and login's helpers): the op's name, the Go
// type of its arguments (A, sent as JSON) and that of its answer (R, a
// JSON string the function returns), in one value, as cdproto pairs a
// method with its params and result. The page scripts declare the same
// (pagescript's page_ops.d.ts), and a test holds each op's Go types to
// those declarations (see pageops).
type PageOp[A, R any] struct {
	Fn   PageFunction
	Name string
}

// Call runs the op with args in the isolated world of frame f (see Run)
// and decodes its answer. ctx bounds the call.
func (o PageOp[A, R]) Call(ctx context.Context, t *Tab, f Frame, args A) (R, error) {
	text, err := t.Run(ctx, f, o.Fn, Args(o.Name, args), true)
	if err != nil {
		var zero R
		return zero, err
	}
	return o.Decode(text)
}

// Decode reads an answer of the op.
func (o PageOp[A, R]) Decode(text string) (R, error) {
	var res R
	if err := json.Unmarshal([]byte(text), &res); err != nil {
		return res, fmt.Errorf("page op %s: %w", o.Name, err)
	}
	return res, nil
}

// Type is the op's name and Go types, for the test that holds them to the
// page scripts' declarations.
func (o PageOp[A, R]) Type() pageops.Op {
	return pageops.Op{Name: o.Name, Args: reflect.TypeFor[A](), Answer: reflect.TypeFor[R]()}
}
