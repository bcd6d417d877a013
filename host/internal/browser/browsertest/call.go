package browsertest

import (
	"strings"
	"sync"

	"github.com/diwall/diwall/host/internal/browser"
)

// Call is a Runtime.callFunctionOn the host made, as Chrome reads it.
type Call struct {
	Request
	// Declaration is the function declaration.
	Declaration string
	// Args are the values of its arguments (nil for one given by
	// reference, see ObjectArgs).
	Args []any
	// ObjectArgs are the object ids of its arguments ("" for a value).
	ObjectArgs []string
	// Context is the execution context it runs in (0 with ObjectID).
	Context int
	// ObjectID is the object it runs on ("" in a context).
	ObjectID string
	// Await and ByValue are awaitPromise and returnByValue.
	Await, ByValue bool
	// Global is the global of the host's page function it calls
	// (browser.PageFunction.Global), "" for a function of its own.
	Global string
	// Defines says the declaration carries the page function's source,
	// which defines it under Global.
	Defines bool
}

// Prefixes of browser.PageFunction.Declaration: a definition, a call by
// name.
const (
	defining = "function (...args) { return (globalThis."
	byName   = "function (...args) { return globalThis."
)

// CallOf reads a Runtime.callFunctionOn request.
func CallOf(r Request) Call {
	c := Call{Request: r, Declaration: r.Str("functionDeclaration"), Context: int(r.Num("executionContextId")), ObjectID: r.Str("objectId")}
	c.Await, _ = r.Params["awaitPromise"].(bool)
	c.ByValue, _ = r.Params["returnByValue"].(bool)
	args, _ := r.Params["arguments"].([]any)
	for _, a := range args {
		m, _ := a.(map[string]any)
		id, _ := m["objectId"].(string)
		c.Args = append(c.Args, m["value"])
		c.ObjectArgs = append(c.ObjectArgs, id)
	}
	if rest, ok := strings.CutPrefix(c.Declaration, defining); ok {
		c.Global, _, _ = strings.Cut(rest, " ")
		c.Defines = true
	} else if rest, ok := strings.CutPrefix(c.Declaration, byName); ok {
		c.Global, _, _ = strings.Cut(rest, " ")
	}
	return c
}

// Arg returns argument i as an object ("" keys for none).
func (c Call) Arg(i int) map[string]any {
	if i >= len(c.Args) {
		return nil
	}
	m, _ := c.Args[i].(map[string]any)
	return m
}

// StrArg returns argument i as a string.
func (c Call) StrArg(i int) string {
	if i >= len(c.Args) {
		return ""
	}
	s, _ := c.Args[i].(string)
	return s
}

// Worlds are the isolated worlds of a fake page as Chrome keeps them: the
// host's page functions defined in each, by CDP session and execution
// context.
type Worlds struct {
	mu      sync.Mutex
	defined map[worldKey]map[string]bool
}

type worldKey struct {
	session string
	context int
}

// Missing says whether c calls by name a page function its world does not
// hold — Chrome would answer browser.Missing — and records a definition.
func (w *Worlds) Missing(c Call) bool {
	if c.Global == "" {
		return false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	k := worldKey{c.Session, c.Context}
	if c.Defines {
		if w.defined == nil {
			w.defined = map[worldKey]map[string]bool{}
		}
		if w.defined[k] == nil {
			w.defined[k] = map[string]bool{}
		}
		w.defined[k][c.Global] = true
		return false
	}
	return !w.defined[k][c.Global]
}

// Forget empties every world, as a new document does (Chrome may reuse
// the context ids in this fake).
func (w *Worlds) Forget() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.defined = nil
}

// MissingAnswer is Chrome's answer to a call by name in a world that does
// not hold the function.
func MissingAnswer() map[string]any { return EvalString(browser.Missing) }

// Thrown is Chrome's answer to a call whose function threw an Error with
// message.
func Thrown(message string) map[string]any {
	return map[string]any{
		"result": map[string]any{"type": "object", "subtype": "error", "description": "Error: " + message},
		"exceptionDetails": map[string]any{"text": "Uncaught", "exception": map[string]any{
			"type": "object", "subtype": "error", "description": "Error: " + message,
		}},
	}
}
