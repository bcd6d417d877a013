package browser

import (
	"context"
	"encoding/json"
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
	var sent []protocol.CDPParams
	f := &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodCDP: func(p any) (any, error) {
			c := p.(protocol.CDPParams)
			sent = append(sent, c)
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
	if err := b.Attach(context.Background(), tab); err != nil {
		t.Fatal(err)
	}
	cdp("Target.attachedToTarget", `{"sessionId":"S1","targetInfo":{"targetId":"OOP","type":"iframe","url":"http://b.test/"}}`)
	cdp("Target.attachedToTarget", `{"sessionId":"S2","targetInfo":{"targetId":"W","type":"worker","url":"http://a.test/w.js"}}`)
	frames, err := b.Frames(context.Background(), tab)
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
	auto := 0
	for _, c := range sent {
		if c.Method == "Target.setAutoAttach" {
			auto++
		}
	}
	if _, err := b.Frames(context.Background(), tab); err != nil || auto != 1 {
		t.Errorf("Target.setAutoAttach sent %d times before the second listing (%v), want once", auto, err)
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
	if _, ok := b.WaitFrame(context.Background(), tab, "OOP"); ok {
		t.Error("a detached frame is still reachable")
	}
	set()
	cdp("Page.frameNavigated", `{"frame":{"id":"MAIN","loaderId":"L2","url":"http://a.test/next"}}`)
	if has(Frame{}) || has(Frame{ID: "IN"}) {
		t.Error("the main frame's new document forgets every world")
	}
}
