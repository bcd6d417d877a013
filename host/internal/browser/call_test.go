package browser

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// TestRunDefinesOnceThenCallsByName: a page function's source goes to a
// world once, later calls send its name; its arguments always travel as
// arguments; a world that lost it (Missing) gets the source again; and a
// world Chrome no longer knows is ErrWorldGone.
func TestRunDefinesOnceThenCallsByName(t *testing.T) {
	var calls []cdp.CallFunctionOnParams
	answers := []any{"one", Missing, "three", "four"}
	var refuse error
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodCDP: func(p any) (any, error) {
			c := p.(protocol.CDPParams)
			switch cdp.Method(c.Method) {
			case cdp.PageGetFrameTree:
				return cdp.GetFrameTreeResult{FrameTree: cdp.FrameTree{Frame: cdp.Frame{ID: "MAIN", LoaderID: "L1"}}}, nil
			case cdp.PageCreateIsolatedWorld:
				return cdp.CreateIsolatedWorldResult{ExecutionContextID: 7}, nil
			case cdp.RuntimeCallFunctionOn:
				if refuse != nil {
					return nil, refuse
				}
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
	fn := PageFunction{Name: "probe", Global: "__probe", Source: "(function (op, args) { return op; })"}
	ctx := context.Background()
	args := Args("op", map[string]any{"text": `"); alert(1); ("`})

	for _, want := range []string{"one", "three"} {
		got, err := tab.Run(ctx, Frame{}, fn, args, true)
		if err != nil || got != want {
			t.Fatalf("Run = %q, %v; want %q", got, err, want)
		}
	}
	if len(calls) != 3 {
		t.Fatalf("%d calls, want 3 (define, by name, define again)", len(calls))
	}
	for i, defines := range []bool{true, false, true} {
		c := calls[i]
		if strings.Contains(c.FunctionDeclaration, fn.Source) != defines || c.ExecutionContextID != 7 || !c.AwaitPromise || !c.ReturnByValue {
			t.Errorf("call %d: %+v", i, c)
		}
		if strings.Contains(c.FunctionDeclaration, "alert") || len(c.Arguments) != 2 || c.Arguments[0].Value != "op" {
			t.Errorf("call %d: the arguments are not arguments: %+v", i, c)
		}
	}

	refuse = &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Cannot find context with specified id"}
	if _, err := tab.Run(ctx, Frame{}, fn, args, true); !errors.Is(err, ErrWorldGone) {
		t.Errorf("a world gone: %v", err)
	}
	refuse = &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "No session with given id"}
	_, err := tab.CallIn(ctx, Frame{}, "function () {}", nil, false)
	if errors.Is(err, ErrWorldGone) || !cdp.Is(err, cdp.SessionGone) {
		t.Errorf("the main frame's session is never a world gone: %v", err)
	}
}
