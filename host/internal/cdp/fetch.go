package cdp

// Fetch and IO domain commands: how the host takes a download's bytes
// before Chrome's download manager sees them, and holds what a step would
// send past the person (the request guard).
const (
	FetchEnable                   Method = "Fetch.enable"
	FetchDisable                  Method = "Fetch.disable"
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

// DocumentResponses is the interception the host keeps on an agent tab:
// the response of every document, before Chrome acts on it.
var DocumentResponses = FetchEnableParams{Patterns: []FetchPattern{documentResponse}}

var documentResponse = FetchPattern{URLPattern: "*", ResourceType: "Document", RequestStage: "Response"}

// GuardedRequests is the interception while a batch of steps runs on a
// page whose profile confirms submissions or purchases: besides the
// documents' responses, every request that can carry a page's data out (a
// document's navigation, XHR, fetch, a beacon, and what Chrome calls
// other) pauses before it leaves, for the host to let go or fail.
var GuardedRequests = FetchEnableParams{Patterns: []FetchPattern{
	documentResponse,
	{URLPattern: "*", ResourceType: "Document", RequestStage: "Request"},
	{URLPattern: "*", ResourceType: "XHR", RequestStage: "Request"},
	{URLPattern: "*", ResourceType: "Fetch", RequestStage: "Request"},
	{URLPattern: "*", ResourceType: "Ping", RequestStage: "Request"},
	{URLPattern: "*", ResourceType: "Other", RequestStage: "Request"},
}}

// RequestPaused is Fetch.requestPaused as the extension forwards it: the
// request's URL and method, the response's status and the headers that
// tell a download from a page (lower-case names). A request paused before
// it was sent (the request stage) has no status and no error reason.
type RequestPaused struct {
	RequestID    string `json:"requestId"`
	FrameID      string `json:"frameId"`
	ResourceType string `json:"resourceType"`
	// NetworkID is the request's id in the Network domain (see
	// RequestWillBeSent).
	NetworkID string `json:"networkId"`
	Request   struct {
		URL    string `json:"url"`
		Method string `json:"method"`
	} `json:"request"`
	ResponseStatusCode  int               `json:"responseStatusCode"`
	ResponseErrorReason string            `json:"responseErrorReason"`
	ResponseHeaders     map[string]string `json:"responseHeaders"`
}

// AtRequest reports whether the request paused before it was sent.
func (p RequestPaused) AtRequest() bool {
	return p.ResponseStatusCode == 0 && p.ResponseErrorReason == ""
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
