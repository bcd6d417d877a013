package e2e

import (
	"encoding/json"
	"fmt"
	"html"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// framesSites serves the frames page: a main page on 127.0.0.1 holding a
// same-origin frame (which holds a localhost frame), a frame of another
// 127.0.0.1 port (same site, another origin: in the page's process), one of
// localhost (another site: out of process), one of a 127.0.0.1 port
// outside the session's sites.
type framesSites struct {
	main, sameSite, cross, outside string // origins
}

// outsideText is what the frame outside the sites says: no result may
// carry it.
const outsideText = "OUTSIDE-FRAME-WORDS"

func serveFrames(t *testing.T) framesSites {
	t.Helper()
	var s framesSites
	listen := func(host string) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			switch r.URL.Path {
			case "/frame":
				fmt.Fprint(w, framePage(r.URL.Query().Get("who"), s.cross))
				return
			case "/covered":
				fmt.Fprint(w, `<!doctype html><title>Covered frame</title><iframe title="same frame" src="/frame?who=same" style="width:400px;height:300px"></iframe>
<div id=banner role=button onclick="this.remove()" style="position:fixed;left:0;top:0;width:600px;height:400px;background:#ddd">Close banner</div>`)
				return
			case "/upload":
				fmt.Fprint(w, `<!doctype html><title>Upload frame</title><p>Main</p><iframe title="upload frame" src="`+s.cross+`/frame?who=upload"></iframe>`)
				return
			}
			fmt.Fprintf(w, `<!doctype html><title>Frames</title><style>body{margin:8px} iframe{width:300px;height:260px;border:2px solid #888;padding:3px}</style>
<h1>Main page</h1>
<button onclick="document.getElementById('mainout').textContent='main clicked'">Main button</button><p id=mainout></p>
<iframe title="same frame" src="/frame?who=same"></iframe><iframe title="samesite frame" src="%s/frame?who=samesite"></iframe><iframe title="cross frame" src="%s/frame?who=cross"></iframe><iframe title="outside frame" src="%s/frame?who=outside"></iframe>
<p>After the frames</p>`, s.sameSite, s.cross, s.outside)
		})}
		go func() { _ = srv.Serve(ln) }()
		t.Cleanup(func() { srv.Close() })
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		return "http://" + host + ":" + port
	}
	s.main = listen("127.0.0.1")
	s.sameSite = listen("127.0.0.1")
	s.cross = listen("localhost")
	s.outside = listen("127.0.0.1")
	return s
}

// framePage is one frame's document: text, a button and a field that say
// what was done to them, and a password field with a value. The password
// fields and the frame outside the sites are painted in the secret colours
// of moving_test.go: no pixel of them may show in an image. The same
// frame holds a frame of cross.
func framePage(who, cross string) string {
	w := html.EscapeString(who)
	text := "Text of " + w + " frame"
	extra := ""
	switch who {
	case "outside":
		text = outsideText
		extra = `<style>body{background:#00ff00;color:#ff00ff}</style>`
	case "upload":
		return `<!doctype html><title>File</title><input type=file aria-label="Document" onchange="document.getElementById('chose').textContent='chose '+this.files[0].name"><p id=chose></p>`
	case "same":
		extra = `<iframe title="nested frame" src="` + cross + `/frame?who=nested" style="width:280px;height:70px;border:1px solid #888"></iframe>`
	}
	return fmt.Sprintf(`<!doctype html><title>Frame %[1]s</title><style>body{margin:4px;font:14px sans-serif}</style>
<p>%[2]s</p>
<button onclick="document.getElementById('out').textContent='%[1]s clicked'">Button %[1]s</button>
<input aria-label="Name %[1]s" oninput="document.getElementById('typed').textContent='typed '+this.value">
<input type=password aria-label="Password %[1]s" value="hunter2-%[1]s" style="background:#00ff00;color:#ff00ff">
<p id=out></p><p id=typed></p>%[3]s`, w, text, extra)
}

