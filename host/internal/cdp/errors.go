package cdp

import (
	"errors"
	"strings"

	"github.com/diwall/diwall/protocol"
)

// Reason says why Chrome refused a command, as far as the host needs to
// tell.
type Reason int

// Reasons for a refused command.
const (
	// Other is any refusal the host has no special handling for.
	Other Reason = iota
	// ContextGone: the execution context (an isolated world) no longer
	// exists; its document was replaced.
	ContextGone
	// NavigatedAway: the page navigated or closed while the command ran.
	NavigatedAway
	// Terminated: a script ran past its evaluation's timeout and Chrome
	// stopped it.
	Terminated
	// SessionGone: the child session (an out-of-process frame's) or its
	// target is gone.
	SessionGone
	// ContextDestroyed: the execution context went away while the command
	// waited on it (a promise of a document that was replaced).
	ContextDestroyed
)

// Error is a command the browser refused: Chrome's answer, or the
// extension's refusal to run it. It wraps the extension's
// *protocol.ResponseError, whose code stays readable with errors.As.
type Error struct {
	Method Method
	Reason Reason
	Err    *protocol.ResponseError
}

func (e *Error) Error() string { return string(e.Method) + ": " + e.Err.Error() }

func (e *Error) Unwrap() error { return e.Err }

// Wrap turns the extension's answer to command method into an *Error
// that says why it failed; other errors (the link closed, a deadline) are
// returned as they are.
func Wrap(method Method, err error) error {
	var re *protocol.ResponseError
	if err == nil || !errors.As(err, &re) {
		return err
	}
	return &Error{Method: method, Reason: reasonOf(re.Message), Err: re}
}

// Is says whether err is a refused command for reason r.
func Is(err error, r Reason) bool {
	var e *Error
	return errors.As(err, &e) && e.Reason == r
}

// reasonOf reads why Chrome refused a command from its message. This is
// the one place that reads Chrome's words, and it has to: Chrome answers
// every one of these with the same JSON-RPC code (-32000, a server error;
// a session that is gone sometimes comes as a chrome.debugger rejection
// with no code at all), and the extension forwards only the message
// (cdp_error). The words are Chrome's (v8-runtime-agent-impl.cc,
// inspector_page_agent.cc, devtools_session.cc).
func reasonOf(msg string) Reason {
	switch {
	case strings.Contains(msg, "context") && strings.Contains(msg, "find"):
		// "Cannot find context with specified id", "Cannot find default
		// execution context".
		return ContextGone
	case strings.Contains(msg, "context"):
		// "Execution context was destroyed."
		return ContextDestroyed
	case strings.Contains(msg, "Inspected target navigated or closed"):
		return NavigatedAway
	case strings.Contains(msg, "Execution was terminated"):
		return Terminated
	case strings.Contains(strings.ToLower(msg), "session") || strings.Contains(msg, "No target"):
		// "No target with given id found", "Session with given id not
		// found." (a frame's session that detached), and chrome.debugger's
		// words for a child session it no longer has.
		return SessionGone
	}
	return Other
}
