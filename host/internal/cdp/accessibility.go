package cdp

// Accessibility domain commands.
const (
	AccessibilityGetPartialAXTree Method = "Accessibility.getPartialAXTree"
)

// GetPartialAXTreeParams are Accessibility.getPartialAXTree's.
// FetchRelatives is sent even when false: Chrome's default is true.
type GetPartialAXTreeParams struct {
	ObjectID       string `json:"objectId"`
	FetchRelatives bool   `json:"fetchRelatives"`
}

// AXValue is a role's or a name's value.
type AXValue struct {
	Value string `json:"value"`
}

// AXNode is a node of Chrome's accessibility tree, with the fields the
// host reads.
type AXNode struct {
	Ignored bool     `json:"ignored"`
	Role    *AXValue `json:"role,omitempty"`
	Name    *AXValue `json:"name,omitempty"`
}

// GetPartialAXTreeResult is Accessibility.getPartialAXTree's answer.
type GetPartialAXTreeResult struct {
	Nodes []AXNode `json:"nodes"`
}
