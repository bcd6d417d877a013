// Package sessions keeps the MCP sessions connected to the host as the
// person sees them in the browser: each session's tab group (its title and
// colour, unique among the connected sessions, and what it shows the
// session doing), the list the extension's popup offers tabs to share
// with, and the record across hosts (record.go) that gives a session that
// reconnects to a new host its tab group back and tells it the tabs it
// lost. The tabs themselves, and which session owns each, are package
// browser's; a Registry is the browser's Owners.
package sessions

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/protocol"
)

// Group is one connected MCP session as the person sees it in the browser:
// the key its tabs carry, its client's name (the popup), and its tab
// group.
type Group struct {
	Key   string // opaque, chosen by the session's `diwall mcp`
	Name  string // the MCP client's name, e.g. "Claude Code"
	Title string // its tab group's title, unique among connected sessions
	Color string // its tab group's colour
	state string // what its tab group shows it doing ("" is idle)
	// reconnection: what it lost since the host before this one, until
	// taken (TakeReconnection).
	reconnection *Reconnection
}

// Registry is the connected sessions of one host. Its methods are safe for
// concurrent use.
type Registry struct {
	b       *browser.Browser
	ext     browser.Caller
	log     *slog.Logger
	started time.Time

	mu     sync.Mutex
	groups []*Group // connected sessions, oldest first
	// prior: the sessions of the record the last host left (record.go),
	// by the hash of their key, until they reconnect; cause: why this host
	// started after it, when known.
	prior map[string]recordedSession
	cause string
	// sync orders the lists sent to the extension.
	sync sync.Mutex

	recMu      sync.Mutex
	recPath    string // "" records nothing
	recStopped bool
}

// New returns the registry of the sessions that own b's agent tabs, which
// talks to the extension through ext (b's link), and sets it as b's
// Owners.
func New(b *browser.Browser, ext browser.Caller, log *slog.Logger) *Registry {
	r := &Registry{b: b, ext: ext, log: log, started: time.Now()}
	b.SetOwners(r)
	return r
}

// groupColors are chrome.tabGroups colours, handed to sessions in turn.
var groupColors = []string{"blue", "green", "purple", "orange", "cyan", "pink", "red", "yellow", "grey"}

// sideWait bounds the browser calls made on the side (telling the popup
// about sessions): they never hold up a tool call.
const sideWait = 5 * time.Second

// Connect registers a session: the person sees it in the popup and can
// share tabs with it, and it finds again the tabs it owned before the host
// restarted. A key already connected returns that session.
func (r *Registry) Connect(key, name string) *Group {
	if name == "" {
		name = "MCP client"
	}
	owned := r.b.TabsByOwner()
	r.mu.Lock()
	for _, g := range r.groups {
		if g.Key == key {
			r.mu.Unlock()
			return g
		}
	}
	g := &Group{Key: key, Name: name}
	if !r.priorLocked(g, owned[key]) {
		g.Title = r.uniqueTitleLocked("Diwall · " + name)
		g.Color = groupColors[r.colorIndexLocked()]
	}
	r.groups = append(r.groups, g)
	r.mu.Unlock()
	r.log.Info("session connected", "name", name, "group", g.Title)
	r.background(r.syncSessions)
	return g
}

// uniqueTitleLocked is base, or base with a number, so that no connected
// session has it; in a host's first minute, nor does a session of the
// last host's record that may still reconnect to take its group back.
func (r *Registry) uniqueTitleLocked(base string) string {
	reserve := time.Since(r.started) < reserveWindow
	taken := func(title string) bool {
		if slices.ContainsFunc(r.groups, func(g *Group) bool { return g.Title == title }) {
			return true
		}
		for _, p := range r.prior {
			if reserve && p.Title == title {
				return true
			}
		}
		return false
	}
	title := base
	for n := 2; taken(title); n++ {
		title = fmt.Sprintf("%s %d", base, n)
	}
	return title
}

// reserveWindow is how long a new host keeps the tab-group titles of the
// last host's sessions for them.
const reserveWindow = time.Minute

// colorIndexLocked picks the first colour no connected session has.
func (r *Registry) colorIndexLocked() int {
	for i, c := range groupColors {
		if !slices.ContainsFunc(r.groups, func(g *Group) bool { return g.Color == c }) {
			return i
		}
	}
	return len(r.groups) % len(groupColors)
}

