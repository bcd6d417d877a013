package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
)

// nestedOutsideText is what the frame outside the sites says, in its page and its
// dialog: no result may carry it.
const nestedOutsideText = "NESTED-OUTSIDE-WORDS"

// serveNested serves a main page on 127.0.0.1 holding a cross-site frame
// (localhost: out of process) that holds another cross-site frame
// (127.0.0.2: out of process, inside the first), and a cross-site frame
// outside the sites (127.0.0.3) that opens a dialog when the page asks it
// to. It returns the origins of the main page and of the two frames on the
// sites.
func serveNested(t *testing.T) (main, cross, deep string) {
	t.Helper()
	listen := func(bind, host string, page func() string) string {
		ln, err := net.Listen("tcp", bind+":0")
		if err != nil {
			t.Skipf("cannot listen on %s (a loopback address this system lacks): %v", bind, err)
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprint(w, page())
		})}
		go func() { _ = srv.Serve(ln) }()
		t.Cleanup(func() { srv.Close() })
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		return "http://" + host + ":" + port
	}
	frame := func(who, inner string) string {
		return fmt.Sprintf(`<!doctype html><title>Frame %[1]s</title><style>body{margin:4px;font:14px sans-serif}</style>
<p>Text of %[1]s frame</p>
<button onclick="document.getElementById('out').textContent='%[1]s clicked'">Button %[1]s</button>
<button onclick="document.getElementById('out').textContent='asked: '+confirm('%[1]s asks you')">Ask %[1]s</button>
<p id=out></p>%[2]s`, who, inner)
	}
	deep = listen("127.0.0.2", "127.0.0.2", func() string { return frame("deep", "") })
	cross = listen("127.0.0.1", "localhost", func() string {
		return frame("cross", `<iframe title="deep frame" src="`+deep+`/" style="width:360px;height:150px"></iframe>`)
	})
	outside := listen("127.0.0.3", "127.0.0.3", func() string {
		return `<!doctype html><title>Outside</title><p>` + nestedOutsideText + `</p>
<script>addEventListener("message", () => alert("` + nestedOutsideText + `"))</script>`
	})
	main = listen("127.0.0.1", "127.0.0.1", func() string {
		return `<!doctype html><title>Nested frames</title><style>iframe{width:420px;height:300px}</style>
<h1>Main page</h1>
<button onclick="document.querySelector('iframe[title=outside]').contentWindow.postMessage('go', '*')">Poke outside</button>
<iframe title="cross frame" src="` + cross + `/"></iframe><iframe title="outside" src="` + outside + `/" style="width:200px;height:80px"></iframe>`
	})
	return main, cross, deep
}

// TestFramesNestedAndTheirDialogs: a cross-site frame inside a cross-site
// frame is read, marked and acted on like any frame on the sites; a dialog
// a frame opens is reported and answered like the page's, and the words
// of one a frame outside the sites opens never leave.
func TestFramesNestedAndTheirDialogs(t *testing.T) {
	main, cross, deep := serveNested(t)
	bs := launch(t, "--sites", strings.Join([]string{main, cross, deep}, ","), "--frames", "sites")
	bs.mustOK("tabs", map[string]any{"action": "open", "url": main + "/"})
	nested := false
	for _, tg := range bs.devtools().targets(t) {
		nested = nested || tg.Type == "iframe" && strings.HasPrefix(tg.URL, deep)
	}
	if !nested {
		t.Fatalf("the deep frame is not an out-of-process frame of its own; targets: %+v", bs.devtools().targets(t))
	}
	noOutside := func(what string, env envelope) {
		t.Helper()
		data, _ := json.Marshal(env.raw)
		if strings.Contains(string(data), nestedOutsideText) {
			t.Errorf("%s: the result carries the words of the frame outside the sites", what)
		}
	}

	o := bs.observe()
	noOutside("observe", o.envelope)
	tree := strings.Join(o.Tree, "\n")
	if !strings.Contains(tree, "Text of deep frame") {
		t.Fatalf("the tree lacks the frame inside the cross-site frame:\n%s", tree)
	}
	if c := o.Server["counters"].(map[string]any); c["frames_masked"] != 1.0 {
		t.Errorf("frames_masked = %v, want 1 (the frame outside the sites)", c["frames_masked"])
	}
	r := bs.act(snap(o), true, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Button deep")})
	if !r.OK || !strings.Contains(strings.Join(r.Observation.Tree, "\n"), "deep clicked") {
		t.Fatalf("click in the deep frame: ok=%v %v\n%s", r.OK, r.Server["error"], strings.Join(r.Observation.Tree, "\n"))
	}

	// A frame's dialog: reported, shown, answered on its frame.
	o = bs.observe()
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Ask deep")})
	if r.Server["dialog_opened"] != true {
		t.Fatalf("a confirm in the deep frame: dialog_opened = %v (%v)", r.Server["dialog_opened"], r.Server["error"])
	}
	d := bs.observe()
	if d.Dialog["type"] != "confirm" || d.Dialog["message"] != "deep asks you" {
		t.Errorf("observed dialog = %v", d.Dialog)
	}
	bs.mustOK("dialog", map[string]any{"action": "accept"})
	o = bs.observe()
	if o.Dialog != nil || !strings.Contains(strings.Join(o.Tree, "\n"), "asked: true") {
		t.Errorf("after accepting the deep frame's dialog: dialog %v\n%s", o.Dialog, strings.Join(o.Tree, "\n"))
	}

	// The frame outside the sites opens a dialog: it blocks the page, so it
	// is reported, without its words.
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Poke outside")})
	noOutside("act", r.envelope)
	d = bs.observe()
	noOutside("observe with the outside frame's dialog", d.envelope)
	if d.Dialog["type"] != "alert" || d.Dialog["message"] != nil && d.Dialog["message"] != "" {
		t.Errorf("the outside frame's dialog = %v, want an alert without its words", d.Dialog)
	}
	notices, _ := json.Marshal(d.Server["notices"])
	if !strings.Contains(string(notices), "withheld") {
		t.Errorf("no notice says the dialog's words are withheld: %s", notices)
	}
	env := bs.mustOK("dialog", map[string]any{"action": "dismiss"})
	noOutside("dialog", env)
	if o := bs.observe(); o.Dialog != nil {
		t.Errorf("the outside frame's dialog is still open: %v", o.Dialog)
	}
}
