package toolerr

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/extlink"
	"github.com/diwall/diwall/protocol"
)

func TestFromMapsCauses(t *testing.T) {
	cases := []struct {
		err  error
		want Code
	}{
		{&protocol.ResponseError{Code: protocol.ExtTabGone}, CodeTabGone},
		{&protocol.ResponseError{Code: protocol.ExtDebuggerDetached}, CodeDebuggerDetached},
		{&protocol.ResponseError{Code: protocol.ExtCDPError, Message: "boom"}, CodeInternal},
		{extlink.ErrClosed, CodeNoBrowser},
		{context.DeadlineExceeded, CodeTimeout},
		{Errorf(CodeDialogOpen, "x"), CodeDialogOpen},
		{errors.New("mystery"), CodeInternal},
		{fmt.Errorf("x: %w", browser.ErrCrashed), CodePageCrashed},
		{browser.ErrSnapshotStale, CodeSnapshotStale},
		{&browser.UnknownSnapshotError{ID: "zzz"}, CodeSnapshotStale},
		{browser.ErrDialogOpened, CodeDialogOpen},
		{fmt.Errorf("x: %w", browser.ErrNavigatedAway), CodeSnapshotStale},
		{browser.ErrWorldGone, CodeInternal}, // a lost world is the caller's to word (browser.GoneErr)
		{browser.GoneErr(browser.ErrWorldGone), CodeSnapshotStale},
		// A tab that closed under a command the debugger's loss refused is
		// a tab gone, not a lost debugger.
		{fmt.Errorf("%w: %w", browser.ErrTabClosed, &protocol.ResponseError{Code: protocol.ExtDebuggerDetached}), CodeTabGone},
		{browser.ErrClosedLoading, CodeTabGone},
		{browser.ErrDetachedLoading, CodeDebuggerDetached},
		{&browser.URLError{URL: "/x"}, CodeInvalidArgument},
		{&browser.NoHistoryError{}, CodeInvalidArgument},
		{browser.TooLong(time.Second, context.DeadlineExceeded), CodeTimeout},
	}
	for _, c := range cases {
		if got := From(c.err); got.Code != c.want || got.Msg == "" {
			t.Errorf("From(%v) = %v, want %s", c.err, got, c.want)
		}
	}
}

// TestFromWordsWhatTheModelDoesNext: the words name what failed, and the
// cause stays for the logs.
func TestFromWordsWhatTheModelDoesNext(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&browser.DialogOpenError{Type: "confirm"}, "A confirm dialog"},
		{&browser.DialogOpenError{Type: "beforeunload"}, "leave"},
		{&browser.UnknownMarkError{Mark: 3, Snapshot: "s1"}, "Mark 3 is not in snapshot s1"},
		{browser.TooLong(20*time.Second, context.DeadlineExceeded), "limit of 20 s"},
		{&browser.URLError{URL: "file:///etc/passwd", Scheme: "file"}, "not file: URLs"},
		{&browser.URLError{URL: "example.com"}, `"example.com" is not an absolute URL`},
		{&browser.NoHistoryError{Forward: true}, "go forward"},
		{&browser.NoHistoryError{}, "go back"},
		{&browser.UnknownSnapshotError{ID: "zzz"}, `Snapshot "zzz" was never issued by this tab; use server.snapshot_id of your latest observe`},
	} {
		if got := From(c.err).Msg; !strings.Contains(got, c.want) {
			t.Errorf("From(%v) says %q, want %q in it", c.err, got, c.want)
		}
	}
	cause := fmt.Errorf("x: %w", browser.ErrNavigatedAway)
	if e := From(cause); !errors.Is(e, cause) {
		t.Errorf("the cause is lost: %v", e)
	}
}

// TestAnUnknownSnapshotIsNotCalledOld: an id never issued is told as such,
// never as one that is no longer current.
func TestAnUnknownSnapshotIsNotCalledOld(t *testing.T) {
	if got := From(&browser.UnknownSnapshotError{ID: "zzz"}).Msg; strings.Contains(got, "no longer current") {
		t.Errorf("an unknown snapshot: %q", got)
	}
}

// TestObservedNamesTheFreshSnapshot: an error that comes with a fresh
// observation names its snapshot id, and leaves the shared error as it was.
func TestObservedNamesTheFreshSnapshot(t *testing.T) {
	was := SnapshotStale.Msg
	e := SnapshotStale.Observed("s-new")
	if e.Code != CodeSnapshotStale || !strings.Contains(e.Msg, "snapshot_id is s-new") || !strings.HasPrefix(e.Msg, was) {
		t.Errorf("observed: %v", e)
	}
	if SnapshotStale.Msg != was {
		t.Errorf("the shared error changed: %q", SnapshotStale.Msg)
	}
}
