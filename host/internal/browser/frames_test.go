package browser

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/protocol"
)

func TestFrameAddress(t *testing.T) {
	for _, c := range []struct {
		url, origin, want string
	}{
		{"http://a.test/x?y", "http://a.test", "http://a.test/x?y"},
		{"about:blank", "http://a.test", "http://a.test/"},
		{"about:srcdoc", "https://b.test:8443", "https://b.test:8443/"},
		{"about:blank", "://", ""},
		{"data:text/html,hi", "null", ""},
		{"blob:http://a.test/1234", "http://a.test", "http://a.test/"},
		{"chrome-error://chromewebdata/", "", ""},
	} {
		if got := (FrameInfo{URL: c.url, Origin: c.origin}).Address(); got != c.want {
			t.Errorf("Address(%q, %q) = %q, want %q", c.url, c.origin, got, c.want)
		}
	}
}

// TestFrameWorldsFollowTheFrames: a child frame's world is forgotten when it
// navigates, an out-of-process frame's when its session goes, all of them
// when the main frame navigates; Frames lists both kinds, each with the
// session that reaches it.
func TestFrameWorldsFollowTheFrames(t *testing.T) {
	var mu sync.Mutex
	var sent []protocol.CDPParams
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodCDP: func(p any) (any, error) {
			c := p.(protocol.CDPParams)
			mu.Lock()
			sent = append(sent, c)
			mu.Unlock()
			if c.Method != "Page.getFrameTree" {
				return map[string]any{}, nil
			}
			if c.SessionID == "S1" {
				return json.RawMessage(`{"frameTree":{"frame":{"id":"OOP","url":"http://b.test/","securityOrigin":"http://b.test"},
					"childFrames":[{"frame":{"id":"OOPKID","url":"about:blank","securityOrigin":"http://b.test"}}]}}`), nil
			}
			return json.RawMessage(`{"frameTree":{"frame":{"id":"MAIN","loaderId":"L1","url":"http://a.test/"},
				"childFrames":[{"frame":{"id":"IN","url":"http://a.test/f","securityOrigin":"http://a.test"}}]}}`), nil
		},
	}}
	b := newTestBrowser(t, f)
	b.mu.Lock()
	tab := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
	b.mu.Unlock()
	cdp := func(method, params string) {
		b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: method, Params: json.RawMessage(params)}))
	}
	if err := tab.Attach(context.Background()); err != nil {
		t.Fatal(err)
	}
	cdp("Target.attachedToTarget", `{"sessionId":"S1","targetInfo":{"targetId":"OOP","type":"iframe","url":"http://b.test/"}}`)
	cdp("Target.attachedToTarget", `{"sessionId":"S2","targetInfo":{"targetId":"W","type":"worker","url":"http://a.test/w.js"}}`)
	frames, err := tab.Frames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]FrameInfo{
		"IN":     {Frame: Frame{ID: "IN"}, URL: "http://a.test/f", Origin: "http://a.test"},
		"OOP":    {Frame: Frame{ID: "OOP", Session: "S1"}, URL: "http://b.test/", Origin: "http://b.test"},
		"OOPKID": {Frame: Frame{ID: "OOPKID", Session: "S1"}, URL: "about:blank", Origin: "http://b.test"},
	}
	if len(frames) != len(want) {
		t.Fatalf("frames = %v", frames)
	}
	for id, w := range want {
		if frames[id] != w {
			t.Errorf("frame %s = %+v, want %+v", id, frames[id], w)
		}
	}
	count := func(method, session string) int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, c := range sent {
			if c.Method == method && c.SessionID == session {
				n++
			}
		}
		return n
	}
	if _, err := tab.Frames(context.Background()); err != nil || count("Target.setAutoAttach", "") != 1 {
		t.Errorf("Target.setAutoAttach sent %d times on the tab before the second listing (%v), want once", count("Target.setAutoAttach", ""), err)
	}
	// The out-of-process frame's own session reports the out-of-process
	// frames inside it, once prepared (as soon as it was attached).
	deadline := time.Now().Add(2 * time.Second)
	for count("Target.setAutoAttach", "S1") == 0 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if count("Target.setAutoAttach", "S1") != 1 || count("Target.setAutoAttach", "S2") != 0 {
		t.Errorf("the child sessions were prepared: S1 %d times, the worker's S2 %d times (want 1, 0)",
			count("Target.setAutoAttach", "S1"), count("Target.setAutoAttach", "S2"))
	}

	set := func() {
		b.mu.Lock()
		tab.worlds = map[Frame]int{{}: 1, {ID: "IN"}: 2, {ID: "OOP", Session: "S1"}: 3}
		b.mu.Unlock()
	}
	has := func(f Frame) bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return tab.worlds[f] != 0
	}
	set()
	cdp("Page.frameNavigated", `{"frame":{"id":"IN","parentId":"MAIN","loaderId":"L5","url":"http://a.test/g"}}`)
	if has(Frame{ID: "IN"}) || !has(Frame{}) || !has(Frame{ID: "OOP", Session: "S1"}) {
		t.Error("a child frame's navigation forgets its world only")
	}
	cdp("Target.detachedFromTarget", `{"sessionId":"S1","targetId":"OOP"}`)
	if has(Frame{ID: "OOP", Session: "S1"}) || !has(Frame{}) {
		t.Error("a detached frame's world is forgotten, and only it")
	}
	b.mu.Lock()
	tab.autoAttachAt = time.Time{} // long ago: a frame not reported is not waited for
	b.mu.Unlock()
	if _, ok := tab.WaitFrame(context.Background(), "OOP"); ok {
		t.Error("a detached frame is still reachable")
	}
	set()
	cdp("Page.frameNavigated", `{"frame":{"id":"MAIN","loaderId":"L2","url":"http://a.test/next"}}`)
	if has(Frame{}) || has(Frame{ID: "IN"}) {
		t.Error("the main frame's new document forgets every world")
	}
}