// Disconnect ends a session's access: the debugger leaves its tabs, which
// stay open for the person, and they are no longer agent tabs.
func (r *Registry) Disconnect(ctx context.Context, key string) {
	r.mu.Lock()
	var shown *Group
	for _, g := range r.groups {
		if g.Key == key && g.state != "" && g.state != StateIdle {
			shown = g
		}
	}
	r.groups = slices.DeleteFunc(r.groups, func(g *Group) bool { return g.Key == key })
	r.mu.Unlock()
	if shown != nil {
		// Its group no longer says that it acts, or is paused.
		_ = r.showGroup(ctx, shown.Title, StateIdle)
	}
	released := r.b.Release(ctx, key, false)
	r.background(r.syncSessions)
	r.log.Info("session disconnected", "released_tabs", released)
}

// Release ends a session's access while it stays connected (the person
// stopped it): the debugger leaves its tabs, which are no longer agent
// tabs; closeTabs closes them too.
func (r *Registry) Release(ctx context.Context, key string, closeTabs bool) error {
	released := r.b.Release(ctx, key, closeTabs)
	r.log.Info("session stopped by the person", "released_tabs", released, "closed", closeTabs)
	return nil
}

// What a session's tab group shows it doing (tab_group.state).
const (
	StateIdle    = "idle"
	StateActing  = "acting"
	StatePaused  = "paused"
	StateStopped = "stopped"
	StateHandoff = "handoff" // a step waits for the person
)

// ShowState shows in the session's tab group what it is doing now: one of
// the State* values. Groups made later show it too.
func (r *Registry) ShowState(ctx context.Context, key, state string) error {
	r.mu.Lock()
	g := r.groupLocked(key)
	if g == nil {
		r.mu.Unlock()
		return nil
	}
	g.state = state
	title := g.Title
	r.mu.Unlock()
	return r.showGroup(ctx, title, state)
}

func (r *Registry) showGroup(ctx context.Context, title, state string) error {
	return r.ext.Call(ctx, protocol.MethodTabGroupState, protocol.TabGroupStateParams{Title: title, State: state}, nil)
}

// groupLocked finds a connected session by key. r.mu is held.
func (r *Registry) groupLocked(key string) *Group {
	for _, g := range r.groups {
		if g.Key == key {
			return g
		}
	}
	return nil
}

// syncSessions tells the extension which sessions are connected, one list
// at a time, each made when it is sent.
func (r *Registry) syncSessions(ctx context.Context) error {
	r.sync.Lock()
	defer r.sync.Unlock()
	r.mu.Lock()
	params := protocol.SessionsParams{Sessions: make([]protocol.SessionEntry, 0, len(r.groups))}
	for _, g := range r.groups {
		params.Sessions = append(params.Sessions, protocol.SessionEntry{Session: g.Key, Name: g.Name, Color: g.Color})
	}
	r.mu.Unlock()
	r.saveRecord()
	return r.ext.Call(ctx, protocol.MethodSessionsSet, params, nil)
}

// Connected says whether the session key is connected (browser.Owners).
func (r *Registry) Connected(key string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.groupLocked(key) != nil
}

// Joined puts the tab in its session's tab group (browser.Owners).
func (r *Registry) Joined(ctx context.Context, t *browser.Tab) error {
	owner := t.Info().Owner
	r.mu.Lock()
	g := r.groupLocked(owner)
	var params protocol.TabGroupParams
	if g != nil {
		params = protocol.TabGroupParams{TabID: t.ChromeID, Title: g.Title, Color: g.Color, State: g.state}
	}
	r.mu.Unlock()
	if g == nil {
		return nil
	}
	return r.ext.Call(ctx, protocol.MethodTabGroup, params, nil)
}

// TabsChanged records the sessions' tabs as they are now (browser.Owners).
func (r *Registry) TabsChanged() { r.saveRecord() }

// background runs a side call to the extension without holding up the
// caller, and logs its failure.
func (r *Registry) background(f func(ctx context.Context) error) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), sideWait)
		defer cancel()
		if err := f(ctx); err != nil {
			r.log.Debug("side call to the extension failed", "err", err)
		}
	}()
}
