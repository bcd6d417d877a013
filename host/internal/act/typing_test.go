package act

import (
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// typedAs says how the text went in: "insert" (Input.insertText), "keys"
// (key events), or both.
func typedAs(p *fakePage) (inserted []string, keys []string) {
	for _, r := range p.inputs("Input.insertText") {
		inserted = append(inserted, r["text"].(string))
	}
	for _, r := range p.inputs("Input.dispatchKeyEvent") {
		keys = append(keys, r["type"].(string)+":"+r["key"].(string))
	}
	return inserted, keys
}

// TestTypingStrategy: text goes in as one insertion unless the page
// listens for keys (on the document or window, or on the field), or the
// field looks formatted on a page that listens for input.
func TestTypingStrategy(t *testing.T) {
	keydown := map[string]any{"type": "keydown", "backendNodeId": 1, "handler": map[string]any{"description": "function(){}"}}
	input := map[string]any{"type": "input", "backendNodeId": 9, "handler": map[string]any{"description": "function(){}"}}
	counter := map[string]any{"type": "keydown", "backendNodeId": 1, "handler": map[string]any{"description": "function __diwallCounter(){}"}}
	cases := []struct {
		name      string
		listeners []map[string]any
		field     map[string]any
		keyed     bool
	}{
		{"no listener", nil, nil, false},
		{"Diwall's own counters only", []map[string]any{counter}, nil, false},
		{"the document listens for keys", []map[string]any{keydown}, nil, true},
		{"a formatted field on a page that listens for input", []map[string]any{input}, map[string]any{"formatted": true}, true},
		{"a formatted field on a page that does not listen", nil, map[string]any{"formatted": true}, false},
		{"a field that takes each key", nil, map[string]any{"keyed": true}, true},
	}
	for _, c := range cases {
		p := newFakePage(t)
		p.listeners = c.listeners
		p.on("typeTarget", func(map[string]any) any {
			f := map[string]any{"kind": "text", "atEnd": true, "empty": true}
			for k, v := range c.field {
				f[k] = v
			}
			return f
		})
		if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "ab"}); res.Err != nil {
			t.Fatalf("%s: %v", c.name, res.Err)
		}
		inserted, keys := typedAs(p)
		if c.keyed && (len(inserted) != 0 || strings.Join(keys, " ") != "keyDown:a keyUp:a keyDown:b keyUp:b") ||
			!c.keyed && (strings.Join(inserted, "|") != "ab" || len(keys) != 0) {
			t.Errorf("%s: inserted %q, keys %v", c.name, inserted, keys)
		}
	}
}

// TestAnElementThatListensForKeys: a field within an element the page
// listens on for keys gets each key.
func TestAnElementThatListensForKeys(t *testing.T) {
	p := newFakePage(t)
	p.listeners = []map[string]any{{"type": "keyup", "backendNodeId": 42, "handler": map[string]any{"description": "f"}}}
	p.ext.On("DOM.resolveNode", func(r browsertest.Request) (any, error) {
		if r.Num("backendNodeId") != 42 {
			t.Errorf("resolveNode %v", r.Params)
		}
		return map[string]any{"object": map[string]any{"objectId": "form"}}, nil
	})
	p.functions = func(c browsertest.Call) any {
		if c.ObjectID != "form" {
			t.Errorf("the listeners' check runs on %q", c.ObjectID)
		}
		return browsertest.EvalString("[0]")
	}
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "x"}, Step{Action: "type", Mark: 2, Text: "y"}); res.Err != nil {
		t.Fatal(res.Err)
	}
	inserted, keys := typedAs(p)
	if strings.Join(keys, " ") != "keyDown:x keyUp:x" || strings.Join(inserted, "|") != "y" {
		t.Errorf("node 0 keyed, node 1 not: inserted %q keys %v", inserted, keys)
	}
}

