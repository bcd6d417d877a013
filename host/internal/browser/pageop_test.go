package browser

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// TestPageOpCallsByNameAndDecodes: an op travels as its name and its
// arguments (JSON, as the Go struct says), and its answer comes back as
// its Go type; an answer that is not one is an error that names the op.
func TestPageOpCallsByNameAndDecodes(t *testing.T) {
	type args struct {
		I    int    `json:"i"`
		Text string `json:"text,omitempty"`
	}
	type answer struct {
		Found bool `json:"found"`
	}
	var calls []cdp.CallFunctionOnParams
	answers := []string{`{"found":true}`, `not json`}
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodCDP: func(p any) (any, error) {
			c := p.(protocol.CDPParams)
			switch cdp.Method(c.Method) {
			case cdp.PageGetFrameTree:
				return cdp.GetFrameTreeResult{FrameTree: cdp.FrameTree{Frame: cdp.Frame{ID: "MAIN", LoaderID: "L1"}}}, nil
			case cdp.PageCreateIsolatedWorld:
				return cdp.CreateIsolatedWorldResult{ExecutionContextID: 7}, nil
			case cdp.RuntimeCallFunctionOn:
				calls = append(calls, c.Params.(cdp.CallFunctionOnParams))
				value, _ := json.Marshal(answers[0])
				answers = answers[1:]
				return cdp.EvaluateResult{Result: cdp.RemoteObject{Type: "string", Value: value}}, nil
			}
			return map[string]any{}, nil
		},
	}}
	b := newTestBrowser(t, f)
	b.mu.Lock()
	tab := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
	b.mu.Unlock()
	op := PageOp[args, answer]{Fn: PageFunction{Name: "probe", Global: "__probe", Source: "(function (op, args) { return op; })"}, Name: "find"}

	got, err := op.Call(context.Background(), tab, Frame{}, args{I: 3})
	if err != nil || !got.Found {
		t.Fatalf("Call = %+v, %v", got, err)
	}
	if len(calls) != 1 || len(calls[0].Arguments) != 2 || calls[0].Arguments[0].Value != "find" {
		t.Fatalf("calls: %+v", calls)
	}
	if sent, _ := json.Marshal(calls[0].Arguments[1].Value); string(sent) != `{"i":3}` {
		t.Errorf("the arguments went as %s", sent)
	}
	if _, err := op.Call(context.Background(), tab, Frame{}, args{}); err == nil || !strings.Contains(err.Error(), "page op find") {
		t.Errorf("an answer that is not the op's: %v", err)
	}
	if ty := op.Type(); ty.Name != "find" || ty.Args != reflect.TypeFor[args]() || ty.Answer != reflect.TypeFor[answer]() {
		t.Errorf("Type = %+v", ty)
	}
}
