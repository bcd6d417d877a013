package protocol

import "encoding/json"

// Request methods, host -> extension.
const (
	MethodTabsGet        = "tabs.get"
	MethodTabOpen        = "tab.open"
	MethodTabClose       = "tab.close"
	MethodAgentTabsSet   = "agent_tabs.set"
	MethodDebuggerAttach = "debugger.attach"
	MethodDebuggerDetach = "debugger.detach"
	MethodCDP            = "cdp"
	MethodTabCapture     = "tab.capture"
	MethodSessionsSet    = "sessions.set"
	MethodTabGroup       = "tab.group"
	MethodApprovalAsk    = "approval.ask"
	MethodApprovalCancel = "approval.cancel"
	MethodTabGroupState  = "tab_group.state"
	MethodOperatorSend   = "operator.send"
	MethodHandoffShow    = "handoff.show"
	MethodHandoffClear   = "handoff.clear"
)

// Events, extension -> host.
const (
	EventHello            = "hello"
	EventTabCreated       = "tab.created"
	EventTabUpdated       = "tab.updated"
	EventTabClosed        = "tab.closed"
	EventDebuggerDetached = "debugger.detached"
	EventCDP              = "cdp.event"
	EventTabShared        = "tab.shared"
	EventTabUnshared      = "tab.unshared"
	EventApprovalAnswered = "approval.answered"
	EventOperatorMessage  = "operator.message"
	EventOperatorClosed   = "operator.closed"
	// EventDownloadIntercepted: Chrome's download manager began a download
	// of an agent tab, and the extension cancelled it before any byte was
	// written (DownloadIntercepted).
	EventDownloadIntercepted = "download.intercepted"
)

// Tab is what the extension reports of a tab.
type Tab struct {
	TabID       int    `json:"tab_id"`
	WindowID    int    `json:"window_id"`
	URL         string `json:"url"`
	Title       string `json:"title"`
	Status      string `json:"status"`
	Active      bool   `json:"active"`
	OpenerTabID int    `json:"opener_tab_id,omitempty"`
}

// TabsGetParams asks for the tabs that still exist among TabIDs.
type TabsGetParams struct {
	TabIDs []int `json:"tab_ids"`
}

// TabsResult lists tabs.
type TabsResult struct {
	Tabs []Tab `json:"tabs"`
}

// TabOpenParams opens a tab.
type TabOpenParams struct {
	URL       string `json:"url"`
	NewWindow bool   `json:"new_window,omitempty"`
	WindowID  int    `json:"window_id,omitempty"`
	Active    *bool  `json:"active,omitempty"`
}

// TabResult carries one tab.
type TabResult struct {
	Tab Tab `json:"tab"`
}

// TabParams names one tab.
type TabParams struct {
	TabID int `json:"tab_id"`
}

// CDPParams runs one allow-listed CDP command on an attached tab.
type CDPParams struct {
	TabID int `json:"tab_id"`
	// SessionID names a child session of the tab (an out-of-process
	// frame's, from Target.attachedToTarget); empty: the tab's own.
	SessionID string `json:"session_id,omitempty"`
	Method    string `json:"method"`
	Params    any    `json:"params,omitempty"`
}

// CaptureParams captures the visible part of a tab.
type CaptureParams struct {
	TabID   int    `json:"tab_id"`
	Format  string `json:"format"`
	Quality int    `json:"quality,omitempty"`
}

// CaptureResult is a base64 image.
type CaptureResult struct {
	Data string `json:"data"`
}

// AgentTab is an agent tab and the key of the MCP session that owns it.
type AgentTab struct {
	TabID   int    `json:"tab_id"`
	Session string `json:"session"`
}

// AgentTabsParams replaces the extension's set of agent tabs.
type AgentTabsParams struct {
	Tabs []AgentTab `json:"tabs"`
}

// SessionEntry is one connected MCP session, as the person sees it.
type SessionEntry struct {
	Session string `json:"session"`
	Name    string `json:"name"`
	Color   string `json:"color"`
}

// SessionsParams lists the connected sessions (sessions.set).
type SessionsParams struct {
	Sessions []SessionEntry `json:"sessions"`
}

// TabGroupParams puts a tab in its window's group of that title.
type TabGroupParams struct {
	TabID int    `json:"tab_id"`
	Title string `json:"title"`
	Color string `json:"color"`
	// State is what the group shows its session doing (TabGroupStateParams).
	State string `json:"state,omitempty"`
}