// TestFramesOnTheSites reads, marks, acts on and reads again the frames
// whose origin is on the session's sites, in the page's process and out of
// it; the frame outside the sites stays masked and unread.
func TestFramesOnTheSites(t *testing.T) {
	s := serveFrames(t)
	bs := launch(t, "--sites", strings.Join([]string{s.main, s.sameSite, s.cross}, ","), "--frames", "sites")
	noOutside := func(what string, env envelope) {
		t.Helper()
		data, _ := json.Marshal(env.raw)
		for _, bad := range []string{outsideText, "hunter2"} {
			if strings.Contains(string(data), bad) {
				t.Errorf("%s: the result carries %q", what, bad)
			}
		}
	}
	bs.mustOK("tabs", map[string]any{"action": "open", "url": s.main + "/"})
	// The cross-site frame runs in a process of its own (an out-of-process
	// frame, which the tab's own CDP session does not reach); the others in
	// the page's.
	var oopif, inProcess bool
	for _, tg := range bs.devtools().targets(t) {
		if tg.Type == "iframe" && strings.HasPrefix(tg.URL, s.cross) {
			oopif = true
		}
		if tg.Type == "iframe" && strings.HasPrefix(tg.URL, s.sameSite) {
			inProcess = true
		}
	}
	if !oopif || inProcess {
		t.Fatalf("the cross-site frame is out of process: %v; the same-site one is: %v (want true, false)", oopif, inProcess)
	}
	o := bs.observe()
	noOutside("observe", o.envelope)
	counters := o.Server["counters"].(map[string]any)
	if counters["frames_masked"] != 1.0 {
		t.Errorf("frames_masked = %v, want 1 (the frame outside the sites)", counters["frames_masked"])
	}
	if counters["redacted_fields"].(float64) != 4 {
		t.Errorf("redacted_fields = %v, want the 4 password fields of the frames read", counters["redacted_fields"])
	}
	tree := strings.Join(o.Tree, "\n")
	for _, who := range []string{"same", "samesite", "cross", "nested"} {
		if !strings.Contains(tree, "Text of "+who+" frame") {
			t.Errorf("the tree lacks the text of the %s frame:\n%s", who, tree)
		}
		// Its lines hang under its frame's line.
		frameLine, buttonLine := -1, -1
		for i, l := range o.Tree {
			if strings.Contains(l, `iframe "`+who+` frame"`) {
				frameLine = i
			}
			if strings.Contains(l, `button "Button `+who+`"`) {
				buttonLine = i
			}
		}
		indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
		if frameLine < 0 || buttonLine < frameLine || indent(o.Tree[buttonLine]) <= indent(o.Tree[frameLine]) {
			t.Errorf("the %s frame's button is not under its frame's line (lines %d, %d):\n%s", who, frameLine, buttonLine, tree)
		}
	}
	if o.Server["capture"] != "ok" {
		t.Errorf("capture = %v", o.Server["capture"])
	} else if n, box := secretPixels(t, o.PNG); n > 0 {
		t.Errorf("%d pixels of a password field or of the frame outside the sites show, around %v", n, box)
	}

	// Each frame's button and field act like any other; what they did shows
	// in the frame.
	for _, who := range []string{"same", "samesite", "cross", "nested"} {
		o := bs.observe()
		button := markOf(t, o, "button", "Button "+who)
		field := markOf(t, o, "textbox", "Name "+who)
		r := bs.act(snap(o), true,
			map[string]any{"action": "click", "mark": button},
			map[string]any{"action": "type", "mark": field, "text": "hello " + who},
			map[string]any{"action": "wait", "text": "typed hello " + who})
		if !r.OK {
			t.Fatalf("act in the %s frame: %v %+v", who, r.Server["error"], r.Steps)
		}
		noOutside("act", r.envelope)
		after := strings.Join(r.Observation.Tree, "\n")
		for _, want := range []string{who + " clicked", "typed hello " + who} {
			if !strings.Contains(after, want) {
				t.Errorf("after acting in the %s frame, the page does not say %q:\n%s", who, want, after)
			}
		}
	}

	// read reaches the frames read, and only them.
	o = bs.observe()
	whole := bs.mustOK("read", map[string]any{"snapshot_id": snap(o)})
	noOutside("read", whole)
	lines, _ := json.Marshal(whole.page(t)["lines"])
	for _, want := range []string{"Text of same frame", "Text of samesite frame", "Text of cross frame", "Button cross"} {
		if !strings.Contains(string(lines), want) {
			t.Errorf("read of the page lacks %q: %s", want, lines)
		}
	}
	if whole.Server["frames_masked"] != 1.0 {
		t.Errorf("read: frames_masked = %v, want 1", whole.Server["frames_masked"])
	}
	region := bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "mark": markOf(t, o, "button", "Button cross")})
	if got, _ := json.Marshal(region.page(t)["lines"]); !strings.Contains(string(got), "Button cross") {
		t.Errorf("read of the cross frame's button: %s", got)
	}
	q := bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "cross clicked"})
	if q.Server["matched"] != 1.0 {
		t.Errorf("read query in the cross frame matched %v lines, want 1", q.Server["matched"])
	}
	noOutside("read query", bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "OUTSIDE"}))
}

// TestFramesMaskedByDefault: without frames = "sites", no frame is read,
// whatever its origin.
func TestFramesMaskedByDefault(t *testing.T) {
	s := serveFrames(t)
	bs := shared(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": s.main + "/"})
	o := bs.observe()
	if n, box := secretPixels(t, o.PNG); n > 0 {
		t.Errorf("%d pixels of a frame show, around %v", n, box)
	}
	if got := o.Server["counters"].(map[string]any)["frames_masked"]; got != 4.0 {
		t.Errorf("frames_masked = %v, want 4 (the frames of the page; what is inside them is not read)", got)
	}
	data, _ := json.Marshal(o.raw)
	for _, bad := range []string{"Text of", "Button same", "Button cross", outsideText, "hunter2"} {
		if strings.Contains(string(data), bad) {
			t.Errorf("observe carries %q from a frame", bad)
		}
	}
	r := bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "Text of"})
	if r.Server["matched"] != nil && r.Server["matched"] != 0.0 {
		t.Errorf("read found frame text: %v", r.page(t)["lines"])
	}
}

