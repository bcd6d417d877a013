package browser

import (
	"context"
	"encoding/json"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// DownloadHandler is told of what may be a download of an agent tab. Its
// methods run on a goroutine of their own.
type DownloadHandler interface {
	// Paused is a document's response, paused before Chrome acts on it.
	// The handler must end the pause: ContinueResponse when it is a page,
	// or take its body (cdp.FetchTakeResponseBodyAsStream) and fail it.
	Paused(t *Tab, owner string, ev cdp.RequestPaused)
	// Intercepted is a download of the tab that Chrome's download manager
	// began and the extension cancelled before any byte was written.
	Intercepted(t *Tab, owner string, ev protocol.DownloadIntercepted)
}

// SetDownloads sets who is told of the agent tabs' downloads; with none,
// a document's response is never paused.
func (b *Browser) SetDownloads(h DownloadHandler) {
	b.mu.Lock()
	b.downloads = h
	b.mu.Unlock()
}

func (b *Browser) downloadHandler() DownloadHandler {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.downloads
}

// paused hands a paused document response to the download handler, and a
// request paused before it was sent to the tab's request guard (guard.go).
func (b *Browser) paused(ev protocol.CDPEvent) {
	var p cdp.RequestPaused
	if err := json.Unmarshal(ev.Params, &p); err != nil || p.RequestID == "" {
		b.log.Warn("malformed Fetch.requestPaused", "err", err)
		return
	}
	var tab *Tab
	var owner string
	b.withTab(ev.TabID, func(t *Tab) { tab, owner = t, t.owner })
	if tab == nil {
		return // not an agent tab: the extension never forwards its events
	}
	if p.AtRequest() {
		b.held(tab, p) // paused before it was sent: the request guard's
		return
	}
	if h := b.downloadHandler(); h != nil {
		go h.Paused(tab, owner, p)
	}
}

// intercepted hands a download Chrome's download manager began to the
// download handler.
func (b *Browser) intercepted(ev protocol.DownloadIntercepted) {
	var tab *Tab
	var owner string
	b.withTab(ev.TabID, func(t *Tab) { tab, owner = t, t.owner })
	if h := b.downloadHandler(); tab != nil && h != nil {
		go h.Intercepted(tab, owner, ev)
	}
}

// responseBudget bounds how long the host takes to let a paused response
// go on.
const responseBudget = 10 * time.Second

// ContinueResponse lets a paused document response go on as Chrome would
// have it.
func (t *Tab) ContinueResponse(requestID string) {
	b := t.b
	ctx, cancel := context.WithTimeout(context.Background(), responseBudget)
	defer cancel()
	if err := t.CDP(ctx, cdp.FetchContinueRequest, cdp.RequestIDParams{RequestID: requestID}, nil); err != nil {
		b.log.Debug("continuing a paused response failed", "tab", t.ChromeID, "err", err)
	}
}

// FailResponse ends a paused document response without Chrome acting on
// it: no page, no download (the tab stays where it was).
func (t *Tab) FailResponse(requestID string) {
	b := t.b
	ctx, cancel := context.WithTimeout(context.Background(), responseBudget)
	defer cancel()
	if err := t.CDP(ctx, cdp.FetchFailRequest, cdp.FailRequestParams{RequestID: requestID, ErrorReason: "Aborted"}, nil); err != nil {
		b.log.Debug("failing a paused response failed", "tab", t.ChromeID, "err", err)
	}
}
