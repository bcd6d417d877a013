package act

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/toolerr"
)

func TestSelectNative(t *testing.T) {
	cases := []struct {
		answer map[string]any
		code   toolerr.Code
	}{
		{map[string]any{}, ""},
		{map[string]any{"missing": "Mars"}, toolerr.CodeInvalidArgument},
		{map[string]any{"single": true}, toolerr.CodeInvalidArgument},
		{map[string]any{"gone": true}, toolerr.CodeElementGone},
	}
	for _, c := range cases {
		p := newFakePage(t)
		p.on("selectNative", func(args map[string]any) any {
			if v, _ := args["values"].([]any); len(v) != 1 || v[0] != "Earth" || args["i"] != 1.0 {
				t.Errorf("selectNative args %v", args)
			}
			return c.answer
		})
		res := run1(p, Options{}, Step{Action: "select", Mark: 2, Values: []string{"Earth"}})
		if c.code == "" && res.Err != nil || c.code != "" && (res.Err == nil || res.Err.Code != c.code) {
			t.Errorf("%v: %v, want %q", c.answer, res.Err, c.code)
		}
		if len(p.inputs("Input.dispatchMouseEvent")) != 0 {
			t.Errorf("%v: a native select was clicked", c.answer)
		}
	}
}

// TestSelectSendsTheNextHelperAhead: a native select's helper carries the
// next step's first helper behind it, and that step uses its answer.
func TestSelectSendsTheNextHelperAhead(t *testing.T) {
	p := newFakePage(t)
	p.on("selectNative", func(map[string]any) any { return map[string]any{} })
	if res := run1(p, Options{}, Step{Action: "select", Mark: 2, Values: []string{"a"}}, Step{Action: "click", Mark: 3}); res.Err != nil {
		t.Fatal(res.Err)
	}
	locates := p.callsOf("locate")
	if len(locates) != 1 || locates[0].args["okAfter"] == nil {
		t.Fatalf("the click's locate was not sent ahead, guarded: %+v", locates)
	}
	if m := p.inputs("Input.dispatchMouseEvent"); len(m) != 3 {
		t.Errorf("the click: %v", m)
	}
}

// TestSelectInAnARIAWidget: opened with a click when its option is not
// shown, then the option clicked.
func TestSelectInAnARIAWidget(t *testing.T) {
	p := newFakePage(t)
	p.on("selectNative", func(map[string]any) any { return map[string]any{"notSelect": true} })
	opened := false
	p.on("findOption", func(args map[string]any) any {
		if !opened {
			opened = true
			return map[string]any{"missing": args["value"]}
		}
		return map[string]any{"x": 50, "y": 60}
	})
	if res := run1(p, Options{}, Step{Action: "select", Mark: 1, Values: []string{"Blue"}}); res.Err != nil {
		t.Fatal(res.Err)
	}
	m := p.inputs("Input.dispatchMouseEvent")
	if len(m) != 6 || m[1]["x"] != 10.0 || m[4]["x"] != 50.0 {
		t.Errorf("open, then the option: %v", m)
	}
	p = newFakePage(t)
	p.on("selectNative", func(map[string]any) any { return map[string]any{"notSelect": true} })
	p.on("findOption", func(map[string]any) any { return map[string]any{"invisible": true} })
	if res := run1(p, Options{}, Step{Action: "select", Mark: 1, Values: []string{"Blue"}}); res.Err == nil || res.Err.Code != toolerr.CodeInvalidArgument {
		t.Errorf("an option not shown: %v", res.Err)
	}
}

func TestCheck(t *testing.T) {
	yes, no := true, false
	cases := []struct {
		name          string
		before, after *bool
		step          Action
		clicks        int
		code          toolerr.Code
	}{
		{"checks", &no, &yes, "check", 1, ""},
		{"already checked", &yes, nil, "check", 0, ""},
		{"unchecks", &yes, &no, "uncheck", 1, ""},
		{"not a checkbox", nil, nil, "check", 0, toolerr.CodeNotActionable},
		{"the page prevents it", &no, &no, "check", 1, toolerr.CodeNotActionable},
	}
	for _, c := range cases {
		p := newFakePage(t)
		p.on("checkTarget", func(args map[string]any) any {
			if args["only"] == true {
				return map[string]any{"checked": c.after}
			}
			return map[string]any{"checked": c.before, "x": 1, "y": 2}
		})
		res := run1(p, Options{}, Step{Action: c.step, Mark: 1})
		if c.code == "" && res.Err != nil || c.code != "" && (res.Err == nil || res.Err.Code != c.code) {
			t.Errorf("%s: %v", c.name, res.Err)
		}
		if n := len(p.inputs("Input.dispatchMouseEvent")) / 3; n != c.clicks {
			t.Errorf("%s: %d clicks", c.name, n)
		}
	}
}

