package cdp

// Network domain: only what the request guard needs to know that a page
// began to send a request that is not a GET, before Chrome pauses it.
const (
	NetworkEnable  Method = "Network.enable"
	NetworkDisable Method = "Network.disable"
)

// Network domain events.
const (
	// NetworkRequestWillBeSent is forwarded by the extension only for a
	// request that is not a GET, HEAD or OPTIONS, and only with its id,
	// type, URL and method.
	NetworkRequestWillBeSent = "Network.requestWillBeSent"
)

// RequestWillBeSent is Network.requestWillBeSent as the extension forwards
// it.
type RequestWillBeSent struct {
	RequestID string `json:"requestId"`
	Type      string `json:"type"`
	Request   struct {
		URL    string `json:"url"`
		Method string `json:"method"`
	} `json:"request"`
}
