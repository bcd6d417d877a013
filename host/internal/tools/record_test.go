package tools

import (
	"encoding/json"
	"errors"
	"log/slog"
	"reflect"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// TestTypedTextShownOnlyForAPlainMarkOfTheCurrentSnapshot: before a call
// runs, the operator sees a step's typed text only when its mark is one
// of the tab's current snapshot, not a sensitive field; an unknown mark,
// a stale or made-up snapshot, a sensitive field or a key with no mark
// withholds it. What is not typed (a wait's text, a named key) is shown.
func TestTypedTextShownOnlyForAPlainMarkOfTheCurrentSnapshot(t *testing.T) {
	b, tab := browserWithTab(t, outsideExtension{})
	tab.SetSnapshot(&browser.Snapshot{ID: "snap1", MarkNode: map[int]int{1: 0, 2: 1}, Sensitive: map[int]bool{2: true}})
	s := New(b, slog.New(slog.DiscardHandler), hosting(b, outsideExtension{}, nil))
	c := &Call{Tool: "act", Client: &Client{hello: SessionHello{Key: ownerKey}}, Base: &Base{}}
	c.Client.Select(tab.ID)
	cases := []struct {
		name     string
		snapshot string
		step     act.Step
		shown    bool
	}{
		{"a plain field", "snap1", act.Step{Action: act.Type, Mark: 1, Text: "T"}, true},
		{"a key into a plain field", "snap1", act.Step{Action: act.Press, Mark: 1, Keys: "T"}, true},
		{"a sensitive field", "snap1", act.Step{Action: act.Type, Mark: 2, Text: "T"}, false},
		{"a mark the snapshot does not have", "snap1", act.Step{Action: act.Type, Mark: 999, Text: "T"}, false},
		{"a stale or made-up snapshot", "zzz", act.Step{Action: act.Type, Mark: 1, Text: "T"}, false},
		{"a key to whatever has the focus", "snap1", act.Step{Action: act.Press, Keys: "T"}, false},
		{"a wait's text (nothing typed)", "zzz", act.Step{Action: act.Wait, Text: "T"}, true},
		{"a named key (nothing typed)", "zzz", act.Step{Action: act.Press, Keys: "Enter"}, true},
	}
	for _, tc := range cases {
		in := actIn{SnapshotID: tc.snapshot, Steps: []act.Step{tc.step}}
		got := shownInput(s, c, in)["steps"].([]any)[0].(map[string]any)
		shown := got["text"] == "T" || got["keys"] == "T" || got["keys"] == "Enter"
		if shown != tc.shown {
			t.Errorf("%s: shown %v, want %v (%v)", tc.name, shown, tc.shown, got)
		}
		if !reflect.DeepEqual(in.Steps[0], tc.step) {
			t.Errorf("%s: the call's own input was changed", tc.name)
		}
	}
}

// TestRecordKeepsOnlyWhatRanPlain: once the call has run, the audit log
// keeps a step's typed text only when the call vouches for it
// (Call.typedPlain); a call that vouches for nothing (refused, invalid,
// paused, not run) keeps none, whatever the operator was shown before.
func TestRecordKeepsOnlyWhatRanPlain(t *testing.T) {
	in := actIn{SnapshotID: "snap1", Steps: []act.Step{
		{Action: act.Type, Mark: 1, Text: "ran"},
		{Action: act.Type, Mark: 1, Text: "failed"},
		{Action: act.Press, Mark: 1, Keys: "k"},
		{Action: act.Wait, Text: "Done"},
	}}
	shown := map[string]any{"shown": "before"}
	texts := func(c *Call) []any {
		var out []any
		for _, st := range recordedInput(c, in, shown)["steps"].([]any) {
			m := st.(map[string]any)
			out = append(out, m["text"], m["keys"])
		}
		return out
	}
	got := texts(&Call{typedPlain: map[int]bool{0: true, 2: true}})
	want := []any{"ran", nil, Withheld, nil, nil, "k", "Done", nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("vouched for the first and the third: %v, want %v", got, want)
	}
	got = texts(&Call{})
	want = []any{Withheld, nil, Withheld, nil, nil, Withheld, "Done", nil}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("vouched for none: %v, want %v", got, want)
	}
	// An input that decides nothing after the run keeps what was shown.
	if got := recordedInput(&Call{}, navigateIn{URL: "https://a.test/"}, shown); got["shown"] != "before" {
		t.Errorf("navigate's record: %v", got)
	}
}