func TestUpload(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.pdf", "b.pdf"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	resolved, _ := filepath.EvalSymlinks(filepath.Join(dir, "a.pdf"))
	cases := []struct {
		answer map[string]any
		files  []string
		code   toolerr.Code
	}{
		{map[string]any{}, []string{"a.pdf"}, ""},
		{map[string]any{"notFile": true}, []string{"a.pdf"}, toolerr.CodeNotActionable},
		{map[string]any{}, []string{"a.pdf", "b.pdf"}, toolerr.CodeInvalidArgument},
		{map[string]any{"multiple": true}, []string{"../x"}, toolerr.CodePermissionDenied},
	}
	for _, c := range cases {
		p := newFakePage(t)
		p.on("fileTarget", func(map[string]any) any { return c.answer })
		res := run1(p, Options{UploadDir: dir}, Step{Action: "upload", Mark: 1, Files: c.files})
		if c.code == "" && res.Err != nil || c.code != "" && (res.Err == nil || res.Err.Code != c.code) {
			t.Errorf("%v %v: %v, want %q", c.answer, c.files, res.Err, c.code)
			continue
		}
		set := p.inputs("DOM.setFileInputFiles")
		if c.code != "" {
			if len(set) != 0 {
				t.Errorf("%v: files were set", c.answer)
			}
			continue
		}
		if len(set) != 1 || set[0]["objectId"] != "file-input" || len(set[0]["files"].([]any)) != 1 || set[0]["files"].([]any)[0] != resolved {
			t.Errorf("setFileInputFiles %v", set)
		}
		if len(p.ext.Requests("Runtime.releaseObjectGroup")) == 0 {
			t.Error("the input taken by reference was not released")
		}
	}
}

// TestDragWithPointerEvents: a page that starts no HTML5 drag gets the
// mouse pressed, moved in steps and released over the target.
func TestDragWithPointerEvents(t *testing.T) {
	p := newFakePage(t)
	p.on("locate", func(args map[string]any) any {
		if args["noScroll"] == true {
			return map[string]any{"x": 110, "y": 20}
		}
		return map[string]any{"x": 10, "y": 20}
	})
	if res := run1(p, Options{}, Step{Action: "drag", Mark: 1, ToMark: 2}); res.Err != nil {
		t.Fatal(res.Err)
	}
	m := p.inputs("Input.dispatchMouseEvent")
	last := m[len(m)-1]
	if m[1]["type"] != "mousePressed" || last["type"] != "mouseReleased" || last["x"] != 110.0 || len(m) != 3+dragMoves-1+1 {
		t.Errorf("%d events, last %v", len(m), last)
	}
	if len(p.inputs("Input.dispatchDragEvent")) != 0 {
		t.Error("drag events without a drag")
	}
	p.on("locate", func(args map[string]any) any {
		if args["noScroll"] == true {
			return map[string]any{"invisible": true}
		}
		return map[string]any{"x": 10, "y": 20}
	})
	if res := run1(p, Options{}, Step{Action: "drag", Mark: 1, ToMark: 2}); res.Err == nil || res.Err.Code != toolerr.CodeNotActionable || !strings.Contains(res.Err.Msg, "not in view") {
		t.Errorf("a target out of view: %v", res.Err)
	}
}

// TestDragHTML5: the drag Chrome intercepted is dropped with its data.
func TestDragHTML5(t *testing.T) {
	p := newFakePage(t)
	p.ext.On("Input.dispatchMouseEvent", func(r browsertest.Request) (any, error) {
		if r.Str("type") == "mousePressed" {
			browsertest.Event(t, p.tab, "Input.dragIntercepted", map[string]any{"data": map[string]any{"items": []any{}, "dragOperationsMask": 1}})
		}
		return map[string]any{}, nil
	})
	p.on("dragStarted", func(map[string]any) any { return map[string]any{"found": true} })
	if res := run1(p, Options{}, Step{Action: "drag", Mark: 1, DX: 100}); res.Err != nil {
		t.Fatal(res.Err)
	}
	drags := p.inputs("Input.dispatchDragEvent")
	if len(drags) != dragMoves || drags[0]["type"] != "dragEnter" || drags[len(drags)-1]["type"] != "drop" || drags[len(drags)-1]["x"] != 110.0 {
		t.Fatalf("drag events: %v", drags)
	}
	data, _ := json.Marshal(drags[0]["data"])
	if !strings.Contains(string(data), "dragOperationsMask") {
		t.Errorf("the drag's data: %s", data)
	}
}
