package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// cdpLog records the CDP commands a fake extension was asked, in order.
type cdpLog struct {
	mu   sync.Mutex
	sent []string // "method requestId" or "method"
	seen chan struct{}
}

func (l *cdpLog) handle(params any) (any, error) {
	p := params.(protocol.CDPParams)
	entry := p.Method
	if data, err := json.Marshal(p.Params); err == nil {
		var id struct {
			RequestID string `json:"requestId"`
		}
		if json.Unmarshal(data, &id) == nil && id.RequestID != "" {
			entry += " " + id.RequestID
		}
		if p.Method == string(cdp.FetchEnable) {
			var en cdp.FetchEnableParams
			_ = json.Unmarshal(data, &en)
			entry += fmt.Sprintf(" %d", len(en.Patterns))
		}
	}
	l.mu.Lock()
	l.sent = append(l.sent, entry)
	l.mu.Unlock()
	select {
	case l.seen <- struct{}{}:
	default:
	}
	return map[string]any{}, nil
}

// waitFor waits until entry was sent.
func (l *cdpLog) waitFor(t *testing.T, entry string) {
	t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		l.mu.Lock()
		found := slices.Contains(l.sent, entry)
		l.mu.Unlock()
		if found {
			return
		}
		select {
		case <-l.seen:
		case <-time.After(10 * time.Millisecond):
		case <-deadline:
			t.Fatalf("%q was never sent; sent: %v", entry, l.sent)
		}
	}
}

func paused(t *testing.T, b *Browser, id, method, resourceType, url string) {
	t.Helper()
	params, _ := json.Marshal(map[string]any{"requestId": id, "frameId": "F", "resourceType": resourceType,
		"request": map[string]any{"url": url, "method": method}, "responseHeaders": map[string]string{}})
	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: cdp.FetchRequestPaused, Params: params}))
}

// TestRequestGuard: while a guard is set, requests paused before they
// were sent are its to decide, a form's navigation is told from a link's,
// and once it ends the usual interception is back and a late pause goes
// on.
func TestRequestGuard(t *testing.T) {
	log := &cdpLog{seen: make(chan struct{}, 1)}
	f := &fakeExt{handlers: map[string]func(any) (any, error){protocol.MethodCDP: log.handle}}
	b := newTestBrowser(t, f)
	b.mu.Lock()
	tab := b.adoptLocked(protocol.Tab{TabID: 1, WindowID: 1, URL: "http://a.test/"}, "k")
	tab.attached, tab.frameID = true, "F"
	b.mu.Unlock()

	var mu sync.Mutex
	var decided []PausedRequest
	end, err := tab.GuardRequests(context.Background(), func(p PausedRequest) bool {
		mu.Lock()
		decided = append(decided, p)
		mu.Unlock()
		return p.Method == "GET" && !p.Form
	})
	if err != nil {
		t.Fatal(err)
	}
	log.waitFor(t, "Fetch.enable 6")

	b.HandleEvent(event(t, protocol.EventCDP, protocol.CDPEvent{TabID: 1, Method: cdp.PageFrameRequestedNavigation,
		Params: json.RawMessage(`{"frameId":"F","reason":"formSubmissionGet","url":"http://a.test/search?q=x#top"}`)}))
	paused(t, b, "form-get", "GET", "Document", "http://a.test/search?q=x")
	paused(t, b, "link", "GET", "Document", "http://a.test/next")
	paused(t, b, "post", "POST", "Document", "http://a.test/order")
	paused(t, b, "xhr", "POST", "XHR", "http://a.test/api")
	log.waitFor(t, "Fetch.failRequest form-get")
	log.waitFor(t, "Fetch.continueRequest link")
	log.waitFor(t, "Fetch.failRequest post")
	log.waitFor(t, "Fetch.failRequest xhr")
	mu.Lock()
	forms := map[string]bool{}
	for _, p := range decided {
		forms[p.ID] = p.Form
	}
	mu.Unlock()
	if want := map[string]bool{"form-get": true, "link": false, "post": true, "xhr": false}; !maps.Equal(forms, want) {
		t.Errorf("forms %v, want %v", forms, want)
	}

	b.SetDownloads(nil)
	end()
	log.waitFor(t, "Fetch.disable")
	paused(t, b, "late", "POST", "XHR", "http://a.test/api")
	log.waitFor(t, "Fetch.continueRequest late")
}
