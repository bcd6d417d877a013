// Package browser owns the agent's tabs: which tabs the model may use, each
// tab's state (URL, title, the document's loader id, an open dialog, whether
// the debugger is attached), and the operations on them. It is the one place
// that holds a tab's state; it reaches the browser only through extlink.
package browser

import (
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"

	"github.com/diwall/diwall/host/extlink"
	"github.com/diwall/diwall/protocol"
)

// Caller sends requests to the extension; *extlink.Link implements it.
type Caller interface {
	Call(ctx context.Context, method string, params, result any) error
}

// Browser is the agent's view of the browser. Its methods are safe for
// concurrent use.
type Browser struct {
	ext Caller
	log *slog.Logger
	ids tabIDs

	mu          sync.Mutex
	tabs        map[int]*Tab // by Chrome tab id
	order       []int        // agent tabs, oldest first
	agentWindow int          // the window agent tabs open in, 0 until known
}

// New returns a Browser that keeps its tab-id key in stateDir.
func New(ext Caller, log *slog.Logger, stateDir string) (*Browser, error) {
	ids, err := loadTabKey(filepath.Join(stateDir, "tab-key"))
	if err != nil {
		return nil, err
	}
	return &Browser{ext: ext, log: log, ids: ids, tabs: make(map[int]*Tab)}, nil
}

// Restore adopts the agent tabs the extension remembered across a restart
// of its service worker, keeping those that still exist.
func (b *Browser) Restore(ctx context.Context, hello protocol.Hello) error {
	if len(hello.AgentTabIDs) == 0 {
		return nil
	}
	var res protocol.TabsResult
	if err := b.ext.Call(ctx, protocol.MethodTabsGet, protocol.TabsGetParams{TabIDs: hello.AgentTabIDs}, &res); err != nil {
		return err
	}
	b.mu.Lock()
	for _, t := range res.Tabs {
		b.adoptLocked(t)
	}
	ids := slices.Clone(b.order)
	b.mu.Unlock()
	b.log.Info("restored agent tabs", "count", len(res.Tabs))
	return b.ext.Call(ctx, protocol.MethodAgentTabsSet, protocol.TabsGetParams{TabIDs: ids}, nil)
}

// adoptLocked registers an agent tab. b.mu is held.
func (b *Browser) adoptLocked(t protocol.Tab) *Tab {
	if tab, ok := b.tabs[t.TabID]; ok {
		tab.update(t)
		return tab
	}
	tab := &Tab{ChromeID: t.TabID, ID: b.ids.opaque(t.TabID)}
	tab.update(t)
	b.tabs[t.TabID] = tab
	b.order = append(b.order, t.TabID)
	if b.agentWindow == 0 {
		b.agentWindow = t.WindowID
	}
	return tab
}

func (b *Browser) forgetLocked(chromeID int) {
	tab, ok := b.tabs[chromeID]
	if !ok {
		return
	}
	tab.closeWaiters()
	delete(b.tabs, chromeID)
	b.order = slices.DeleteFunc(b.order, func(id int) bool { return id == chromeID })
}

// Lookup finds an agent tab by the opaque id the model uses.
func (b *Browser) Lookup(id string) (*Tab, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, tab := range b.tabs {
		if tab.ID == id {
			return tab, true
		}
	}
	return nil, false
}

// Newest returns the most recently opened agent tab, if any.
func (b *Browser) Newest() (*Tab, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.order) == 0 {
		return nil, false
	}
	return b.tabs[b.order[len(b.order)-1]], true
}

// HandleEvent updates the tabs from one extension event. It is the Link's
// event handler.
func (b *Browser) HandleEvent(m *protocol.Message) {
	switch m.Event {
	case protocol.EventTabCreated:
		var ev protocol.TabEvent
		if b.decode(m, &ev) {
			b.mu.Lock()
			_, fromAgent := b.tabs[ev.Tab.OpenerTabID]
			if fromAgent {
				b.adoptLocked(ev.Tab)
			}
			b.mu.Unlock()
		}
	case protocol.EventTabUpdated:
		var ev protocol.TabEvent
		if b.decode(m, &ev) {
			b.withTab(ev.Tab.TabID, func(t *Tab) { t.update(ev.Tab) })
		}
	case protocol.EventTabClosed:
		var ev protocol.TabClosed
		if b.decode(m, &ev) {
			b.mu.Lock()
			b.forgetLocked(ev.TabID)
			b.mu.Unlock()
		}
	case protocol.EventDebuggerDetached:
		var ev protocol.DebuggerDetached
		if b.decode(m, &ev) {
			b.withTab(ev.TabID, func(t *Tab) { t.detached(ev.Reason) })
		}
	case protocol.EventCDP:
		var ev protocol.CDPEvent
		if b.decode(m, &ev) {
			b.withTab(ev.TabID, func(t *Tab) { t.cdpEvent(ev.Method, ev.Params) })
		}
	}
}

func (b *Browser) decode(m *protocol.Message, v any) bool {
	if err := json.Unmarshal(m.Params, v); err != nil {
		b.log.Warn("malformed event from the extension", "event", m.Event, "err", err)
		return false
	}
	return true
}

func (b *Browser) withTab(chromeID int, f func(*Tab)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if t, ok := b.tabs[chromeID]; ok {
		f(t)
	}
}

// ErrNoBrowser is what operations return when the extension is gone.
var ErrNoBrowser = extlink.ErrClosed
