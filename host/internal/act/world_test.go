package act

import (
	"fmt"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// helperCalls returns, for each call of act.js, whether it carried the
// source (defined it).
func helperCalls(p *fakePage) []bool {
	var out []bool
	for _, r := range p.ext.Requests(string(cdp.RuntimeCallFunctionOn)) {
		if c := browsertest.CallOf(r); c.Global == helpers.Global {
			out = append(out, c.Defines)
		}
	}
	return out
}

// TestPageJSIsDefinedOncePerWorld: the first call in a world sends
// act.js, later calls its name; a world that lost it (a new document)
// gets it again, and the steps go on, that whose helper was sent ahead
// too.
func TestPageJSIsDefinedOncePerWorld(t *testing.T) {
	p := newFakePage(t)
	click := func(mark int) Step { return Step{Action: "click", Mark: mark} }
	if res := run1(p, Options{}, click(1), click(2)); res.Err != nil || res.Succeeded != 2 {
		t.Fatalf("%+v %v", res.Steps, res.Err)
	}
	calls := helperCalls(p)
	if len(calls) < 2 || !calls[0] {
		t.Fatalf("calls %v", calls)
	}
	for i, defines := range calls[1:] {
		if defines {
			t.Errorf("call %d sent act.js again: %v", i+1, calls)
		}
	}
	before := len(calls)
	p.worlds.Forget()
	p.on("selectNative", func(map[string]any) any { return map[string]any{} })
	if res := run1(p, Options{}, Step{Action: "select", Mark: 2, Values: []string{"a"}}, click(3)); res.Err != nil || res.Succeeded != 2 {
		t.Fatalf("after the world lost act.js: %+v %v", res.Steps, res.Err)
	}
	// The select's call and the click's sent behind it, by name (both
	// Missing), the select's again with the source, the click's by name.
	calls = helperCalls(p)[before:]
	if fmt.Sprint(calls) != "[false false true false]" {
		t.Errorf("calls after the world lost act.js: %v", calls)
	}
	if h := p.helpers(); strings.Join(h, " ") != "locate locate selectNative locate" {
		t.Errorf("helpers run: %v", h)
	}
}

// TestHelperArgumentsAreArguments: what the model wrote reaches act.js as
// an argument, never as part of its text.
func TestHelperArgumentsAreArguments(t *testing.T) {
	p := newFakePage(t)
	const text = `"); alert(1); ("`
	if res := run1(p, Options{}, Step{Action: "wait", Text: text}); res.Err != nil {
		t.Fatal(res.Err)
	}
	calls := p.callsOf("hasText")
	if len(calls) == 0 || calls[0].args["text"] != text {
		t.Fatalf("hasText calls %+v", calls)
	}
	for _, r := range p.ext.Requests(string(cdp.RuntimeCallFunctionOn)) {
		if strings.Contains(browsertest.Script(r), "alert(1)") {
			t.Errorf("the text is in the function: %.80q", browsertest.Script(r))
		}
	}
}

// TestAHelperThatThrows is the step's internal error, and the batch
// stops.
func TestAHelperThatThrows(t *testing.T) {
	p := newFakePage(t)
	p.on("locate", func(map[string]any) any { return thrown("boom") })
	res := run1(p, Options{}, Step{Action: "click", Mark: 1}, Step{Action: "hover", Mark: 2})
	if res.Err == nil || res.Err.Code != toolerr.CodeInternal || len(res.Steps) != 2 || !res.Steps[1].Skipped {
		t.Errorf("%+v %v", res.Steps, res.Err)
	}
}
