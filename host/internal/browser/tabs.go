package browser

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"

	"github.com/diwall/diwall/protocol"
)

// List returns the session's tabs that still exist, refreshed from the
// browser, oldest first.
func (b *Browser) List(ctx context.Context, owner string) ([]TabInfo, error) {
	b.mu.Lock()
	var ids []int
	for _, id := range b.order {
		if b.tabs[id].owner == owner {
			ids = append(ids, id)
		}
	}
	b.mu.Unlock()
	if len(ids) == 0 {
		return nil, nil
	}
	var res protocol.TabsResult
	if err := b.ext.Call(ctx, protocol.MethodTabsGet, protocol.TabsGetParams{TabIDs: ids}, &res); err != nil {
		return nil, err
	}
	alive := make(map[int]protocol.Tab, len(res.Tabs))
	for _, t := range res.Tabs {
		alive[t.TabID] = t
	}
	b.mu.Lock()
	var tabs []*Tab
	for _, id := range ids {
		pt, ok := alive[id]
		if !ok {
			b.forgetLocked(id)
			continue
		}
		if t, ok := b.tabs[id]; ok {
			b.updateLocked(t, pt)
			tabs = append(tabs, t)
		}
	}
	b.mu.Unlock()
	infos := make([]TabInfo, 0, len(tabs))
	for _, t := range tabs {
		infos = append(infos, t.Info())
	}
	return infos, nil
}

// Open opens a new tab for the session owner (in the agents' own window
// once there is one, in the session's tab group), attaches the debugger
// and, when url is not empty, loads it. The tab opens in the background:
// the person's tab stays in front, and their window keeps the focus (see
// KeepAwake for how the agent works in it at full speed). In a headless
// browser, which has no screen to take, it opens in front, as the tab the
// agent works on.
func (b *Browser) Open(ctx context.Context, owner, url string) (*Tab, Navigation, error) {
	if url != "" {
		if err := CheckURL(url); err != nil {
			return nil, Navigation{}, err
		}
	}
	b.mu.Lock()
	front := b.headless
	params := protocol.TabOpenParams{URL: "about:blank", WindowID: b.agentWindow, Active: &front}
	b.mu.Unlock()
	var res protocol.TabResult
	err := b.ext.Call(ctx, protocol.MethodTabOpen, params, &res)
	if err != nil && params.WindowID != 0 {
		// The agent's window was closed: open in a new one.
		params.WindowID = 0
		b.mu.Lock()
		b.agentWindow = 0
		b.mu.Unlock()
		err = b.ext.Call(ctx, protocol.MethodTabOpen, params, &res)
	}
	if err != nil {
		return nil, Navigation{}, err
	}
	b.mu.Lock()
	tab := b.adoptLocked(res.Tab, owner)
	b.agentWindow = res.Tab.WindowID
	b.mu.Unlock()
	if err := b.syncAgentTabs(ctx); err != nil {
		return tab, Navigation{}, err
	}
	owners := b.owning()
	b.background(func(ctx context.Context) error { return owners.Joined(ctx, tab) })
	if err := tab.Attach(ctx); err != nil {
		return tab, Navigation{}, err
	}
	if url == "" {
		return tab, Navigation{Status: NavLoaded}, nil
	}
	nav, err := tab.Navigate(ctx, url)
	return tab, nav, err
}

// closeWait bounds closing a tab: Chrome asks the page first.
const closeWait = 10 * time.Second

// Close closes an agent tab. A page that asks before it is left (a
// beforeunload dialog) keeps its tab until the dialog is answered: Close
// then reports the dialog (dialog_open) at once, and accepting it closes
// the tab.
func (t *Tab) Close(ctx context.Context) error {
	b := t.b
	if d := t.Info().Dialog; d != nil && d.Type == "beforeunload" {
		return DialogOpen(d)
	}
	ctx, cancel := context.WithTimeout(ctx, closeWait)
	defer cancel()
	err := t.UnlessDialog(ctx, func(ctx context.Context) error {
		return b.ext.Call(ctx, protocol.MethodTabClose, protocol.TabParams{TabID: t.ChromeID}, nil)
	})
	if errors.Is(err, ErrDialogOpened) {
		if d := t.Info().Dialog; d != nil {
			return DialogOpen(d)
		}
		return err
	}
	if err != nil && !tabGone(err) {
		return err
	}
	b.mu.Lock()
	b.forgetLocked(t.ChromeID)
	b.mu.Unlock()
	return b.syncAgentTabs(ctx)
}

