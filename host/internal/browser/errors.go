package browser

import (
	"errors"
	"fmt"
	"time"
)

// The errors of operations on a tab say what happened, for the host; they
// hold no words for the model: package toolerr words each (toolerr.From).
// Errors the extension answered with are *protocol.ResponseError, and a
// link that went away is ErrNoBrowser.
var (
	// ErrCrashed is the error of a call on a tab whose page crashed.
	ErrCrashed = errors.New("the page crashed its tab")
	// ErrSnapshotStale is the error of a snapshot that is not the tab's
	// current one: a newer observation replaced it, the page navigated, or
	// it is another tab's.
	ErrSnapshotStale = errors.New("the snapshot is not the tab's current one")
	// ErrDialogOpened reports that a JavaScript dialog opened while a call
	// waited on the page; the page is blocked until the dialog is answered.
	ErrDialogOpened = errors.New("a dialog opened while the call waited on the page")
	// ErrNavigatedAway means a command's page navigated or closed while it
	// ran, or the document went away under the work on it.
	ErrNavigatedAway = errors.New("the page navigated or closed while the command ran")
	// ErrWorldGone means the isolated world's context no longer exists.
	ErrWorldGone = errors.New("isolated world gone")
	// ErrTabClosed is the error of a call whose tab was closed while the
	// host worked on it.
	ErrTabClosed = errors.New("the tab was closed while the host worked on it")
	// ErrClosedLoading and ErrDetachedLoading end a navigation whose tab
	// closed, or whose debugger was detached, while it loaded.
	ErrClosedLoading   = errors.New("the tab closed while loading")
	ErrDetachedLoading = errors.New("the debugger was detached while the tab loaded")
)

// DialogOpenError is the error of an operation an open dialog blocks.
type DialogOpenError struct {
	Type string // the dialog's: alert, confirm, prompt or beforeunload
}

func (e *DialogOpenError) Error() string { return "a " + e.Type + " dialog blocks the page" }

// DialogOpen is the error of an operation the dialog d blocks.
func DialogOpen(d *Dialog) error { return &DialogOpenError{Type: d.Type} }

// UnknownMarkError is the error of a mark that is not one of a snapshot's.
type UnknownMarkError struct {
	Mark     int
	Snapshot string
}

func (e *UnknownMarkError) Error() string {
	return fmt.Sprintf("mark %d is not in snapshot %s", e.Mark, e.Snapshot)
}

// UnknownSnapshotError is the error of a snapshot id the tab never
// issued: made up, or another tab's. It is ErrSnapshotStale too (errors.Is):
// what to do is the same, observe and use that snapshot's id.
type UnknownSnapshotError struct {
	ID string
}

func (e *UnknownSnapshotError) Error() string {
	return fmt.Sprintf("snapshot %q was never issued by this tab", e.Shown())
}

// Shown is the id as the words of the error show it: the first 40
// characters of whatever was given.
func (e *UnknownSnapshotError) Shown() string {
	if r := []rune(e.ID); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return e.ID
}

// Unwrap makes an unknown snapshot a stale one for errors.Is.
func (e *UnknownSnapshotError) Unwrap() error { return ErrSnapshotStale }

// TooLongError is the error of a page script that ran past its limit.
type TooLongError struct {
	Limit time.Duration
	Err   error
}

func (e *TooLongError) Error() string {
	return fmt.Sprintf("a page script ran past its limit of %v: %v", e.Limit, e.Err)
}
func (e *TooLongError) Unwrap() error { return e.Err }

// TooLong is the error of a page script that ran past limit.
func TooLong(limit time.Duration, err error) error { return &TooLongError{Limit: limit, Err: err} }

// URLError is the error of a URL a navigation must never load.
type URLError struct {
	URL string
	// Scheme is set when the URL's scheme is not http or https; else the
	// URL is not absolute.
	Scheme string
}

func (e *URLError) Error() string {
	if e.Scheme != "" {
		return "not an http or https URL: " + e.Scheme + ":"
	}
	return fmt.Sprintf("not an absolute URL: %q", e.URL)
}

// NoHistoryError is the error of a move in a tab's history past its end.
type NoHistoryError struct {
	Forward bool // else back
}

func (e *NoHistoryError) Error() string {
	if e.Forward {
		return "no page to go forward to in the tab's history"
	}
	return "no page to go back to in the tab's history"
}

// GoneErr is ErrNavigatedAway, wrapping err, when the work on a
// snapshot's page failed because its document went away (its isolated
// world is gone); other errors are returned as they are.
func GoneErr(err error) error {
	if errors.Is(err, ErrWorldGone) && !errors.Is(err, ErrNavigatedAway) {
		return fmt.Errorf("%w: %w", ErrNavigatedAway, err)
	}
	return err
}
