package act

import (
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// TestWaitWithMSBoundsTheWaitForText: with text and ms the step waits up
// to ms for the text (the page is told so), and when it does not come it
// fails with timeout, saying what it waited for; the steps after it do
// not run. Without ms, the wait is waitDefault.
func TestWaitWithMSBoundsTheWaitForText(t *testing.T) {
	p := newFakePage(t)
	var waited []any
	p.on("hasText", func(args map[string]any) any {
		waited = append(waited, args["wait"])
		return map[string]any{"found": false}
	})
	start := time.Now()
	res := run1(p, Options{}, Step{Action: "wait", Text: "Order placed", MS: 300}, Step{Action: "type", Mark: 1, Text: "after"})
	if res.Err == nil || res.Err.Code != toolerr.CodeTimeout || !strings.Contains(res.Err.Msg, `"Order placed"`) || !strings.Contains(res.Err.Msg, "300 ms") {
		t.Fatalf("text that never comes within ms: %v", res.Err)
	}
	if len(res.Steps) != 2 || res.Steps[0].OK || res.Steps[0].Code != toolerr.CodeTimeout || !res.Steps[1].Skipped || res.Succeeded != 0 {
		t.Errorf("steps %+v", res.Steps)
	}
	if len(p.inputs("Input.insertText")) != 0 || len(p.callsOf("typeTarget")) != 0 {
		t.Error("the step after the wait ran")
	}
	if len(waited) != 1 || waited[0] != 300.0 {
		t.Errorf("the page was asked to wait %v", waited)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}

	waited = nil
	if res := run1(p, Options{}, Step{Action: "wait", Text: "Done"}); res.Err == nil || !strings.Contains(res.Err.Msg, "10 s") || len(waited) != 1 || waited[0] != 10000.0 {
		t.Errorf("without ms: %v, the page waited %v", res.Err, waited)
	}
	p.on("hasText", func(map[string]any) any { return map[string]any{"found": true} })
	if res := run1(p, Options{}, Step{Action: "wait", Text: "Done", MS: 300}, Step{Action: "type", Mark: 1, Text: "after"}); res.Err != nil || res.Succeeded != 2 {
		t.Errorf("text that is there: %+v %v", res.Steps, res.Err)
	}
}

// TestWaitWithMSBoundsTheWaitForANavigation: a navigation that does not
// come within ms fails the step with timeout at once after it.
func TestWaitWithMSBoundsTheWaitForANavigation(t *testing.T) {
	p := newFakePage(t)
	start := time.Now()
	res := run1(p, Options{}, Step{Action: "wait", Navigation: true, MS: 200}, Step{Action: "click", Mark: 1})
	took := time.Since(start)
	if res.Err == nil || res.Err.Code != toolerr.CodeTimeout || !strings.Contains(res.Err.Msg, "did not navigate within 200 ms") {
		t.Fatalf("no navigation: %v", res.Err)
	}
	if !res.Steps[1].Skipped || len(p.inputs("Input.dispatchMouseEvent")) != 0 {
		t.Errorf("the click after the wait: %+v", res.Steps)
	}
	if took < 200*time.Millisecond || took > 5*time.Second {
		t.Errorf("waited %v for a wait of 200 ms", took)
	}
}

// TestWaitForBothIsRefused: text and navigation together are refused
// before anything runs, with what to give instead.
func TestWaitForBothIsRefused(t *testing.T) {
	p := newFakePage(t)
	res := run1(p, Options{}, Step{Action: "wait", Text: "Done", Navigation: true})
	if res.Err == nil || res.Err.Code != toolerr.CodeInvalidArgument || !strings.Contains(res.Err.Msg, "not both") || len(p.helpers()) != 0 {
		t.Errorf("%v", res.Err)
	}
}