// TestChildFrames: an out-of-process frame Chrome attached on a child
// session (a cross-site frame inside a cross-site frame) is the tab's to
// reach; a dialog any frame opens is the tab's, with the frame's document.
func TestChildFrames(t *testing.T) {
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodCDP: func(any) (any, error) { return map[string]any{}, nil },
	}}
	b := newTestBrowser(t, f)
	b.mu.Lock()
	tab := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
	b.mu.Unlock()
	ev := func(session, method, params string) {
		b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, SessionID: session, Method: method, Params: json.RawMessage(params)}))
	}
	ev("", "Target.attachedToTarget", `{"sessionId":"S1","targetInfo":{"targetId":"OOP","type":"iframe","url":"http://b.test/"}}`)
	ev("S1", "Target.attachedToTarget", `{"sessionId":"S3","targetInfo":{"targetId":"GRAND","type":"iframe","url":"http://c.test/"}}`)
	ev("S1", "Page.javascriptDialogOpening", `{"type":"alert","message":"not followed on a child session"}`)
	if tab.Info().Dialog != nil {
		t.Error("a child session's own dialog event was taken")
	}
	b.mu.Lock()
	grand, ok := tab.children["GRAND"]
	b.mu.Unlock()
	if !ok || grand.session != "S3" {
		t.Errorf("the grandchild frame is not reachable: %+v %v", grand, ok)
	}
	ev("S1", "Target.detachedFromTarget", `{"sessionId":"S3","targetId":"GRAND"}`)
	b.mu.Lock()
	_, ok = tab.children["GRAND"]
	b.mu.Unlock()
	if ok {
		t.Error("the detached grandchild frame is still reachable")
	}
	ev("", "Page.javascriptDialogOpening", `{"url":"http://c.test/x","type":"confirm","message":"Sure?"}`)
	if d := tab.Info().Dialog; d == nil || d.Message != "Sure?" || d.FrameURL != "http://c.test/x" {
		t.Errorf("dialog = %+v", d)
	}
}
