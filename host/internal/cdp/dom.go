package cdp

// DOM and DOMDebugger domain commands.
const (
	DOMDescribeNode              Method = "DOM.describeNode"
	DOMResolveNode               Method = "DOM.resolveNode"
	DOMSetFileInputFiles         Method = "DOM.setFileInputFiles"
	DOMDebuggerGetEventListeners Method = "DOMDebugger.getEventListeners"
)

// DescribeNodeParams are DOM.describeNode's. Depth nil is Chrome's
// default (the node's children).
type DescribeNodeParams struct {
	ObjectID string `json:"objectId"`
	Depth    *int   `json:"depth,omitempty"`
	Pierce   bool   `json:"pierce,omitempty"`
}

// ShadowRoot is a shadow root of a described node.
type ShadowRoot struct {
	BackendNodeID  int    `json:"backendNodeId"`
	ShadowRootType string `json:"shadowRootType"`
}

// Node is a described node, with the fields the host reads.
type Node struct {
	BackendNodeID int          `json:"backendNodeId"`
	FrameID       string       `json:"frameId,omitempty"`
	ShadowRoots   []ShadowRoot `json:"shadowRoots,omitempty"`
}

// DescribeNodeResult is DOM.describeNode's answer.
type DescribeNodeResult struct {
	Node Node `json:"node"`
}

// ResolveNodeParams are DOM.resolveNode's.
type ResolveNodeParams struct {
	BackendNodeID      int    `json:"backendNodeId"`
	ExecutionContextID int    `json:"executionContextId"`
	ObjectGroup        string `json:"objectGroup,omitempty"`
}

// ResolveNodeResult is DOM.resolveNode's answer.
type ResolveNodeResult struct {
	Object RemoteObject `json:"object"`
}

// SetFileInputFilesParams are DOM.setFileInputFiles's.
type SetFileInputFilesParams struct {
	Files    []string `json:"files"`
	ObjectID string   `json:"objectId"`
}

// GetEventListenersParams are DOMDebugger.getEventListeners's. Depth 0
// is Chrome's default (the node alone); -1 with Pierce is the whole
// document, shadow trees included.
type GetEventListenersParams struct {
	ObjectID string `json:"objectId"`
	Depth    int    `json:"depth,omitempty"`
	Pierce   bool   `json:"pierce,omitempty"`
}

// EventListener is one listener DOMDebugger.getEventListeners reports.
type EventListener struct {
	Type          string       `json:"type"`
	BackendNodeID int          `json:"backendNodeId"`
	Handler       RemoteObject `json:"handler"`
}

// GetEventListenersResult is DOMDebugger.getEventListeners's answer.
type GetEventListenersResult struct {
	Listeners []EventListener `json:"listeners"`
}
