package act

import (
	"context"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/toolerr"
)

func TestValidateRefusesStepsThatCannotBeRight(t *testing.T) {
	withDir := Options{UploadDir: "/uploads"}
	cases := []struct {
		name string
		step Step
		opts Options
		code toolerr.Code
		says string
	}{
		{"unknown action", Step{Action: "tap", Mark: 1}, withDir, toolerr.CodeInvalidArgument, "Unknown action"},
		{"click without a mark", Step{Action: "click"}, withDir, toolerr.CodeInvalidArgument, "needs a mark"},
		{"drag without a mark", Step{Action: "drag", ToMark: 2}, withDir, toolerr.CodeInvalidArgument, "needs a mark"},
		{"text too long", Step{Action: "type", Mark: 1, Text: strings.Repeat("x", MaxText+1)}, withDir, toolerr.CodeInvalidArgument, "at most"},
		{"a modifier that is not one", Step{Action: "click", Mark: 1, Modifiers: []string{"Hyper"}}, withDir, toolerr.CodeInvalidArgument, "not a modifier"},
		{"an unknown button", Step{Action: "click", Mark: 1, Button: "fourth"}, withDir, toolerr.CodeInvalidArgument, "button"},
		{"select without values", Step{Action: "select", Mark: 1}, withDir, toolerr.CodeInvalidArgument, "needs values"},
		{"press without keys", Step{Action: "press"}, withDir, toolerr.CodeInvalidArgument, "needs keys"},
		{"press of an unknown key", Step{Action: "press", Keys: "Control+Foo"}, withDir, toolerr.CodeInvalidArgument, "unknown key"},
		{"wait too long", Step{Action: "wait", MS: 30001}, withDir, toolerr.CodeInvalidArgument, "30000"},
		{"wait for nothing", Step{Action: "wait"}, withDir, toolerr.CodeInvalidArgument, "needs ms, text or navigation"},
		{"upload without files", Step{Action: "upload", Mark: 1}, withDir, toolerr.CodeInvalidArgument, "needs files"},
		{"upload without a folder", Step{Action: "upload", Mark: 1, Files: []string{"a.pdf"}}, Options{}, toolerr.CodePermissionDenied, "upload_dir"},
		{"drag to nowhere", Step{Action: "drag", Mark: 1}, withDir, toolerr.CodeInvalidArgument, "to_mark"},
	}
	for _, c := range cases {
		err := validate(c.step, c.opts)
		if err == nil || err.Code != c.code || !strings.Contains(err.Msg, c.says) {
			t.Errorf("%s: %v, want %s saying %q", c.name, err, c.code, c.says)
		}
	}
	for _, ok := range []Step{
		{Action: "click", Mark: 1, Button: "right", Modifiers: []string{"Shift", "ctrl"}, Double: true},
		{Action: "type", Mark: 1, Text: strings.Repeat("x", MaxText)},
		{Action: "scroll"}, {Action: "press", Keys: "Shift+Tab"}, {Action: "wait", MS: 30000},
		{Action: "wait", Text: "Done"}, {Action: "wait", Navigation: true},
		{Action: "drag", Mark: 1, DX: 5}, {Action: "drag", Mark: 1, ToMark: 2},
		{Action: "upload", Mark: 1, Files: []string{"a.pdf"}},
	} {
		if err := validate(ok, withDir); err != nil {
			t.Errorf("%+v refused: %v", ok, err)
		}
	}
}

// TestAMalformedBatchRunsNothing: one bad step and none is run; the result
// names the bad one and says why the others were not run.
func TestAMalformedBatchRunsNothing(t *testing.T) {
	p := newFakePage(t)
	steps := []Step{{Action: "click", Mark: 1}, {Action: "select", Mark: 2}, {Action: "hover", Mark: 3}}
	res := Run(context.Background(), p.tab, Options{Allowed: allowAll}, p.snap, steps)
	if res.Err == nil || res.Err.Code != toolerr.CodeInvalidArgument || len(res.Steps) != 3 {
		t.Fatalf("%+v %v", res.Steps, res.Err)
	}
	if s := res.Steps[1]; s.Code != toolerr.CodeInvalidArgument || s.Skipped || s.Step != 2 {
		t.Errorf("the bad step: %+v", s)
	}
	for _, i := range []int{0, 2} {
		if s := res.Steps[i]; !s.Skipped || !strings.Contains(s.Message, "step 2 is malformed") {
			t.Errorf("step %d: %+v", i+1, s)
		}
	}
	if h := p.helpers(); len(h) != 0 {
		t.Errorf("the page was asked %v", h)
	}
}

func TestBatchSize(t *testing.T) {
	p := newFakePage(t)
	for _, n := range []int{0, maxSteps + 1} {
		res := Run(context.Background(), p.tab, Options{Allowed: allowAll}, p.snap, make([]Step, n))
		if res.Err == nil || res.Err.Code != toolerr.CodeInvalidArgument || len(res.Steps) != 0 {
			t.Errorf("%d steps: %+v %v", n, res.Steps, res.Err)
		}
	}
}