// TabGroupStateParams shows in every group of a title what its session is
// doing: "idle", "acting", "paused" or "stopped".
type TabGroupStateParams struct {
	Title string `json:"title"`
	State string `json:"state"`
}

// ApprovalAskParams asks the person whether a client may use an origin,
// or, with Step, whether it may take one consequential step there.
type ApprovalAskParams struct {
	ApprovalID string        `json:"approval_id"`
	Client     string        `json:"client"`
	Origin     string        `json:"origin"`
	Step       *ApprovalStep `json:"step,omitempty"`
}

// ApprovalStep is a step the person confirms before it runs (a profile's
// confirm kinds). Role, Name and Detail are the page's words, shown as
// text; Image is the tab's masked, marked viewport with the element
// outlined, a base64 JPEG of at most MaxApprovalImage characters.
type ApprovalStep struct {
	Kind   string `json:"kind"`
	Action string `json:"action"`
	Role   string `json:"role,omitempty"`
	Name   string `json:"name,omitempty"`
	Detail string `json:"detail,omitempty"`
	Image  string `json:"image,omitempty"`
}

// Kinds of step a profile's confirm may list, and share.
const (
	StepPurchase = "purchase"
	StepSubmit   = "submit"
	StepUpload   = "upload"
	StepDownload = "download"
	StepLogin    = "login"
	// StepShare: text read on a private site would leave for the
	// question's origin; Detail names the private site and the text,
	// masked but for its first and last two characters.
	StepShare = "share"
)

// Bounds of an ApprovalStep's fields, in characters (the extension
// refuses more).
const (
	MaxApprovalImage = 700_000
	MaxApprovalText  = 500
)

// HandoffShowParams puts up a desktop notification of a step a session
// handed to the person (handoff.show): Reason is the model's words, TabID
// Chrome's id of the tab they act in (0: the session's first tab).
type HandoffShowParams struct {
	Session string `json:"session"`
	Client  string `json:"client"`
	Reason  string `json:"reason"`
	TabID   int    `json:"tab_id,omitempty"`
}

// HandoffClearParams takes a session's handoff notification down.
type HandoffClearParams struct {
	Session string `json:"session"`
}

// Bounds of handoff.show's text, in UTF-16 code units (the extension
// refuses more).
const (
	MaxHandoffClient = 200
	MaxHandoffReason = 1024
)

// ApprovalParams names one question (approval.cancel).
type ApprovalParams struct {
	ApprovalID string `json:"approval_id"`
}

// Approval decisions.
const (
	DecisionOnce   = "once"
	DecisionAlways = "always"
	DecisionDeny   = "deny"
)

// ApprovalAnswered is the person's answer.
type ApprovalAnswered struct {
	ApprovalID string `json:"approval_id"`
	Decision   string `json:"decision"`
}

// TabShared says the person shared a tab with a session.
type TabShared struct {
	TabID   int    `json:"tab_id"`
	Session string `json:"session"`
}

// Hello is the first event of every connection.
type Hello struct {
	ExtensionVersion string     `json:"extension_version"`
	UserAgent        string     `json:"user_agent"`
	AgentTabs        []AgentTab `json:"agent_tabs"`
}

// TabEvent carries one tab (tab.created, tab.updated).
type TabEvent struct {
	Tab Tab `json:"tab"`
}

// TabClosed reports a closed agent tab.
type TabClosed struct {
	TabID int `json:"tab_id"`
}

// DebuggerDetached reports that Chrome detached the debugger.
type DebuggerDetached struct {
	TabID  int    `json:"tab_id"`
	Reason string `json:"reason"`
}

// DownloadIntercepted is the download.intercepted event: what Chrome knew
// of a download of an agent tab that it was stopped from saving.
type DownloadIntercepted struct {
	TabID int    `json:"tab_id"`
	URL   string `json:"url"`
	// FinalURL is the URL after redirects.
	FinalURL string `json:"final_url"`
	Mime     string `json:"mime"`
	// SuggestedName is the file name Chrome would have used (page content).
	SuggestedName string `json:"suggested_name"`
	TotalBytes    int64  `json:"total_bytes"`
}

// CDPEvent is a forwarded CDP event of an attached tab: of the tab's own
// session, or of one of its child sessions (an out-of-process frame).
type CDPEvent struct {
	TabID     int             `json:"tab_id"`
	SessionID string          `json:"session_id,omitempty"` // the child session's, "" for the tab's own
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
}
