package act

import (
	"reflect"
	"testing"

	"github.com/diwall/diwall/host/internal/observe"
)

// TestEveryActionHasItsRules: the table and the list of actions name the
// same actions, each with what it does.
func TestEveryActionHasItsRules(t *testing.T) {
	if len(kinds) != len(Actions) {
		t.Errorf("%d kinds for %d actions", len(kinds), len(Actions))
	}
	for _, a := range Actions {
		k, ok := kinds[a]
		if !ok || k.do == nil {
			t.Errorf("%s has no rules, or nothing to do", a)
		}
		if k.first != nil && !k.mark {
			t.Errorf("%s begins with a helper on its element but needs no mark", a)
		}
	}
	if got := validate(Step{Action: "teleport"}, Options{}); got == nil ||
		got.Msg != `Unknown action "teleport": use click, type, select, check, uncheck, hover, scroll, press, wait, upload or drag.` {
		t.Errorf("unknown action: %v", got)
	}
	for _, a := range []Action{Click, Type, Select, Check, Uncheck, Hover, Upload, Drag} {
		if got := validate(Step{Action: a}, Options{}); got == nil || got.Msg != string(a)+" needs a mark." {
			t.Errorf("%s without a mark: %v", a, got)
		}
	}
}

// TestWithhold: what a step types into the page is withheld; keys that
// name a key, and every other argument, stay.
func TestWithhold(t *testing.T) {
	for _, c := range []struct{ in, want Step }{
		{Step{Action: Type, Mark: 1, Text: "hunter2", Submit: true}, Step{Action: Type, Mark: 1, Text: "x", Submit: true}},
		{Step{Action: Press, Keys: "q"}, Step{Action: Press, Keys: "x"}},
		{Step{Action: Press, Keys: "Shift+Q"}, Step{Action: Press, Keys: "x"}},
		{Step{Action: Press, Keys: "Enter"}, Step{Action: Press, Keys: "Enter"}},
		{Step{Action: Press, Keys: "Control+A"}, Step{Action: Press, Keys: "Control+A"}},
		{Step{Action: Wait, Text: "Done"}, Step{Action: Wait, Text: "Done"}},
		{Step{Action: Select, Mark: 2, Values: []string{"A"}}, Step{Action: Select, Mark: 2, Values: []string{"A"}}},
		{Step{Action: Type, Mark: 1}, Step{Action: Type, Mark: 1}},
	} {
		got := c.in
		got.Withhold("x")
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%+v withheld: %+v, want %+v", c.in, got, c.want)
		}
	}
}

// TestActed: a changes observation knows what the steps that succeeded
// asked of their elements, typed text accumulating; a click forgets it.
func TestActed(t *testing.T) {
	steps := []Step{
		{Action: Type, Mark: 1, Text: "ab"},
		{Action: Type, Mark: 1, Text: "c"},
		{Action: Check, Mark: 2},
		{Action: Select, Mark: 3, Values: []string{"B"}},
		{Action: Type, Mark: 4, Text: "z"},
		{Action: Click, Mark: 4},
		{Action: Uncheck, Mark: 5},
		{Action: Type, Mark: 6, Text: "lost"},
	}
	results := make([]StepResult, len(steps))
	for i := range results {
		results[i].OK = i != 7
	}
	got := Acted(steps, results)
	yes, no := true, false
	want := observe.Acted{
		1: {Values: []string{"abc"}, Appended: true},
		2: {Checked: &yes},
		3: {Values: []string{"B"}},
		5: {Checked: &no},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("acted %+v, want %+v", got, want)
	}
}
