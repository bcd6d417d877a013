package browser

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// The request guard. While a batch of steps runs on a page whose profile
// confirms submissions or purchases, the requests that can carry the
// page's data out pause in Chrome before they are sent (cdp.GuardedRequests),
// and the guard decides each one: it goes on, or it is failed and never
// leaves the browser. It is the backstop behind act's reading of what a
// step will do: a page script that submits a form when a box is checked,
// or posts a card form when a neutral button is clicked, is caught here.

// PausedRequest is a request of the tab, paused before it was sent.
type PausedRequest struct {
	ID           string
	URL          string
	Method       string
	ResourceType string
	// Form says the request is a form's submission: a document's POST, or
	// a navigation the page asked for as a form's submission.
	Form bool
}

// RequestGuard decides a paused request: true lets it go. It may take as
// long as asking the person takes; each request is decided on a goroutine
// of its own.
type RequestGuard func(PausedRequest) bool

// guardState is a tab's request guard while one is set. Its maps are kept
// under the browser's lock.
type guardState struct {
	decide RequestGuard
	// forms are the URLs the page asked to navigate to as a form's
	// submission (Page.frameRequestedNavigation), without their fragment,
	// and when.
	forms map[string]time.Time
	// sending are the requests the page began to send that are not a GET
	// (Network.requestWillBeSent, by network id), until each has paused
	// and been decided: what Quiet waits for.
	sending map[string]bool
	// deciding counts the requests being decided.
	deciding int
	// changed is closed and replaced whenever sending or deciding shrink.
	changed chan struct{}
}

// settledLocked reports whether nothing the page began to send waits for
// the guard. Called with b.mu held.
func (st *guardState) settledLocked() bool { return len(st.sending) == 0 && st.deciding == 0 }

// waitUntil waits, within ctx, until done (called with b.mu held) is
// true of the guard.
func (st *guardState) waitUntil(ctx context.Context, b *Browser, done func() bool) error {
	for {
		b.mu.Lock()
		if done() {
			b.mu.Unlock()
			return nil
		}
		changed := st.changed
		b.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// signalLocked wakes waitUntil's waiters. Called with b.mu held.
func (st *guardState) signalLocked() {
	close(st.changed)
	st.changed = make(chan struct{})
}

// formWindow is how long a form's asked-for navigation marks the document
// request to its URL as the form's.
const formWindow = 10 * time.Second

// GuardRequests sets g as the tab's request guard until the returned end
// is called: requests that can carry the page's data out pause before they
// are sent, and g decides each. end restores the usual interception, then
// waits for every request paused meanwhile to be decided; a request paused
// once no guard is set goes on. Only one guard is set at a time: a second
// one replaces the first.
func (t *Tab) GuardRequests(ctx context.Context, g RequestGuard) (end func(), err error) {
	st := &guardState{decide: g, forms: map[string]time.Time{}, sending: map[string]bool{}, changed: make(chan struct{})}
	t.b.mu.Lock()
	t.guard = st
	t.b.mu.Unlock()
	// The two at once: a round trip less before the batch's first step.
	if err = both(func() error { return t.CDP(ctx, cdp.NetworkEnable, nil, nil) },
		func() error { return t.CDP(ctx, cdp.FetchEnable, cdp.GuardedRequests, nil) }); err != nil {
		t.b.mu.Lock()
		if t.guard == st {
			t.guard = nil
		}
		t.b.mu.Unlock()
		_ = t.CDP(ctx, cdp.NetworkDisable, nil, nil)
		return nil, err
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), responseBudget)
		defer cancel()
		// Events come in order: once Chrome has the usual patterns back,
		// every request the guard's patterns paused has been told of.
		restore, params := cdp.FetchDisable, any(nil)
		if t.b.downloadHandler() != nil {
			restore, params = cdp.FetchEnable, cdp.DocumentResponses
		}
		if err := both(func() error { return t.CDP(ctx, restore, params, nil) },
			func() error { return t.CDP(ctx, cdp.NetworkDisable, nil, nil) }); err != nil {
			t.b.log.Debug("restoring the tab's interception failed", "tab", t.ChromeID, "err", err)
		}
		t.b.mu.Lock()
		if t.guard == st {
			t.guard = nil
		}
		t.b.mu.Unlock()
		_ = st.waitUntil(context.Background(), t.b, func() bool { return st.deciding == 0 })
	}, nil
}

// both runs a and b at once and returns their errors, joined.
func both(a, b func() error) error {
	errB := make(chan error, 1)
	go func() { errB <- b() }()
	return errors.Join(a(), <-errB)
}

// Log is the browser's logger, for what is done on its tabs.
func (b *Browser) Log() *slog.Logger { return b.log }

// Quiet waits, within ctx, until every request the page began to send
// while the guard is set (that is not a GET) has paused and been decided:
// a step's effects are then known. It returns at once when no guard is
// set.
func (t *Tab) Quiet(ctx context.Context) error {
	t.b.mu.Lock()
	st := t.guard
	t.b.mu.Unlock()
	if st == nil {
		return nil
	}
	return st.waitUntil(ctx, t.b, func() bool { return t.guard != st || st.settledLocked() })
}

// sending notes a request the page began to send that is not a GET, while
// a guard is set. Called with b.mu held.
func (t *Tab) sending(ev cdp.RequestWillBeSent) {
	if t.guard != nil && ev.RequestID != "" && guardedTypes[ev.Type] {
		t.guard.sending[ev.RequestID] = true
	}
}

// guardedTypes are the resource types cdp.GuardedRequests pauses before
// they are sent.
var guardedTypes = map[string]bool{}

func init() {
	for _, p := range cdp.GuardedRequests.Patterns {
		if p.RequestStage == "Request" {
			guardedTypes[p.ResourceType] = true
		}
	}
}

// formAsked notes a navigation the page asked for as a form's submission,
// while a guard is set. Called with b.mu held.
func (t *Tab) formAsked(ev cdp.FrameRequestedNavigation) {
	if t.guard == nil || (ev.Reason != "formSubmissionGet" && ev.Reason != "formSubmissionPost") {
		return
	}
	now := time.Now()
	for u, at := range t.guard.forms {
		if now.Sub(at) > formWindow {
			delete(t.guard.forms, u)
		}
	}
	t.guard.forms[withoutFragment(ev.URL)] = now
}

// held hands a request paused before it was sent to the tab's guard, and
// lets it go or fails it as the guard decides; with no guard, it goes on.
func (b *Browser) held(t *Tab, p cdp.RequestPaused) {
	b.mu.Lock()
	st := t.guard
	req := PausedRequest{ID: p.RequestID, URL: p.Request.URL, Method: p.Request.Method, ResourceType: p.ResourceType}
	if st != nil && p.ResourceType == "Document" {
		_, asked := st.forms[withoutFragment(p.Request.URL)]
		req.Form = asked || p.Request.Method != "GET"
	}
	if st != nil {
		st.deciding++
	}
	b.mu.Unlock()
	if st == nil {
		t.ContinueResponse(p.RequestID)
		return
	}
	go func() {
		if st.decide(req) {
			t.ContinueResponse(p.RequestID)
		} else {
			t.FailResponse(p.RequestID)
		}
		b.mu.Lock()
		st.deciding--
		delete(st.sending, p.NetworkID)
		st.signalLocked()
		b.mu.Unlock()
	}()
}

func withoutFragment(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	u.Fragment, u.RawFragment = "", ""
	return u.String()
}