// Attach attaches the debugger to the tab if it is not attached, and
// enables the page events the host follows.
func (t *Tab) Attach(ctx context.Context) error {
	b := t.b
	b.mu.Lock()
	attached := t.attached
	b.mu.Unlock()
	if attached {
		return nil
	}
	if err := b.ext.Call(ctx, protocol.MethodDebuggerAttach, protocol.TabParams{TabID: t.ChromeID}, nil); err != nil {
		return err
	}
	if err := t.CDP(ctx, cdp.PageEnable, nil, nil); err != nil {
		return err
	}
	if b.downloadHandler() != nil {
		// Documents' responses pause, so that a download is the host's to
		// take; a Chrome that cannot pause them still has its downloads
		// stopped by the extension (download.intercepted).
		if err := t.CDP(ctx, cdp.FetchEnable, cdp.DocumentResponses, nil); err != nil {
			b.log.Warn("cannot pause the tab's document responses; its downloads go through Chrome's download manager", "tab", t.ChromeID, "err", err)
		}
	}
	var tree cdp.GetFrameTreeResult
	if err := t.CDP(ctx, cdp.PageGetFrameTree, nil, &tree); err != nil {
		return err
	}
	b.mu.Lock()
	t.attached = true
	t.autoAttach, t.children = false, nil // a new debugger session
	t.frameID = tree.FrameTree.Frame.ID
	if t.loaderID != tree.FrameTree.Frame.LoaderID {
		t.worlds, t.snapshot = nil, nil
	}
	t.loaderID = tree.FrameTree.Frame.LoaderID
	if tree.FrameTree.Frame.URL != "" {
		t.url = tree.FrameTree.Frame.URL
	}
	b.mu.Unlock()
	return nil
}

// CaptureVisible captures the tab with chrome.tabs.captureVisibleTab, as
// JPEG; the tab must be the active one of its window.
func (t *Tab) CaptureVisible(ctx context.Context, res *protocol.CaptureResult) error {
	b := t.b
	return b.ext.Call(ctx, protocol.MethodTabCapture, protocol.CaptureParams{TabID: t.ChromeID, Format: "jpeg", Quality: 90}, res)
}

// CDP runs one CDP command on the tab and decodes its result into result
// (which may be nil).
//
// Chrome's answer to a command whose page navigated or closed while it
// ran is ErrNavigatedAway, wrapped.
func (t *Tab) CDP(ctx context.Context, method cdp.Method, params, result any) error {
	return t.CDPIn(ctx, "", method, params, result)
}

// CDPIn is CDP on one of the tab's child sessions (an out-of-process
// frame's, see Frame); "" is the tab's own session.
func (t *Tab) CDPIn(ctx context.Context, session string, method cdp.Method, params, result any) error {
	b := t.b
	err := b.ext.Call(ctx, protocol.MethodCDP, protocol.CDPParams{TabID: t.ChromeID, SessionID: session, Method: string(method), Params: params}, result)
	return b.cdpErr(ctx, t, session, method, err)
}

// cdpErr types the error of command method on the tab's session (see
// CDPIn): a *cdp.Error for a refused command, ErrNavigatedAway (wrapping
// it) for one whose page navigated or closed, and the tab marked detached
// when the extension's debugger left it.
func (b *Browser) cdpErr(ctx context.Context, t *Tab, session string, method cdp.Method, err error) error {
	err = cdp.Wrap(method, err)
	var re *protocol.ResponseError
	switch {
	case err == nil:
	case cdp.Is(err, cdp.NavigatedAway):
		return fmt.Errorf("%w: %w", ErrNavigatedAway, err)
	case errors.As(err, &re) && re.Code == protocol.ExtDebuggerDetached && session == "":
		return b.lostDebugger(ctx, t, err)
	}
	return err
}

// lostDebugger handles a command the extension refused because its
// debugger is no longer on the tab: the tab is marked detached at once
// (Chrome's detach event may still be on its way), so the next call
// attaches again; and when the tab itself is gone, the error says so.
func (b *Browser) lostDebugger(ctx context.Context, t *Tab, err error) error {
	b.mu.Lock()
	if t.attached {
		t.detached("")
	}
	b.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
	defer cancel()
	var res protocol.TabsResult
	if b.ext.Call(ctx, protocol.MethodTabsGet, protocol.TabsGetParams{TabIDs: []int{t.ChromeID}}, &res) == nil && len(res.Tabs) == 0 {
		b.mu.Lock()
		b.forgetLocked(t.ChromeID)
		b.mu.Unlock()
		return fmt.Errorf("%w: %w", ErrTabClosed, err)
	}
	return err
}

// tabGone says whether err is the extension's answer that the tab is no
// longer there, or no longer an agent tab.
func tabGone(err error) bool {
	var re *protocol.ResponseError
	return errors.As(err, &re) && (re.Code == protocol.ExtTabGone || re.Code == protocol.ExtNotAgentTab)
}
