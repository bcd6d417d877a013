package browser

import (
	"context"
	"errors"
	"fmt"

	"github.com/diwall/diwall/host/extlink"
	"github.com/diwall/diwall/protocol"
)

// Error is a failure with a tool error code and a message that tells the
// model what to do next.
type Error struct {
	Code protocol.Code
	Msg  string
	Err  error // the cause, for logs; never shown to the model
}

func (e *Error) Error() string { return string(e.Code) + ": " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an Error.
func Errorf(code protocol.Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// ErrCrashed is the error of a call on a tab whose page crashed.
var ErrCrashed = &Error{Code: protocol.CodePageCrashed, Msg: "The page crashed its browser tab (Chrome gave up on it: it may be too large or too deeply nested). Nothing of it can be read or acted on. Navigate elsewhere or close the tab; reloading it will likely crash again."}

// AsError turns any error from a browser operation into an *Error.
func AsError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var re *protocol.ResponseError
	switch {
	case errors.Is(err, ErrNavigatedAway):
		return &Error{protocol.CodeSnapshotStale, "The page navigated away while Diwall worked on it. Observe again to see the page it is now.", err}
	case errors.As(err, &re):
		switch re.Code {
		case protocol.ExtTabGone:
			return &Error{protocol.CodeTabGone, "The tab is gone (closed or crashed). Call tabs {action:list} and pick another, or open one.", err}
		case protocol.ExtNotAgentTab:
			return &Error{protocol.CodeTabGone, "That tab is no longer yours (the person stopped sharing it). Call tabs {action:list} and pick another, or open one.", err}
		case protocol.ExtDebuggerDetached:
			return &Error{protocol.CodeDebuggerDetached, "Diwall lost control of the tab (the debugger was detached, perhaps by the person). Call the tool again to re-attach.", err}
		case protocol.ExtCaptureFailed:
			return &Error{protocol.CodeCaptureFailed, "The tab could not be captured.", err}
		case protocol.ExtInvalidArgument:
			return &Error{protocol.CodeInvalidArgument, "The browser refused the request as malformed.", err}
		}
		return &Error{protocol.CodeInternal, "The browser reported an error; try again or observe the page.", err}
	case errors.Is(err, extlink.ErrClosed):
		return &Error{protocol.CodeNoBrowser, "The browser extension disconnected: the browser closed, or its extension is restarting. Call again in a few seconds; if this persists, restart the browser (or this MCP server, if Diwall launched the browser).", err}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{protocol.CodeTimeout, "The browser did not answer in time. The page may be hung; observe it or navigate elsewhere.", err}
	case errors.Is(err, context.Canceled):
		return &Error{protocol.CodeTimeout, "The call was cancelled.", err}
	}
	return &Error{protocol.CodeInternal, "Internal error in Diwall; try again.", err}
}
