package e2e

import (
	"slices"
	"strings"
	"testing"
)

// count is how many times event occurs in events.
func count(events []string, event string) int {
	n := 0
	for _, e := range events {
		if e == event {
			n++
		}
	}
	return n
}

// TestActTypingEvents: a plain field gets the text as a person's typing
// would give a page that listens only for input: focus, beforeinput and
// input (once: the text goes in at once), change when left; a field whose
// page listens for keys, and a formatted or masked one, gets every key.
func TestActTypingEvents(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/typing.html")
	o := bs.observe()
	r := bs.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Plain"), "text": "hello world"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Listened"), "text": "abc"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Expiry"), "text": "09/29"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Phone"), "text": "2025550123"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Message"), "text": "Line one\nLine two"},
		map[string]any{"action": "type", "mark": markOf(t, o, "spinbutton", "Amount"), "text": "42"},
		map[string]any{"action": "type", "mark": markOf(t, o, "generic", "Notes"), "text": "Call me"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Delegated"), "text": "four"},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Done")},
	)
	if !r.OK {
		t.Fatalf("typing: %v %+v", r.Server["error"], r.Steps)
	}
	var got struct {
		Events map[string]any    `json:"events"`
		Values map[string]string `json:"values"`
	}
	bs.pageEval("/act/typing.html", `{events: window.events, values: Object.fromEntries(["plain","listened","expiry","phone","message","amount","delegated"].map(id => [id, document.getElementById(id).value]).concat([["notes", document.getElementById("notes").textContent]]))}`, &got)
	want := map[string]string{"plain": "hello world", "listened": "abc", "expiry": "09/29", "phone": "(202) 555-0123",
		"message": "Line one\nLine two", "amount": "42", "notes": "Call me", "delegated": "four"}
	for k, v := range want {
		if got.Values[k] != v {
			t.Errorf("%s = %q, want %q", k, got.Values[k], v)
		}
	}
	events := func(id string) []string {
		var out []string
		list, _ := got.Events[id].([]any)
		for _, e := range list {
			out = append(out, e.(string))
		}
		return out
	}
	// Plain fields: focus, one insertion, change and blur when left.
	for _, id := range []string{"plain", "amount"} {
		if ev := events(id); !slices.Equal(ev, []string{"focus", "beforeinput", "input", "change", "blur"}) {
			t.Errorf("%s got %v, want focus, beforeinput, input, change, blur", id, ev)
		}
	}
	if ev := events("notes"); !slices.Equal(ev, []string{"focus", "beforeinput", "input", "blur"}) {
		t.Errorf("notes got %v", ev)
	}
	// A field the page listens on for keys: each key, in order.
	if ev := events("listened"); strings.Join(ev, " ") !=
		"focus keydown beforeinput input keyup keydown beforeinput input keyup keydown beforeinput input keyup change blur" {
		t.Errorf("listened got %v", ev)
	}
	// Formatted and masked fields: each key.
	for id, n := range map[string]int{"expiry": 5, "phone": 10} {
		ev := events(id)
		if count(ev, "keydown") != n || count(ev, "keyup") != n || count(ev, "input") != n || count(ev, "change") != 1 {
			t.Errorf("%s got %v, want %d keys", id, ev, n)
		}
	}
	// A field whose keys the page listens for on an element around it.
	if n := got.Events["delegatedKeys"]; n != 4.0 {
		t.Errorf("the keys of the delegated field reached its wrapper %v times, want 4", n)
	}
	if ev := events("delegated"); count(ev, "input") != 4 {
		t.Errorf("delegated got %v, want 4 inputs", ev)
	}
	// A line break in a textarea is the Enter key.
	if ev := events("message"); count(ev, "input") != 3 || count(ev, "change") != 1 {
		t.Errorf("message got %v", ev)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestActTypeBounded: the text of one step is at most 64 KiB; past it the
// act is refused before anything is typed.
func TestActTypeBounded(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/typing.html")
	o := bs.observe()
	message := markOf(t, o, "textbox", "Message")
	long := strings.Repeat("abcdefgh", 64<<10/8)
	r := bs.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Plain"), "text": "first"},
		map[string]any{"action": "type", "mark": message, "text": long + "x"},
	)
	if r.OK || r.errorCode() != "invalid_argument" || r.Steps[1].Code != "invalid_argument" || r.Steps[0].OK {
		t.Fatalf("65,537 bytes: ok=%v code=%s steps %+v", r.OK, r.errorCode(), r.Steps)
	}
	var plain string
	bs.pageEval("/act/typing.html", `document.getElementById("plain").value`, &plain)
	if plain != "" {
		t.Fatalf("a refused batch typed %q", plain)
	}
	o = *r.Observation
	r = bs.act(snap(o), false, map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Message"), "text": long})
	if !r.OK {
		t.Fatalf("64 KiB: %v", r.Server["error"])
	}
	var n int
	bs.pageEval("/act/typing.html", `document.getElementById("message").value.length`, &n)
	if n != len(long) {
		t.Fatalf("the textarea holds %d characters, want %d", n, len(long))
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestActSelectThatSubmits: a select whose change submits its form is
// seen to navigate, and the act waits for the new page.
func TestActSelectThatSubmits(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/jump.html")
	o := bs.observe()
	r := bs.act(snap(o), true, map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Go to"), "values": []string{"Second page"}})
	if !r.OK || !r.Steps[0].Navigated || r.Server["navigated"] != true {
		t.Fatalf("a select that submits: ok=%v steps %+v", r.OK, r.Steps)
	}
	if r.Observation == nil || r.Observation.Title != "Diwall fixture: second" {
		t.Fatalf("the act did not wait for the new page: %+v", r.Observation)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
