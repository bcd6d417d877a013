package cdp

import (
	"encoding/json"
	"testing"
)

// TestParamsChromeRequires: the fields Chrome requires, or whose default
// is not their zero value, are sent even when zero.
func TestParamsChromeRequires(t *testing.T) {
	zero, none := 0.0, 0
	for _, c := range []struct {
		params any
		want   string
	}{
		{MouseEventParams{Type: "mouseWheel", X: 1, Y: 2, DeltaX: &zero, DeltaY: &zero}, `{"type":"mouseWheel","x":1,"y":2,"deltaX":0,"deltaY":0}`},
		{MouseEventParams{Type: "mouseMoved"}, `{"type":"mouseMoved","x":0,"y":0}`},
		{MouseEventParams{Type: "mouseReleased", Button: "left", Buttons: &none, ClickCount: 1}, `{"type":"mouseReleased","x":0,"y":0,"button":"left","buttons":0,"clickCount":1}`},
		{GetPartialAXTreeParams{ObjectID: "o"}, `{"objectId":"o","fetchRelatives":false}`},
		{SetInterceptDragsParams{}, `{"enabled":false}`},
		{SetFocusEmulationEnabledParams{}, `{"enabled":false}`},
		{DescribeNodeParams{ObjectID: "o", Depth: &none, Pierce: true}, `{"objectId":"o","depth":0,"pierce":true}`},
		{IframesAutoAttach, `{"autoAttach":true,"waitForDebuggerOnStart":false,"flatten":true,"filter":[{"type":"iframe"}]}`},
		{CallFunctionOnParams{FunctionDeclaration: "f", ExecutionContextID: 3, Arguments: []CallArgument{{Value: false}, {Value: 0}, {ObjectID: "o"}}},
			`{"functionDeclaration":"f","executionContextId":3,"arguments":[{"value":false},{"value":0},{"objectId":"o"}]}`},
	} {
		got, err := json.Marshal(c.params)
		if err != nil || string(got) != c.want {
			t.Errorf("%T: %s, want %s", c.params, got, c.want)
		}
	}
}
