// Package browser owns the agent's tabs: which tabs the model may use, each
// tab's state (URL, title, the document's loader id, an open dialog, whether
// the debugger is attached), and the operations on them. A *Tab is bound to
// the Browser that owns it: observe, act, login and the tools take the tab
// alone and call its methods (CDP commands, isolated worlds, navigation).
// It is the one place that holds a tab's state; it reaches the browser only
// through extlink.
package browser

import (
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/extlink"
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
	downloads   DownloadHandler
	owners      Owners
	tabAdded    chan struct{} // closed, and replaced, when a tab is adopted
	headless    bool          // no screen to take: agent tabs open in front (tabs.go)
	// agentSync orders the sets of agent tabs sent to the extension.
	agentSync sync.Mutex
}

// New returns a Browser that keeps its tab-id key in stateDir.
func New(ext Caller, log *slog.Logger, stateDir string) (*Browser, error) {
	ids, err := loadTabKey(filepath.Join(stateDir, "tab-key"))
	if err != nil {
		return nil, err
	}
	return &Browser{ext: ext, log: log, ids: ids, tabs: make(map[int]*Tab), tabAdded: make(chan struct{})}, nil
}

// Restore adopts the agent tabs the extension remembered across a restart
// of its service worker, keeping those that still exist, each for the
// session that owned it: that session finds them again when it reconnects.
// It also notes, from the extension's user agent, whether the browser is
// headless.
func (b *Browser) Restore(ctx context.Context, hello protocol.Hello) error {
	b.mu.Lock()
	b.headless = strings.Contains(hello.UserAgent, "HeadlessChrome")
	b.mu.Unlock()
	if len(hello.AgentTabs) == 0 {
		return nil
	}
	owners := make(map[int]string, len(hello.AgentTabs))
	ids := make([]int, 0, len(hello.AgentTabs))
	for _, at := range hello.AgentTabs {
		if at.Session != "" {
			owners[at.TabID] = at.Session
			ids = append(ids, at.TabID)
		}
	}
	var res protocol.TabsResult
	if err := b.ext.Call(ctx, protocol.MethodTabsGet, protocol.TabsGetParams{TabIDs: ids}, &res); err != nil {
		return err
	}
	b.mu.Lock()
	for _, t := range res.Tabs {
		b.adoptLocked(t, owners[t.TabID])
	}
	b.mu.Unlock()
	b.log.Info("restored agent tabs", "count", len(res.Tabs))
	return b.syncAgentTabs(ctx)
}

// adoptLocked registers an agent tab of the session owner. b.mu is held.
func (b *Browser) adoptLocked(t protocol.Tab, owner string) *Tab {
	if tab, ok := b.tabs[t.TabID]; ok {
		b.updateLocked(tab, t)
		if tab.owner != owner {
			// Another session's snapshot and marks are not the new owner's.
			tab.owner, tab.snapshot = owner, nil
		}
		return tab
	}
	tab := &Tab{b: b, ChromeID: t.TabID, ID: b.ids.opaque(t.TabID), owner: owner}
	b.updateLocked(tab, t)
	b.tabs[t.TabID] = tab
	b.order = append(b.order, t.TabID)
	if b.agentWindow == 0 {
		b.agentWindow = t.WindowID
	}
	close(b.tabAdded)
	b.tabAdded = make(chan struct{})
	return tab
}

// updateLocked applies what the extension reports of a tab. A tab that is
// active makes the others of its window inactive: Chrome reports no update
// to a tab that merely lost the focus. b.mu is held.
func (b *Browser) updateLocked(t *Tab, pt protocol.Tab) {
	t.update(pt)
	if !pt.Active {
		return
	}
	for _, other := range b.tabs {
		if other != t && other.windowID == t.windowID {
			other.active = false
		}
	}
}

// TabAdded returns a channel that is closed when the next agent tab is
// adopted (opened, shared, or opened by an agent tab's page).
func (b *Browser) TabAdded() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.tabAdded
}

func (b *Browser) forgetLocked(chromeID int) {
	tab, ok := b.tabs[chromeID]
	if !ok {
		return
	}
	tab.closeWaiters()
	tab.sleptLocked() // the debugger leaves it, or it is gone
	delete(b.tabs, chromeID)
	b.order = slices.DeleteFunc(b.order, func(id int) bool { return id == chromeID })
}

