package toolerr

// Code is an error code a tool reports to the model (docs/contract.md §9).
//
// DO NOT MODIFY THE VALUES. The list is append-only: never rename,
// renumber or remove a code; clients rely on them.
type Code string

// Tool error codes.
const (
	CodeSnapshotStale      Code = "snapshot_stale"
	CodeElementGone        Code = "element_gone"
	CodeCovered            Code = "covered"
	CodeNotActionable      Code = "not_actionable"
	CodeOriginNotAllowed   Code = "origin_not_allowed"
	CodeDialogOpen         Code = "dialog_open"
	CodeNoDialog           Code = "no_dialog"
	CodeTabGone            Code = "tab_gone"
	CodeNoBrowser          Code = "no_browser"
	CodeDebuggerDetached   Code = "debugger_detached"
	CodeCaptureFailed      Code = "capture_failed"
	CodeTimeout            Code = "timeout"
	CodeInvalidArgument    Code = "invalid_argument"
	CodePermissionDenied   Code = "permission_denied"
	CodePausedByUser       Code = "paused_by_user"
	CodeCredentialUnknown  Code = "credential_unknown"
	CodeCredentialMismatch Code = "credential_origin_mismatch"
	CodeLoginRejected      Code = "login_rejected"
	CodeCaptchaPending     Code = "captcha_pending"
	CodeMFARequired        Code = "mfa_required"
	CodeBudgetExceeded     Code = "budget_exceeded"
	CodeUnavailable        Code = "UNAVAILABLE"
	CodeInternal           Code = "internal"
	CodeNavigationFailed   Code = "navigation_failed"
	// CodeBrowserExited: the browser `diwall mcp --launch` started has
	// exited (at start or later); this MCP server cannot get it back.
	CodeBrowserExited Code = "browser_exited"
	// CodePageCrashed: the tab's renderer gave up on its document.
	CodePageCrashed Code = "page_crashed"
	// CodePersonUnavailable: a handoff or a confirmation needs the person,
	// and no one can answer (a headless browser, no operator view, a client
	// without elicitation).
	CodePersonUnavailable Code = "person_unavailable"
)

// Codes lists every tool error code in the order they were added.
var Codes = []Code{
	CodeSnapshotStale, CodeElementGone, CodeCovered, CodeNotActionable,
	CodeOriginNotAllowed, CodeDialogOpen, CodeNoDialog, CodeTabGone,
	CodeNoBrowser, CodeDebuggerDetached, CodeCaptureFailed, CodeTimeout,
	CodeInvalidArgument, CodePermissionDenied, CodePausedByUser,
	CodeCredentialUnknown, CodeCredentialMismatch, CodeLoginRejected,
	CodeCaptchaPending, CodeMFARequired, CodeBudgetExceeded, CodeUnavailable,
	CodeInternal, CodeNavigationFailed, CodeBrowserExited, CodePageCrashed,
	CodePersonUnavailable,
}

// Retryable reports whether the same call may succeed later without the
// model changing anything.
func (c Code) Retryable() bool {
	switch c {
	case CodeNoBrowser, CodeTimeout, CodeDebuggerDetached, CodeCaptureFailed,
		CodeCaptchaPending, CodeUnavailable, CodePausedByUser, CodeInternal:
		return true
	}
	return false
}
