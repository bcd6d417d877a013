package cdp

// Page domain commands.
const (
	PageEnable                 Method = "Page.enable"
	PageGetFrameTree           Method = "Page.getFrameTree"
	PageCreateIsolatedWorld    Method = "Page.createIsolatedWorld"
	PageNavigate               Method = "Page.navigate"
	PageReload                 Method = "Page.reload"
	PageGetNavigationHistory   Method = "Page.getNavigationHistory"
	PageNavigateToHistoryEntry Method = "Page.navigateToHistoryEntry"
	PageCaptureScreenshot      Method = "Page.captureScreenshot"
	PageHandleJavaScriptDialog Method = "Page.handleJavaScriptDialog"
	// PageStartScreencast and PageStopScreencast bracket the capture of a
	// tab in the background: its first frame (PageScreencastFrame) is the
	// latest Chrome drew of the page, at once, where Page.captureScreenshot
	// of a tab that is not shown in its window waits about 300 ms.
	PageStartScreencast Method = "Page.startScreencast"
	PageStopScreencast  Method = "Page.stopScreencast"
)

// Page domain events.
const (
	PageJavascriptDialogOpening  = "Page.javascriptDialogOpening"
	PageJavascriptDialogClosed   = "Page.javascriptDialogClosed"
	PageFrameNavigated           = "Page.frameNavigated"
	PageNavigatedWithinDocument  = "Page.navigatedWithinDocument"
	PageLoadEventFired           = "Page.loadEventFired"
	PageWindowOpen               = "Page.windowOpen"
	PageFrameRequestedNavigation = "Page.frameRequestedNavigation"
	PageFrameStartedLoading      = "Page.frameStartedLoading"
	PageFrameStoppedLoading      = "Page.frameStoppedLoading"
	PageScreencastFrame          = "Page.screencastFrame"
)

// Frame is a frame's details (Page.Frame).
type Frame struct {
	ID             string `json:"id"`
	ParentID       string `json:"parentId,omitempty"`
	LoaderID       string `json:"loaderId"`
	URL            string `json:"url"`
	UnreachableURL string `json:"unreachableUrl,omitempty"`
	SecurityOrigin string `json:"securityOrigin,omitempty"`
}

// FrameTree is a frame and the frames in it (Page.FrameTree).
type FrameTree struct {
	Frame       Frame       `json:"frame"`
	ChildFrames []FrameTree `json:"childFrames,omitempty"`
}

// GetFrameTreeResult is Page.getFrameTree's answer.
type GetFrameTreeResult struct {
	FrameTree FrameTree `json:"frameTree"`
}

// CreateIsolatedWorldParams are Page.createIsolatedWorld's.
type CreateIsolatedWorldParams struct {
	FrameID   string `json:"frameId"`
	WorldName string `json:"worldName"`
	// GrantUniveralAccess is spelt as Chrome spells it.
	GrantUniveralAccess bool `json:"grantUniveralAccess"`
}

// CreateIsolatedWorldResult is Page.createIsolatedWorld's answer.
type CreateIsolatedWorldResult struct {
	ExecutionContextID int `json:"executionContextId"`
}

// NavigateParams are Page.navigate's.
type NavigateParams struct {
	URL string `json:"url"`
}

// NavigateResult is Page.navigate's answer: no loader for a same-document
// navigation, an error text for one that failed.
type NavigateResult struct {
	LoaderID  string `json:"loaderId"`
	ErrorText string `json:"errorText"`
}

// ReloadParams are Page.reload's.
type ReloadParams struct {
	IgnoreCache bool `json:"ignoreCache"`
}

// NavigationEntry is one entry of a tab's history.
type NavigationEntry struct {
	ID  int    `json:"id"`
	URL string `json:"url"`
}

// GetNavigationHistoryResult is Page.getNavigationHistory's answer.
type GetNavigationHistoryResult struct {
	CurrentIndex int               `json:"currentIndex"`
	Entries      []NavigationEntry `json:"entries"`
}

// NavigateToHistoryEntryParams are Page.navigateToHistoryEntry's.
type NavigateToHistoryEntryParams struct {
	EntryID int `json:"entryId"`
}

// CaptureScreenshotParams are Page.captureScreenshot's.
type CaptureScreenshotParams struct {
	Format           string `json:"format"`
	Quality          int    `json:"quality,omitempty"`
	FromSurface      bool   `json:"fromSurface"`
	OptimizeForSpeed bool   `json:"optimizeForSpeed,omitempty"`
}

// CaptureScreenshotResult is Page.captureScreenshot's answer: the image,
// base64.
type CaptureScreenshotResult struct {
	Data string `json:"data"`
}

// HandleJavaScriptDialogParams are Page.handleJavaScriptDialog's.
type HandleJavaScriptDialogParams struct {
	Accept     bool   `json:"accept"`
	PromptText string `json:"promptText,omitempty"`
}

// JavascriptDialogOpening is Page.javascriptDialogOpening's payload.
type JavascriptDialogOpening struct {
	URL           string `json:"url"` // the document of the frame that opened it
	Type          string `json:"type"`
	Message       string `json:"message"`
	DefaultPrompt string `json:"defaultPrompt"`
}

// FrameNavigated is Page.frameNavigated's payload.
type FrameNavigated struct {
	Frame Frame  `json:"frame"`
	Type  string `json:"type"`
}

// NavigatedWithinDocument is Page.navigatedWithinDocument's payload.
type NavigatedWithinDocument struct {
	FrameID string `json:"frameId"`
	URL     string `json:"url"`
}

// FrameRequestedNavigation is Page.frameRequestedNavigation's payload:
// the page asked for a navigation, and why (formSubmissionGet,
// formSubmissionPost, scriptInitiated, anchorClick, ...).
type FrameRequestedNavigation struct {
	FrameID string `json:"frameId"`
	Reason  string `json:"reason"`
	URL     string `json:"url"`
}

// FrameEvent is the payload of the events that name only a frame
// (Page.frameRequestedNavigation, Page.frameStartedLoading,
// Page.frameStoppedLoading; their other fields are not read).
type FrameEvent struct {
	FrameID string `json:"frameId"`
}

// StartScreencastParams are Page.startScreencast's.
type StartScreencastParams struct {
	Format  string `json:"format"`
	Quality int    `json:"quality,omitempty"`
}

// ScreencastFrame is Page.screencastFrame's payload: one frame, base64
// (its metadata is not read).
type ScreencastFrame struct {
	Data string `json:"data"`
}