// syncAgentTabs tells the extension which tabs are the agents', and whose.
// Sets go one at a time, each made when it is sent, so an older set never
// lands after a newer one.
func (b *Browser) syncAgentTabs(ctx context.Context) error {
	b.agentSync.Lock()
	defer b.agentSync.Unlock()
	b.mu.Lock()
	params := protocol.AgentTabsParams{Tabs: make([]protocol.AgentTab, 0, len(b.order))}
	for _, id := range b.order {
		params.Tabs = append(params.Tabs, protocol.AgentTab{TabID: id, Session: b.tabs[id].owner})
	}
	b.mu.Unlock()
	b.owning().TabsChanged()
	return b.ext.Call(ctx, protocol.MethodAgentTabsSet, params, nil)
}

// Lookup finds a tab of the session owner by the opaque id the model uses.
// Another session's tab is not found.
func (b *Browser) Lookup(owner, id string) (*Tab, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, tab := range b.tabs {
		if tab.ID == id && tab.owner == owner {
			return tab, true
		}
	}
	return nil, false
}

// Newest returns the session's most recently opened tab, if any.
func (b *Browser) Newest(owner string) (*Tab, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i := len(b.order) - 1; i >= 0; i-- {
		if t := b.tabs[b.order[i]]; t.owner == owner {
			return t, true
		}
	}
	return nil, false
}

// HandleEvent updates the tabs from one extension event. It is the Link's
// event handler.
func (b *Browser) HandleEvent(m *protocol.Message) {
	switch m.Event {
	case protocol.EventTabCreated:
		var ev protocol.TabEvent
		if b.decode(m, &ev) {
			b.mu.Lock()
			opener, fromAgent := b.tabs[ev.Tab.OpenerTabID]
			var tab *Tab
			if fromAgent {
				tab = b.adoptLocked(ev.Tab, opener.owner)
			}
			b.mu.Unlock()
			if tab != nil {
				// A set sent before this event may have dropped the new tab
				// from the extension's list: send the set again.
				b.background(func(ctx context.Context) error {
					if err := b.syncAgentTabs(ctx); err != nil {
						return err
					}
					return b.owning().Joined(ctx, tab)
				})
			}
		}
	case protocol.EventTabShared:
		var ev protocol.TabShared
		if b.decode(m, &ev) {
			b.share(ev)
		}
	case protocol.EventTabUnshared:
		var ev protocol.TabClosed
		if b.decode(m, &ev) {
			b.mu.Lock()
			b.forgetLocked(ev.TabID)
			b.mu.Unlock()
			b.log.Info("the person stopped sharing a tab", "tab", ev.TabID)
			// A set sent before this event arrived may have given the tab
			// back to the extension's list: send the set again.
			b.background(b.syncAgentTabs)
		}
	case protocol.EventTabUpdated:
		var ev protocol.TabEvent
		if b.decode(m, &ev) {
			b.withTab(ev.Tab.TabID, func(t *Tab) { b.updateLocked(t, ev.Tab) })
		}
	case protocol.EventTabClosed:
		var ev protocol.TabClosed
		if b.decode(m, &ev) {
			b.mu.Lock()
			b.forgetLocked(ev.TabID)
			b.mu.Unlock()
			b.owning().TabsChanged()
		}
	case protocol.EventDebuggerDetached:
		var ev protocol.DebuggerDetached
		if b.decode(m, &ev) {
			b.withTab(ev.TabID, func(t *Tab) { t.detached(ev.Reason) })
		}
	case protocol.EventDownloadIntercepted:
		var ev protocol.DownloadIntercepted
		if b.decode(m, &ev) {
			b.intercepted(ev)
		}
	case protocol.EventCDP:
		var ev protocol.CDPEvent
		switch {
		case !b.decode(m, &ev):
		case ev.Method == cdp.FetchRequestPaused:
			if ev.SessionID == "" {
				b.paused(ev)
			}
		default:
			if ev.Method == cdp.InspectorTargetCrashed {
				b.log.Warn("a tab's page crashed", "tab", ev.TabID)
			}
			var tab *Tab
			b.withTab(ev.TabID, func(t *Tab) {
				tab = t
				if ev.SessionID != "" {
					t.childEvent(ev.Method, ev.Params)
				} else {
					t.cdpEvent(ev.Method, ev.Params)
				}
			})
			if tab != nil && ev.Method == cdp.TargetAttachedToTarget {
				// The out-of-process frames inside the one attached are
				// attached too.
				go b.prepareChildren(context.Background(), tab)
			}
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
