package browser

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/diwall/diwall/protocol"
)

// Session is one connected MCP session as the browser knows it: the key
// its tabs carry, and how the person sees it (the popup, the tab group).
type Session struct {
	Key   string // opaque, chosen by the session's `diwall mcp`
	Name  string // the MCP client's name, e.g. "Claude Code"
	Title string // its tab group's title, unique among connected sessions
	Color string // its tab group's colour
	state string // what its tab group shows it doing ("" is idle)
	// reconnection: what it lost since the host before this one, until
	// taken (TakeReconnection).
	reconnection *Reconnection
}

// groupColors are chrome.tabGroups colours, handed to sessions in turn.
var groupColors = []string{"blue", "green", "purple", "orange", "cyan", "pink", "red", "yellow", "grey"}

// sideWait bounds the browser calls made on the side (grouping a tab,
// telling the popup about sessions): they never hold up a tool call.
const sideWait = 5 * time.Second

// Connect registers a session: the person sees it in the popup and can
// share tabs with it, and it finds again the tabs it owned before the host
// restarted. A key already connected returns that session.
func (b *Browser) Connect(key, name string) *Session {
	if name == "" {
		name = "MCP client"
	}
	b.mu.Lock()
	for _, s := range b.sessions {
		if s.Key == key {
			b.mu.Unlock()
			return s
		}
	}
	s := &Session{Key: key, Name: name}
	if !b.priorLocked(s) {
		s.Title = b.uniqueTitleLocked("Diwall · " + name)
		s.Color = groupColors[b.colorIndexLocked()]
	}
	b.sessions = append(b.sessions, s)
	b.mu.Unlock()
	b.log.Info("session connected", "name", name, "group", s.Title)
	b.background(b.syncSessions)
	return s
}