// TestActVouchesOnlyForStepsThatSucceeded: what act vouches for is what
// act.Result says typed into a plain field, of the steps whose result is
// ok (a step may be failed after it ran).
func TestActVouchesOnlyForStepsThatSucceeded(t *testing.T) {
	res := act.Result{
		Steps:      []act.StepResult{{Step: 1, OK: true}, {Step: 2, OK: false}, {Step: 3, OK: true}, {Step: 4, Skipped: true}},
		TypedPlain: map[int]bool{0: true, 1: true, 3: true},
	}
	if got := typedPlain(res); !reflect.DeepEqual(got, map[int]bool{0: true}) {
		t.Errorf("vouched for %v", got)
	}
	if got := typedPlain(act.Result{}); got != nil {
		t.Errorf("a batch that did not run vouches for %v", got)
	}
}

// TestEveryInputWithStepsWithholdsAfterItRuns: a tool whose input holds
// act steps (what types into a page) withholds their typed text from the
// operator's view (withholding) and decides the audit record by what ran
// (withholdingRan): a tool added later cannot leak typed text by
// forgetting it.
func TestEveryInputWithStepsWithholdsAfterItRuns(t *testing.T) {
	stepType := reflect.TypeFor[act.Step]()
	for _, d := range defs() {
		if !holds(d.input, stepType, map[reflect.Type]bool{}) {
			continue
		}
		p := reflect.PointerTo(d.input)
		if !p.Implements(reflect.TypeFor[withholding]()) || !p.Implements(reflect.TypeFor[withholdingRan]()) {
			t.Errorf("%s takes act steps but does not withhold what they type", d.tool.Name)
		}
	}
}

// holds says whether a value of type t can hold a value of type want.
func holds(t, want reflect.Type, seen map[reflect.Type]bool) bool {
	if t == want {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return holds(t.Elem(), want, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if holds(t.Field(i).Type, want, seen) {
				return true
			}
		}
	}
	return false
}

// TestInvalidArgumentsAreNotRepeated: arguments that do not fit the
// schema are refused with words that name the argument and what to give,
// and never repeat the value given (it may be typed text).
func TestInvalidArgumentsAreNotRepeated(t *testing.T) {
	const planted = "PLANTED-schema"
	cases := []struct {
		tool, raw, says string
	}{
		{"act", `{"snapshot_id":"s","steps":{"action":"type","mark":1,"text":"PLANTED-schema"}}`, "steps must be a list, not an object"},
		{"act", `{"snapshot_id":"s","steps":[{"action":"type","mark":1,"text":{"x":"PLANTED-schema"}}]}`, "steps[].text must be a string, not an object"},
		{"act", `{"snapshot_id":"s","steps":[{"action":"type","mark":1,"text":["PLANTED-schema"]}]}`, "steps[].text must be a string, not a list"},
		{"act", `{"snapshot_id":"s","steps":[{"action":"type","mark":1,"text":"PLANTED-schema","bogus":1}]}`, "the items of steps take no bogus"},
		{"act", `{"snapshot_id":"s","steps":[{"action":"PLANTED-schema","mark":1}]}`, "steps[].action must be one of: click, type"},
		{"act", `{"snapshot_id":"s","steps":[{"action":"type","mark":"PLANTED-schema"}]}`, "steps[].mark must be a whole number, not a string"},
		{"act", `{"steps":[{"action":"type","mark":1,"text":"PLANTED-schema"}]}`, "give snapshot_id"},
		{"act", `{"snapshot_id":"s","steps":[{"mark":1,"text":"PLANTED-schema"}]}`, "each item of steps needs action"},
		{"act", `{"snapshot_id":"s","steps":[{"action":"type","mark":1,"text":"PLANTED-schema"}],"observe":"PLANTED-schema"}`, "observe must be one of: true, false, changes"},
		{"tabs", `{}`, "give action"},
		{"navigate", `{"url":["PLANTED-schema"]}`, "url must be a string, not a list"},
	}
	for _, tc := range cases {
		_, err := decodedFor(t, &Server{}, tc.tool, json.RawMessage(tc.raw))
		if err == nil {
			t.Errorf("%s %s: accepted", tc.tool, tc.raw)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, planted) || !strings.Contains(msg, tc.says) {
			t.Errorf("%s %s: %q, want %q in it and no value", tc.tool, tc.raw, msg, tc.says)
		}
		if errorsCause(err) != nil {
			t.Errorf("%s: the validator's words are kept as the cause: %v", tc.tool, errorsCause(err))
		}
	}
}

// errorsCause is the cause a tool error keeps for the log.
func errorsCause(err error) error {
	var e *toolerr.Error
	if errors.As(err, &e) {
		return e.Err
	}
	return nil
}