func TestTypeClearSubmitAndLines(t *testing.T) {
	p := newFakePage(t)
	p.on("typeTarget", func(map[string]any) any { return map[string]any{"kind": "text", "atEnd": false, "empty": false} })
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "one\ntwo", Submit: true}); res.Err != nil {
		t.Fatal(res.Err)
	}
	inserted, keys := typedAs(p)
	if strings.Join(inserted, "|") != "one|two" ||
		strings.Join(keys, " ") != "rawKeyDown:End keyUp:End keyDown:Enter keyUp:Enter keyDown:Enter keyUp:Enter" {
		t.Errorf("caret to the end, two lines, then Enter: inserted %q keys %v", inserted, keys)
	}
	// Clearing a field to nothing: the helper selected it, a Backspace
	// empties it.
	p = newFakePage(t)
	p.on("typeTarget", func(args map[string]any) any {
		if args["clear"] != true {
			t.Errorf("typeTarget args %v", args)
		}
		return map[string]any{"kind": "text", "atEnd": true, "empty": false}
	})
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Clear: true}); res.Err != nil {
		t.Fatal(res.Err)
	}
	if _, keys := typedAs(p); strings.Join(keys, " ") != "rawKeyDown:Backspace keyUp:Backspace" {
		t.Errorf("clear: %v", keys)
	}
}

// TestTypeIntoAWidget: an element that is not a field is clicked, then
// typed into key by key (select all and delete first to clear it).
func TestTypeIntoAWidget(t *testing.T) {
	p := newFakePage(t)
	p.on("typeTarget", func(map[string]any) any { return map[string]any{"kind": "other", "x": 3, "y": 4} })
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "Z", Clear: true}); res.Err != nil {
		t.Fatal(res.Err)
	}
	if m := p.inputs("Input.dispatchMouseEvent"); len(m) != 3 || m[1]["x"] != 3.0 {
		t.Errorf("the click: %v", m)
	}
	if _, keys := typedAs(p); strings.Join(keys, " ") != "rawKeyDown:Control keyDown:a keyUp:a keyUp:Control rawKeyDown:Backspace keyUp:Backspace keyDown:Z keyUp:Z" {
		t.Errorf("keys: %v", keys)
	}
	p.on("typeTarget", func(map[string]any) any { return map[string]any{"readonly": true} })
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "Z"}); res.Err == nil || res.Err.Code != toolerr.CodeNotActionable {
		t.Errorf("a read-only field: %v", res.Err)
	}
}

// TestTypingLeavesItsInputInFlight: the next step's helper goes right
// behind the input, told how many of the page's events to wait for.
func TestTypingLeavesItsInputInFlight(t *testing.T) {
	p := newFakePage(t)
	p.on("typeTarget", func(map[string]any) any {
		return map[string]any{"kind": "text", "atEnd": true, "empty": true, "seen": map[string]any{"bi": 4, "ku": 2, "cl": 1}}
	})
	if res := run1(p, Options{}, Step{Action: "type", Mark: 1, Text: "hello"}, Step{Action: "click", Mark: 2}); res.Err != nil {
		t.Fatal(res.Err)
	}
	locates := p.callsOf("locate")
	if len(locates) != 1 {
		t.Fatalf("locate calls: %+v", locates)
	}
	after, _ := locates[0].args["after"].(map[string]any)
	if after["bi"] != 5.0 || after["ku"] != 2.0 {
		t.Errorf("the click's helper waits for %v, want one more beforeinput", locates[0].args)
	}
}

func TestTypedKeysBoundTheKeys(t *testing.T) {
	long := strings.Repeat("k", maxKeyed+3)
	cmds := typedKeys(long)
	if len(cmds) != 2*maxKeyed+1 || cmds[len(cmds)-1].Method != "Input.insertText" {
		t.Errorf("%d commands, the last %s", len(cmds), cmds[len(cmds)-1].Method)
	}
	if cmds := typedKeys("ab"); len(cmds) != 4 {
		t.Errorf("short text: %d commands", len(cmds))
	}
}
