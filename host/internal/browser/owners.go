package browser

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/diwall/diwall/protocol"
)

// Owners are the MCP sessions that own agent tabs, as the browser needs
// them: package sessions keeps them (their tab groups, their record across
// hosts). A tab's owner is the key of its session.
type Owners interface {
	// Connected says whether the session key is connected: a tab the
	// person shares with a session that is not is ignored.
	Connected(key string) bool
	// Joined is told of a tab that joined its session (opened by one of
	// its tabs' pages, or shared by the person): it goes in the session's
	// tab group.
	Joined(ctx context.Context, t *Tab) error
	// TabsChanged is told that the agent tabs, or their owners, changed.
	TabsChanged()
}

// noOwners is the Owners of a browser no sessions were set on: no session
// is connected.
type noOwners struct{}

func (noOwners) Connected(string) bool              { return false }
func (noOwners) Joined(context.Context, *Tab) error { return nil }
func (noOwners) TabsChanged()                       {}

// SetOwners sets the sessions the agent tabs belong to. It is called
// once, before the browser's events are handled.
func (b *Browser) SetOwners(o Owners) {
	b.mu.Lock()
	b.owners = o
	b.mu.Unlock()
}

func (b *Browser) owning() Owners {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.owners == nil {
		return noOwners{}
	}
	return b.owners
}

// TabsByOwner returns the Chrome ids of each session's agent tabs, oldest
// first, by the session's key.
func (b *Browser) TabsByOwner() map[string][]int {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make(map[string][]int)
	for _, id := range b.order {
		owner := b.tabs[id].owner
		out[owner] = append(out[owner], id)
	}
	return out
}

// OpaqueID is the id the model knows the tab of Chrome id chromeID by,
// whether or not it is an agent tab now.
func (b *Browser) OpaqueID(chromeID int) string { return b.ids.opaque(chromeID) }

// Release ends the access of the session key to its tabs: the debugger
// leaves them (closeTabs: they are closed), they are forgotten and no
// longer agent tabs. It returns how many there were.
func (b *Browser) Release(ctx context.Context, key string, closeTabs bool) int {
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

// share adopts a tab the person shared with a connected session.
func (b *Browser) share(ev protocol.TabShared) {
	owners := b.owning()
	if !owners.Connected(ev.Session) {
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
		return owners.Joined(ctx, tab)
	})
}

// sideWait bounds the browser calls made on the side (telling the
// extension of the agent tabs, grouping a tab): they never hold up a tool
// call.
const sideWait = 5 * time.Second

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
