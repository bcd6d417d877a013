package cdp

// Fetch and IO domain commands: how the host takes a download's bytes
// before Chrome's download manager sees them.
const (
	FetchEnable                   Method = "Fetch.enable"
	FetchContinueRequest          Method = "Fetch.continueRequest"
	FetchFailRequest              Method = "Fetch.failRequest"
	FetchTakeResponseBodyAsStream Method = "Fetch.takeResponseBodyAsStream"
	IORead                        Method = "IO.read"
	IOClose                       Method = "IO.close"
)

// Fetch domain events.
const (
	FetchRequestPaused = "Fetch.requestPaused"
)

// FetchPattern is one Fetch.RequestPattern.
type FetchPattern struct {
	URLPattern   string `json:"urlPattern"`
	ResourceType string `json:"resourceType"`
	RequestStage string `json:"requestStage"`
}

// FetchEnableParams are Fetch.enable's parameters.
type FetchEnableParams struct {
	Patterns []FetchPattern `json:"patterns"`
}

// DocumentResponses is the only interception the host asks for: the
// response of every document, before Chrome acts on it.
var DocumentResponses = FetchEnableParams{Patterns: []FetchPattern{{URLPattern: "*", ResourceType: "Document", RequestStage: "Response"}}}

// RequestPaused is Fetch.requestPaused as the extension forwards it: the
// request's URL and method, the response's status and the headers that
// tell a download from a page (lower-case names).
type RequestPaused struct {
	RequestID    string `json:"requestId"`
	FrameID      string `json:"frameId"`
	ResourceType string `json:"resourceType"`
	Request      struct {
		URL    string `json:"url"`
		Method string `json:"method"`
	} `json:"request"`
	ResponseStatusCode  int               `json:"responseStatusCode"`
	ResponseErrorReason string            `json:"responseErrorReason"`
	ResponseHeaders     map[string]string `json:"responseHeaders"`
}

// RequestIDParams name a paused request.
type RequestIDParams struct {
	RequestID string `json:"requestId"`
}

// FailRequestParams are Fetch.failRequest's parameters.
type FailRequestParams struct {
	RequestID   string `json:"requestId"`
	ErrorReason string `json:"errorReason"`
}

// StreamResult is Fetch.takeResponseBodyAsStream's result.
type StreamResult struct {
	Stream string `json:"stream"`
}

// IOReadParams are IO.read's parameters.
type IOReadParams struct {
	Handle string `json:"handle"`
	Size   int    `json:"size,omitempty"`
}

// IOReadResult is IO.read's result.
type IOReadResult struct {
	Base64Encoded bool   `json:"base64Encoded"`
	Data          string `json:"data"`
	EOF           bool   `json:"eof"`
}

// IOCloseParams are IO.close's parameters.
type IOCloseParams struct {
	Handle string `json:"handle"`
}
