package observe

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"log/slog"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/protocol"
)

// fakeExt answers tabs.get with one tab, fails DevTools screenshots, and
// captures through tab.capture.
type fakeExt struct{ visibleCalls int }

func (f *fakeExt) Call(_ context.Context, method string, params, result any) error {
	var res any
	switch method {
	case protocol.MethodTabsGet:
		res = protocol.TabsResult{Tabs: []protocol.Tab{{TabID: 1, WindowID: 1, URL: "http://a.test/", Active: true}}}
	case protocol.MethodCDP:
		return &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Unable to capture screenshot"}
	case protocol.MethodTabCapture:
		f.visibleCalls++
		res = protocol.CaptureResult{Data: base64.StdEncoding.EncodeToString([]byte("jpeg bytes"))}
	default:
		return nil
	}
	data, _ := json.Marshal(res)
	return json.Unmarshal(data, result)
}

func TestCaptureFallsBackToTheExtension(t *testing.T) {
	f := &fakeExt{}
	b, err := browser.New(f, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Restore(t.Context(), protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: 1, Session: "s"}}}); err != nil {
		t.Fatal(err)
	}
	tab, _ := b.Newest("s")
	data, fallback, err := captureViewportVia(t.Context(), tab)
	if err != nil || string(data) != "jpeg bytes" || !fallback || f.visibleCalls != 1 {
		t.Fatalf("capture = %q, %v (fallback %v), %d fallback calls", data, err, fallback, f.visibleCalls)
	}
	// A cancelled call does not fall back.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := captureViewportVia(ctx, tab); err == nil || f.visibleCalls != 1 {
		t.Fatalf("a cancelled capture: err %v, %d fallback calls", err, f.visibleCalls)
	}
}