// TestFramesUpload uploads a file into a file input of an out-of-process
// frame on the sites, under a profile file that reads frames.
func TestFramesUpload(t *testing.T) {
	s := serveFrames(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "fr", fmt.Sprintf("sites = [%q, %q]\nframes = \"sites\"\nupload_dir = %q\n", s.main, s.cross, dir))
	}, nil, "--profile", "fr")
	bs.mustOK("tabs", map[string]any{"action": "open", "url": s.main + "/upload"})
	o := bs.observe()
	mark := 0
	for _, e := range o.Elements {
		if e["name"] == "Document" {
			mark = int(e["mark"].(float64))
		}
	}
	if mark == 0 {
		t.Fatalf("the frame's file input has no mark: %v\n%s", o.Elements, strings.Join(o.Tree, "\n"))
	}
	r := bs.act(snap(o), true, map[string]any{"action": "upload", "mark": mark, "files": []string{"a.txt"}})
	if !r.OK {
		t.Fatalf("upload into the frame: %v %+v", r.Server["error"], r.Steps)
	}
	if tree := strings.Join(r.Observation.Tree, "\n"); !strings.Contains(tree, "chose a.txt") {
		t.Errorf("the frame's page did not get the file:\n%s", tree)
	}
}

// TestFramesCovered: a banner of the page over a frame read covers the
// frame's elements, in the observation and when acting, until it goes.
func TestFramesCovered(t *testing.T) {
	s := serveFrames(t)
	bs := launch(t, "--sites", s.main+","+s.cross, "--frames", "sites")
	bs.mustOK("tabs", map[string]any{"action": "open", "url": s.main + "/covered"})
	o := bs.observe()
	banner := markOf(t, o, "button", "Close banner")
	button := markOf(t, o, "button", "Button same")
	if got := stateText(elementOf(o, button)); got != fmt.Sprintf("covered by [%d]", banner) {
		t.Errorf("the frame's button under the banner: states %q", got)
	}
	r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": button})
	if r.OK || r.errorCode() != "covered" || r.Steps[0].CoveredBy != banner {
		t.Fatalf("click under the banner: ok=%v code=%s %+v", r.OK, r.errorCode(), r.Steps)
	}
	// The failure brought a fresh observation.
	o = *r.Observation
	r = bs.act(snap(o), true, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Close banner")})
	if !r.OK {
		t.Fatalf("closing the banner: %v", r.Server["error"])
	}
	o = *r.Observation
	button = markOf(t, o, "button", "Button same")
	if got := stateText(elementOf(o, button)); got != "" {
		t.Errorf("the frame's button once the banner is gone: states %q", got)
	}
	r = bs.act(snap(o), true, map[string]any{"action": "click", "mark": button})
	if !r.OK || !strings.Contains(strings.Join(r.Observation.Tree, "\n"), "same clicked") {
		t.Errorf("click once the banner is gone: ok=%v %v", r.OK, r.Server["error"])
	}
}

// TestFramesAfterRecovery: after the extension's worker was stopped and a
// new host started, the out-of-process frames attached for the old one
// (Chrome keeps the debugger session) are reached again.
func TestFramesAfterRecovery(t *testing.T) {
	s := serveFrames(t)
	bs := launch(t, "--sites", strings.Join([]string{s.main, s.sameSite, s.cross}, ","), "--frames", "sites")
	bs.mustOK("tabs", map[string]any{"action": "open", "url": s.main + "/"})
	read := func(when string) {
		t.Helper()
		o := bs.observe()
		tree := strings.Join(o.Tree, "\n")
		for _, want := range []string{"Text of cross frame", "Text of nested frame", "Text of samesite frame"} {
			if !strings.Contains(tree, want) {
				t.Errorf("%s: the tree lacks %q:\n%s", when, want, tree)
			}
		}
	}
	read("before")
	c := bs.devtools()
	worker, ok := c.extensionWorker(t)
	if !ok {
		t.Fatal("the extension's service worker is not running")
	}
	if err := c.call(t, "", "Target.closeTarget", map[string]any{"targetId": worker.TargetID}, nil); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(10 * time.Second); bs.call("tabs", map[string]any{"action": "list"}).OK; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the host did not go with the worker")
		}
	}
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, nil); err != nil {
		t.Fatal(err)
	}
	if list := bs.eventually(20*time.Second, "tabs", map[string]any{"action": "list"}); !list.OK {
		t.Fatalf("no recovery after the worker restarted: %v", list.Server["error"])
	}
	read("after a new host")
}
