package browser

import (
	"context"
	"errors"
	"testing"

	"github.com/diwall/diwall/protocol"
)

// TestPipelineOrderAndOptional: the commands run in order, a failed
// optional command is not the pipeline's failure, another one is.
func TestPipelineOrderAndOptional(t *testing.T) {
	var sent []string
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodCDP: func(p any) (any, error) {
			m := p.(protocol.CDPParams).Method
			sent = append(sent, m)
			if m == "Fail.me" {
				return nil, errors.New("refused")
			}
			return map[string]any{"value": m}, nil
		},
	}}
	b := newTestBrowser(t, f)
	tab := &Tab{b: b, ChromeID: 3}
	var first, last struct {
		Value string `json:"value"`
	}
	err := tab.Pipeline(context.Background(), []Command{
		{Method: "A.one", Result: &first},
		{Method: "Fail.me", Optional: true},
		{Method: "B.two", Result: &last},
	})
	if err != nil || first.Value != "A.one" || last.Value != "B.two" {
		t.Fatalf("pipeline: %v %v %v", err, first, last)
	}
	if len(sent) != 3 || sent[0] != "A.one" || sent[2] != "B.two" {
		t.Fatalf("sent %v", sent)
	}
	if err := tab.Pipeline(context.Background(), []Command{{Method: "Fail.me"}, {Method: "C.three"}}); err == nil {
		t.Fatal("a failed command that is not optional did not fail the pipeline")
	}
}
