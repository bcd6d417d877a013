package cdp

import "encoding/json"

// Runtime domain commands.
const (
	RuntimeEvaluate           Method = "Runtime.evaluate"
	RuntimeCallFunctionOn     Method = "Runtime.callFunctionOn"
	RuntimeReleaseObjectGroup Method = "Runtime.releaseObjectGroup"
)

// EvaluateParams are Runtime.evaluate's. ContextID 0 is the page's own
// world of the main frame.
type EvaluateParams struct {
	Expression    string `json:"expression"`
	ContextID     int    `json:"contextId,omitempty"`
	ObjectGroup   string `json:"objectGroup,omitempty"`
	ReturnByValue bool   `json:"returnByValue,omitempty"`
	AwaitPromise  bool   `json:"awaitPromise,omitempty"`
	// Timeout, in milliseconds, stops the script (Terminated).
	Timeout int64 `json:"timeout,omitempty"`
}

// CallArgument is one argument of Runtime.callFunctionOn: a value (sent as
// JSON) or a remote object.
type CallArgument struct {
	Value    any    `json:"value,omitempty"`
	ObjectID string `json:"objectId,omitempty"`
}

// CallFunctionOnParams are Runtime.callFunctionOn's: the function runs
// with this set to ObjectID, or in the execution context
// ExecutionContextID with this undefined.
type CallFunctionOnParams struct {
	FunctionDeclaration string         `json:"functionDeclaration"`
	ObjectID            string         `json:"objectId,omitempty"`
	ExecutionContextID  int            `json:"executionContextId,omitempty"`
	Arguments           []CallArgument `json:"arguments,omitempty"`
	ObjectGroup         string         `json:"objectGroup,omitempty"`
	ReturnByValue       bool           `json:"returnByValue,omitempty"`
	AwaitPromise        bool           `json:"awaitPromise,omitempty"`
}

// ReleaseObjectGroupParams are Runtime.releaseObjectGroup's.
type ReleaseObjectGroupParams struct {
	ObjectGroup string `json:"objectGroup"`
}

// RemoteObject is a value of the page (Runtime.RemoteObject).
type RemoteObject struct {
	Type        string          `json:"type"`
	Subtype     string          `json:"subtype,omitempty"`
	Value       json.RawMessage `json:"value,omitempty"`
	ObjectID    string          `json:"objectId,omitempty"`
	Description string          `json:"description,omitempty"`
}

// ExceptionDetails is what a script that threw reports.
type ExceptionDetails struct {
	Text      string        `json:"text"`
	Exception *RemoteObject `json:"exception,omitempty"`
}

// Message is the exception's description, else its text.
func (d *ExceptionDetails) Message() string {
	if d.Exception != nil && d.Exception.Description != "" {
		return d.Exception.Description
	}
	return d.Text
}

// EvaluateResult is the answer of Runtime.evaluate and of
// Runtime.callFunctionOn.
type EvaluateResult struct {
	Result           RemoteObject      `json:"result"`
	ExceptionDetails *ExceptionDetails `json:"exceptionDetails,omitempty"`
}

// ObjectID is the id of an object result, "" for null or none.
func (r *EvaluateResult) ObjectID() string {
	if r.Result.Type != "object" || r.Result.Subtype == "null" {
		return ""
	}
	return r.Result.ObjectID
}
