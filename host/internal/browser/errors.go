package browser

import (
	"context"
	"errors"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/extlink"
	"github.com/diwall/diwall/protocol"
)

// ErrCrashed is the error of a call on a tab whose page crashed.
var ErrCrashed = &toolerr.Error{Code: protocol.CodePageCrashed, Msg: "The page crashed its browser tab (Chrome gave up on it: it may be too large or too deeply nested). Nothing of it can be read or acted on. Navigate elsewhere or close the tab; reloading it will likely crash again."}

// AsError turns any error from a browser operation into an *toolerr.Error.
func AsError(err error) *toolerr.Error {
	var e *toolerr.Error
	if errors.As(err, &e) {
		return e
	}
	var re *protocol.ResponseError
	switch {
	case errors.Is(err, ErrNavigatedAway):
		return navigatedAway(err)
	case errors.As(err, &re):
		switch re.Code {
		case protocol.ExtTabGone:
			return &toolerr.Error{Code: protocol.CodeTabGone, Msg: "The tab is gone (closed or crashed). Call tabs {action:list} and pick another, or open one.", Err: err}
		case protocol.ExtNotAgentTab:
			return &toolerr.Error{Code: protocol.CodeTabGone, Msg: "That tab is no longer yours (the person stopped sharing it). Call tabs {action:list} and pick another, or open one.", Err: err}
		case protocol.ExtDebuggerDetached:
			return &toolerr.Error{Code: protocol.CodeDebuggerDetached, Msg: "Diwall lost control of the tab (the debugger was detached, perhaps by the person). Call the tool again to re-attach.", Err: err}
		case protocol.ExtCaptureFailed:
			return &toolerr.Error{Code: protocol.CodeCaptureFailed, Msg: "The tab could not be captured.", Err: err}
		case protocol.ExtInvalidArgument:
			return &toolerr.Error{Code: protocol.CodeInvalidArgument, Msg: "The browser refused the request as malformed.", Err: err}
		}
		return &toolerr.Error{Code: protocol.CodeInternal, Msg: "The browser reported an error; try again or observe the page.", Err: err}
	case errors.Is(err, extlink.ErrClosed):
		return &toolerr.Error{Code: protocol.CodeNoBrowser, Msg: "The browser extension disconnected: the browser closed, or its extension is restarting. Call again in a few seconds; if this persists, restart the browser (or this MCP server, if Diwall launched the browser).", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &toolerr.Error{Code: protocol.CodeTimeout, Msg: "The browser did not answer in time. The page may be hung; observe it or navigate elsewhere.", Err: err}
	case errors.Is(err, context.Canceled):
		return &toolerr.Error{Code: protocol.CodeTimeout, Msg: "The call was cancelled.", Err: err}
	}
	return &toolerr.Error{Code: protocol.CodeInternal, Msg: "Internal error in Diwall; try again.", Err: err}
}