// uniqueTitleLocked is base, or base with a number, so that no connected
// session has it; in a host's first minute, nor does a session of the
// last host's record that may still reconnect to take its group back.
func (b *Browser) uniqueTitleLocked(base string) string {
	reserve := time.Since(b.started) < reserveWindow
	taken := func(title string) bool {
		if slices.ContainsFunc(b.sessions, func(s *Session) bool { return s.Title == title }) {
			return true
		}
		for _, p := range b.prior {
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
func (b *Browser) colorIndexLocked() int {
	for i, c := range groupColors {
		if !slices.ContainsFunc(b.sessions, func(s *Session) bool { return s.Color == c }) {
			return i
		}
	}
	return len(b.sessions) % len(groupColors)
}

// Disconnect ends a session's access: the debugger leaves its tabs, which
// stay open for the person, and they are no longer agent tabs.
func (b *Browser) Disconnect(ctx context.Context, key string) {
	b.mu.Lock()
	var shown *Session
	for _, s := range b.sessions {
		if s.Key == key && s.state != "" && s.state != StateIdle {
			shown = s
		}
	}
	b.sessions = slices.DeleteFunc(b.sessions, func(s *Session) bool { return s.Key == key })
	b.mu.Unlock()
	if shown != nil {
		// Its group no longer says that it acts, or is paused.
		_ = b.showGroup(ctx, shown.Title, StateIdle)
	}
	released := b.releaseTabs(ctx, key, false)
	b.background(b.syncSessions)
	b.log.Info("session disconnected", "released_tabs", released)
}

// Release ends a session's access while it stays connected (the person
// stopped it): the debugger leaves its tabs, which are no longer agent
// tabs; closeTabs closes them too.
func (b *Browser) Release(ctx context.Context, key string, closeTabs bool) error {
	released := b.releaseTabs(ctx, key, closeTabs)
	b.log.Info("session stopped by the person", "released_tabs", released, "closed", closeTabs)
	return nil
}

// releaseTabs detaches (or closes) the session's tabs and forgets them,
// and returns how many there were.
func (b *Browser) releaseTabs(ctx context.Context, key string, closeTabs bool) int {
	// Forgotten first, so no call finds them any more; the extension keeps
	// them as agent tabs until the new set, so it still closes them.
	b.mu.Lock()
	var released []*Tab
	for _, id := range slices.Clone(b.order) {
		if t := b.tabs[id]; t.owner == key {
			released = append(released, t)
			b.forgetLocked(id)
		}
	}
	b.mu.Unlock()
	for _, t := range released {
		method := protocol.MethodDebuggerDetach
		if closeTabs {
			method = protocol.MethodTabClose
		}
		if err := b.ext.Call(ctx, method, protocol.TabParams{TabID: t.ChromeID}, nil); err != nil {
			b.log.Debug("releasing a tab", "method", method, "tab", t.ChromeID, "err", err)
		}
	}
	if len(released) > 0 {
		if err := b.syncAgentTabs(ctx); err != nil {
			b.log.Warn("agent tabs after a session's tabs were released", "err", err)
		}
	}
	return len(released)
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
func (b *Browser) ShowState(ctx context.Context, key, state string) error {
	b.mu.Lock()
	s := b.sessionLocked(key)
	if s == nil {
		b.mu.Unlock()
		return nil
	}
	s.state = state
	title := s.Title
	b.mu.Unlock()
	return b.showGroup(ctx, title, state)
}

func (b *Browser) showGroup(ctx context.Context, title, state string) error {
	return b.ext.Call(ctx, protocol.MethodTabGroupState, protocol.TabGroupStateParams{Title: title, State: state}, nil)
}

// sessionLocked finds a connected session by key. b.mu is held.
func (b *Browser) sessionLocked(key string) *Session {
	for _, s := range b.sessions {
		if s.Key == key {
			return s
		}
	}
	return nil
}

// syncSessions tells the extension which sessions are connected, one list
// at a time, each made when it is sent.
func (b *Browser) syncSessions(ctx context.Context) error {
	b.sessionSync.Lock()
	defer b.sessionSync.Unlock()
	b.mu.Lock()
	params := protocol.SessionsParams{Sessions: make([]protocol.SessionEntry, 0, len(b.sessions))}
	for _, s := range b.sessions {
		params.Sessions = append(params.Sessions, protocol.SessionEntry{Session: s.Key, Name: s.Name, Color: s.Color})
	}
	b.mu.Unlock()
	b.saveRecord()
	return b.ext.Call(ctx, protocol.MethodSessionsSet, params, nil)
}

// share adopts a tab the person shared with a connected session.
func (b *Browser) share(ev protocol.TabShared) {
	b.mu.Lock()
	known := b.sessionLocked(ev.Session) != nil
	b.mu.Unlock()
	if !known {
		b.log.Warn("a tab was shared with a session that is not connected; ignored", "tab", ev.TabID)
		return
	}
	b.background(func(ctx context.Context) error {
		var res protocol.TabsResult
		if err := b.ext.Call(ctx, protocol.MethodTabsGet, protocol.TabsGetParams{TabIDs: []int{ev.TabID}}, &res); err != nil {
			return err
		}
		if len(res.Tabs) != 1 {
			return fmt.Errorf("shared tab %d is gone", ev.TabID)
		}
		b.mu.Lock()
		tab := b.adoptLocked(res.Tabs[0], ev.Session)
		b.mu.Unlock()
		b.log.Info("the person shared a tab", "tab", ev.TabID)
		if err := b.syncAgentTabs(ctx); err != nil {
			return err
		}
		return b.group(ctx, tab)
	})
}

// group puts the tab in its session's tab group.
func (b *Browser) group(ctx context.Context, t *Tab) error {
	b.mu.Lock()
	s := b.sessionLocked(t.owner)
	var params protocol.TabGroupParams
	if s != nil {
		params = protocol.TabGroupParams{TabID: t.ChromeID, Title: s.Title, Color: s.Color, State: s.state}
	}
	b.mu.Unlock()
	if s == nil {
		return nil
	}
	return b.ext.Call(ctx, protocol.MethodTabGroup, params, nil)
}

// background runs a side call to the extension without holding up the
// caller, and logs its failure.
func (b *Browser) background(f func(ctx context.Context) error) {
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), sideWait)
		defer cancel()
		if err := f(ctx); err != nil {
			b.log.Debug("side call to the extension failed", "err", err)
		}
	}()
}
