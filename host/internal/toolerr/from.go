package toolerr

import (
	"context"
	"errors"
	"fmt"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/extlink"
	"github.com/diwall/diwall/protocol"
)

// The model's words for the browser's failures (package browser's typed
// errors, the extension's answers, a link that went away): what happened,
// and what to do next.

// From turns any error of the work below the tools into the *Error the
// model reads: an *Error is returned as it is, each of the browser's
// errors gets its code and words, and anything else is internal.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var (
		dialog  *browser.DialogOpenError
		unknown *browser.UnknownSnapshotError
		mark    *browser.UnknownMarkError
		tooLong *browser.TooLongError
		badURL  *browser.URLError
		history *browser.NoHistoryError
		re      *protocol.ResponseError
	)
	switch {
	case errors.Is(err, browser.ErrNavigatedAway):
		return &Error{Code: CodeSnapshotStale, Msg: "The page navigated away while Diwall worked on it. Observe again to see the page it is now.", Err: err}
	case errors.Is(err, browser.ErrTabClosed):
		return &Error{Code: CodeTabGone, Msg: "The tab was closed while Diwall worked on it. Call tabs {action:list} and pick another, or open one.", Err: err}
	case errors.Is(err, browser.ErrCrashed):
		return &Error{Code: CodePageCrashed, Msg: "The page crashed its browser tab (Chrome gave up on it: it may be too large or too deeply nested). Nothing of it can be read or acted on. Navigate elsewhere or close the tab; reloading it will likely crash again.", Err: err}
	case errors.As(err, &unknown):
		return &Error{Code: CodeSnapshotStale, Err: err, Msg: fmt.Sprintf(
			"Snapshot %q was never issued by this tab; use server.snapshot_id of your latest observe of it (a failed act brings one).", unknown.Shown())}
	case errors.Is(err, browser.ErrSnapshotStale):
		return SnapshotStale
	case errors.Is(err, browser.ErrDialogOpened):
		return DialogOpened
	case errors.Is(err, browser.ErrClosedLoading):
		return &Error{Code: CodeTabGone, Msg: "The tab closed while loading.", Err: err}
	case errors.Is(err, browser.ErrDetachedLoading):
		return &Error{Code: CodeDebuggerDetached, Msg: "Diwall lost control of the tab while it loaded. Call again to re-attach.", Err: err}
	case errors.As(err, &dialog):
		return DialogOpen(dialog.Type)
	case errors.As(err, &mark):
		return Errorf(CodeInvalidArgument, "Mark %d is not in snapshot %s; use a mark of its elements.", mark.Mark, mark.Snapshot)
	case errors.As(err, &tooLong):
		return &Error{Code: CodeTimeout, Err: err, Msg: fmt.Sprintf(
			"Reading the page took past its limit of %d s: the page is very large, or its main thread is busy. Wait and try again, read a part of it (read with a mark or a query), or navigate elsewhere.", int(tooLong.Limit.Seconds()))}
	case errors.As(err, &badURL):
		if badURL.Scheme != "" {
			return Errorf(CodeInvalidArgument, "Only http and https URLs can be opened, not %s: URLs.", badURL.Scheme)
		}
		return Errorf(CodeInvalidArgument, "%q is not an absolute URL; give one like https://example.com/path.", badURL.URL)
	case errors.As(err, &history):
		word := "back"
		if history.Forward {
			word = "forward"
		}
		return Errorf(CodeInvalidArgument, "There is no page to go %s to in this tab's history.", word)
	case errors.As(err, &re):
		switch re.Code {
		case protocol.ExtTabGone:
			return &Error{Code: CodeTabGone, Msg: "The tab is gone (closed or crashed). Call tabs {action:list} and pick another, or open one.", Err: err}
		case protocol.ExtNotAgentTab:
			return &Error{Code: CodeTabGone, Msg: "That tab is no longer yours (the person stopped sharing it). Call tabs {action:list} and pick another, or open one.", Err: err}
		case protocol.ExtDebuggerDetached:
			return &Error{Code: CodeDebuggerDetached, Msg: "Diwall lost control of the tab (the debugger was detached, perhaps by the person). Call the tool again to re-attach.", Err: err}
		case protocol.ExtCaptureFailed:
			return &Error{Code: CodeCaptureFailed, Msg: "The tab could not be captured.", Err: err}
		case protocol.ExtInvalidArgument:
			return &Error{Code: CodeInvalidArgument, Msg: "The browser refused the request as malformed.", Err: err}
		}
		return &Error{Code: CodeInternal, Msg: "The browser reported an error; try again or observe the page.", Err: err}
	case errors.Is(err, extlink.ErrClosed):
		return &Error{Code: CodeNoBrowser, Msg: "The browser extension disconnected: the browser closed, or its extension is restarting. Call again in a few seconds; if this persists, restart the browser (or this MCP server, if Diwall launched the browser).", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: CodeTimeout, Msg: "The browser did not answer in time. The page may be hung; observe it or navigate elsewhere.", Err: err}
	case errors.Is(err, context.Canceled):
		return &Error{Code: CodeTimeout, Msg: "The call was cancelled.", Err: err}
	}
	return &Error{Code: CodeInternal, Msg: "Internal error in Diwall; try again.", Err: err}
}

// SnapshotStale is the model's error of a snapshot that is not the tab's
// current one (browser.ErrSnapshotStale).
var SnapshotStale = &Error{Code: CodeSnapshotStale,
	Msg: "That snapshot is no longer current (a newer observe replaced it, or the page navigated). Observe again and use the marks and snapshot_id of that observation (a failed act brings one)."}

// DialogOpened is the model's error of a dialog that opened while a call
// waited on the page (browser.ErrDialogOpened).
var DialogOpened = &Error{Code: CodeDialogOpen, Msg: "A dialog opened and blocks the page. Observe to read it, and answer it with the dialog tool."}

// DialogOpen is the model's error of an operation that an open dialog of
// type typ blocks: what the dialog is, and how to go on.
func DialogOpen(typ string) *Error {
	if typ == "beforeunload" {
		return Errorf(CodeDialogOpen, "The page asks whether to leave it (a beforeunload dialog, e.g. unsaved changes). Accept it with the dialog tool to leave (the navigation or close then goes on), or dismiss it to stay.")
	}
	return Errorf(CodeDialogOpen, "A %s dialog is open on this page and blocks it. Answer it with the dialog tool first.", typ)
}
