package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestInstructionsGuidePortals: the client receives, once, instructions
// with the guidance for portals and the handoff; with tools/list they stay
// within 2,200 tokens (4 bytes of JSON a token; 2,000 until handoff).
func TestInstructionsGuidePortals(t *testing.T) {
	bs := shared(t)
	init := bs.session.InitializeResult()
	if init == nil {
		t.Fatal("no initialize result")
	}
	for _, want := range []string{"overlay first", "decline non-essential cookies", "resume the interrupted step",
		"session expired", "Never repeat a failed action the same way", "A click with no effect", "call handoff {reason}"} {
		if !strings.Contains(init.Instructions, want) {
			t.Errorf("the instructions lack %q", want)
		}
	}
	tools, err := bs.session.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	// What a model reads: each tool's name, description and input schema
	// (clients give it no output schema).
	outputs := 0
	for _, tool := range tools.Tools {
		out, _ := json.Marshal(tool.OutputSchema)
		outputs += len(out)
		tool.OutputSchema = nil
	}
	data, _ := json.Marshal(tools.Tools)
	tokens := (len(data) + len(init.Instructions)) / 4
	t.Logf("tools/list %d bytes + instructions %d bytes: ~%d tokens; output schemas %d bytes", len(data), len(init.Instructions), tokens, outputs)
	if tokens > 2400 { // 2,000 before downloads and handoff (~200 each)
		t.Errorf("tools/list and the instructions cost ~%d tokens, over 2,400", tokens)
	}
}
