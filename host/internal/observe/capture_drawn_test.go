package observe

import (
	"context"
	"encoding/base64"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// backgroundTab is a tab of the fake extension that is not the active one
// of its window, kept awake, whose page draws frames (nextFrame answers
// drawn) and whose screencast sends frame as its first frame.
func backgroundTab(t *testing.T, drawn, frame string) (*browsertest.Ext, func() ([]byte, bool, error)) {
	e := browsertest.New()
	b, tab := browsertest.Start(t, e)
	m, err := protocol.NewEvent(protocol.EventTabUpdated, protocol.TabEvent{Tab: protocol.Tab{TabID: tab.ChromeID, WindowID: 1, URL: e.URL, Status: "complete"}})
	if err != nil {
		t.Fatal(err)
	}
	b.HandleEvent(m)
	e.On(string(cdp.RuntimeCallFunctionOn), func(browsertest.Request) (any, error) { return browsertest.EvalString(drawn), nil })
	e.On(string(cdp.PageStartScreencast), func(browsertest.Request) (any, error) {
		go browsertest.Event(t, tab, cdp.PageScreencastFrame, map[string]any{"data": frame, "sessionId": 1})
		return map[string]any{}, nil
	})
	release := tab.KeepAwake(context.Background())
	t.Cleanup(release)
	return e, func() ([]byte, bool, error) { return captureViewportVia(context.Background(), tab) }
}

// TestABackgroundTabIsCapturedFromTheFrameItDrew: once the page drew a
// frame, the screencast's frame is the image, not Page.captureScreenshot's.
func TestABackgroundTabIsCapturedFromTheFrameItDrew(t *testing.T) {
	e, capture := backgroundTab(t, "", base64.StdEncoding.EncodeToString([]byte("drawn")))
	data, fallback, err := capture()
	if err != nil || fallback || string(data) != "drawn" {
		t.Fatalf("%q %v %v", data, fallback, err)
	}
	if n := len(e.Requests(string(cdp.PageCaptureScreenshot))); n != 0 {
		t.Errorf("Page.captureScreenshot sent %d times", n)
	}
	if starts, stops := len(e.Requests(string(cdp.PageStartScreencast))), len(e.Requests(string(cdp.PageStopScreencast))); starts < 2 || stops < 2 {
		t.Errorf("%d screencasts started, %d stopped", starts, stops)
	}
}

// TestAPageThatDrewNoFrameIsCapturedByChrome: when no frame came, the
// screencast's frame (maybe an old one) is not used.
func TestAPageThatDrewNoFrameIsCapturedByChrome(t *testing.T) {
	e, capture := backgroundTab(t, "late", base64.StdEncoding.EncodeToString([]byte("old")))
	e.On(string(cdp.PageCaptureScreenshot), func(browsertest.Request) (any, error) {
		return map[string]any{"data": base64.StdEncoding.EncodeToString([]byte("now"))}, nil
	})
	data, _, err := capture()
	if err != nil || string(data) != "now" {
		t.Fatalf("%q %v", data, err)
	}
}
