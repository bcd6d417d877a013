package login

import (
	"context"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript/pageops"
)

// login.js's ops, each a value pairing its name with the Go types of its
// arguments and its answer (browser.PageOp). The page script declares the
// same in page_ops.d.ts (LoginOps), and ops_test.go holds the two to each
// other field by field: to add an op, define it here (newOp registers it),
// declare it there and handle it in login.js.
var (
	inspectOp = newOp[inspectArgs, loginForm]("inspect")
	settleOp  = newOp[settleArgs, settleAnswer]("settle")
)

// helpers is login.js as a page function.
var helpers = browser.PageFunction{Name: "login", Global: "__diwallLogin", Source: helperSource}

// ops are login.js's ops, as newOp made them.
var ops []pageops.Op

// loginOp is an op of login.js.
type loginOp[A, R any] struct {
	browser.PageOp[A, R]
}

func newOp[A, R any](name string) loginOp[A, R] {
	o := loginOp[A, R]{browser.PageOp[A, R]{Fn: helpers, Name: name}}
	ops = append(ops, o.Type())
	return o
}

// send runs the op with args in the tab's main frame, bounded by wait,
// and returns its answer as JSON (Decode reads it). Each call sends
// login.js whole: a login calls it a few times.
func (o loginOp[A, R]) send(ctx context.Context, t *browser.Tab, args A, wait time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	return t.CallIn(ctx, browser.Frame{}, o.Fn.Source, browser.Args(o.Name, args), true)
}

// loginArgs are what every op of login.js takes.
type loginArgs struct {
	Snapshot string `json:"snapshot"`
}

type inspectArgs struct {
	loginArgs
	// Nodes are the node indexes of the snapshot's marked elements, in
	// reading order.
	Nodes []int `json:"nodes"`
}

type settleArgs struct {
	loginArgs
	Field  int    `json:"field"`  // the node index of the field typed into
	Errors string `json:"errors"` // the page's error text before
	Wait   int64  `json:"wait"`   // ms
}

// settleAnswer is how the page decided (password, gone, error, otp,
// captcha or timeout).
type settleAnswer struct {
	State string `json:"state"`
	Stale bool   `json:"stale"`
}
