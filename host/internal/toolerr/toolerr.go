// Package toolerr is the error a tool answers with: a code of the contract
// (Code) and a message that tells the model what to do next. It
// holds the model's words for what failed below the tools (From): the
// browser's typed errors, the extension's answers, a link that went away.
package toolerr

import (
	"fmt"
	"strings"
)

// Error is a failure with a tool error code and a message that tells the
// model what to do next.
type Error struct {
	Code Code
	Msg  string
	Err  error // the cause, for logs; never shown to the model
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an Error.
func Errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// Observed is e as the result of a call that brings a fresh observation,
// snapshot id: its words name that snapshot, the one the next call's
// marks come from. (A copy: e may be shared.)
func (e *Error) Observed(id string) *Error {
	c := *e
	c.Msg = strings.TrimSpace(e.Msg + " The observation in this result shows the page now; its snapshot_id is " + id + ".")
	return &c
}
