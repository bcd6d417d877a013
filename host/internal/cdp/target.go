package cdp

// Target domain commands.
const (
	TargetSetAutoAttach Method = "Target.setAutoAttach"
)

// Target domain events, about the tab's child sessions.
const (
	TargetAttachedToTarget   = "Target.attachedToTarget"
	TargetDetachedFromTarget = "Target.detachedFromTarget"
)

// AutoAttachFilter is one entry of Target.setAutoAttach's filter.
type AutoAttachFilter struct {
	Type string `json:"type"`
}

// SetAutoAttachParams are Target.setAutoAttach's. The extension allows
// these exactly as IframesAutoAttach has them.
type SetAutoAttachParams struct {
	AutoAttach             bool               `json:"autoAttach"`
	WaitForDebuggerOnStart bool               `json:"waitForDebuggerOnStart"`
	Flatten                bool               `json:"flatten"`
	Filter                 []AutoAttachFilter `json:"filter"`
}

// IframesAutoAttach has Chrome attach the tab's out-of-process frames as
// child sessions of the tab's own, running (the only use the extension
// allows).
var IframesAutoAttach = SetAutoAttachParams{AutoAttach: true, Flatten: true, Filter: []AutoAttachFilter{{Type: "iframe"}}}

// TargetInfo is a target's details, with the fields the host reads.
type TargetInfo struct {
	TargetID string `json:"targetId"`
	Type     string `json:"type"`
}

// AttachedToTarget is Target.attachedToTarget's payload.
type AttachedToTarget struct {
	SessionID  string     `json:"sessionId"`
	TargetInfo TargetInfo `json:"targetInfo"`
}

// DetachedFromTarget is Target.detachedFromTarget's payload.
type DetachedFromTarget struct {
	SessionID string `json:"sessionId"`
	TargetID  string `json:"targetId"`
}
