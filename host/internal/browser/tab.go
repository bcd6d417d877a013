package browser

import (
	"encoding/json"
	"net/url"
	"slices"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// Tab is one agent tab, bound to the browser that owns it: the operations
// on the tab (CDP commands, its isolated worlds, navigation, dialogs) are
// its methods. Its state is guarded by the Browser's lock; read it through
// Info.
type Tab struct {
	b *Browser

	ChromeID int
	ID       string // opaque id shown to the model

	owner string // key of the session whose tab it is

	url, title, status string
	windowID           int
	active             bool
	attached           bool
	frameID            string // the main frame
	loaderID           string // the main frame's current document
	unreachable        string // the URL Chrome could not load, when the document is its error page
	dialog             *Dialog
	worlds             map[Frame]int    // each frame's isolated world (execution context)
	autoAttach         bool             // out-of-process frames are attached (Target.setAutoAttach)
	autoAttachAt       time.Time        // since when
	children           map[string]child // out-of-process frames, by target (= frame) id
	crashed            bool             // the renderer gave up on the current document
	snapshot           *Snapshot
	waiters            []*waiter
	dragData           json.RawMessage    // the data of the last drag Chrome intercepted
	installed          map[installKey]int // scripts defined in isolated worlds -> world
	guard              *guardState        // the request guard, while one is set (guard.go)
	awake              awakeState         // kept rendering for the agent (awake.go)
	frame              string             // the last screencast frame, base64 (screencast.go)
}

// Snapshot is what the host keeps of a tab's current observation: marks
// are accepted only from it, and only while its document is current.
type Snapshot struct {
	ID       string
	LoaderID string
	// MarkNode maps each mark to the node's index in the snapshot; for a
	// snapshot of the main frame alone that is the element's index in the
	// page's isolated world (globalThis.__diwall.els).
	MarkNode map[int]int
	// Sensitive holds the marks of sensitive fields (passwords, card
	// numbers, one-time codes): what is typed there is never recorded.
	Sensitive map[int]bool
	// Pays says the page held a card or payment field when the snapshot
	// was taken (act's request guard reads it).
	Pays bool
	// Labels are each mark's role and name, as the observation gave them
	// (page content): what the person is shown when asked about a step.
	Labels map[int]MarkLabel
	// Frames are the child frames read into the snapshot (a profile with
	// frames = "sites"); nil when none was.
	Frames []SnapFrame
	// Place says, for a snapshot with Frames, where each node is: its
	// frame and its index in that frame's isolated world. Nil when every
	// node is the main frame's, at its own index.
	Place []NodePlace
	// View is what the snapshot showed the model, kept by the package that
	// made it (observe) to say later what changed since.
	View any
}

// MarkLabel is a marked element's role and name.
type MarkLabel struct{ Role, Name string }

// SnapFrame is a child frame read into a snapshot.
type SnapFrame struct {
	Frame Frame
	// Owner is the node index, in the snapshot, of the frame's element in
	// its parent frame.
	Owner int
}

// NodePlace is where a snapshot's node is: Frame 0 is the main frame,
// k > 0 is Frames[k-1]; Local is its index in that frame's world.
type NodePlace struct {
	Frame, Local int32
}

// Where returns the frame (0: main, k: Frames[k-1]) and the index in that
// frame's isolated world of the snapshot's node i.
func (s *Snapshot) Where(i int) (frame, local int) {
	if s.Place == nil || i < 0 || i >= len(s.Place) {
		return 0, i
	}
	p := s.Place[i]
	return int(p.Frame), int(p.Local)
}

// FrameOf returns the browser frame of Where's frame number.
func (s *Snapshot) FrameOf(frame int) Frame {
	if frame <= 0 || frame > len(s.Frames) {
		return Frame{}
	}
	return s.Frames[frame-1].Frame
}

// Global returns the snapshot's node index of the element at local in
// frame's world, -1 when it is not one of the snapshot's nodes.
func (s *Snapshot) Global(frame, local int) int {
	if s.Place == nil {
		if frame == 0 {
			return local
		}
		return -1
	}
	for i, p := range s.Place {
		if int(p.Frame) == frame && int(p.Local) == local {
			return i
		}
	}
	return -1
}

// Dialog is an open JavaScript dialog. Its message is the page's words.
type Dialog struct {
	Type          string `json:"type"`
	Message       string `json:"message"`
	DefaultPrompt string `json:"default_prompt,omitempty"`
	// FrameURL is the document of the frame that opened it (a dialog of
	// any frame is the tab's: Chrome reports it on the tab's session, and
	// it blocks the whole page); "" when Chrome did not say.
	FrameURL string `json:"-"`
}

// TabInfo is a consistent copy of a tab's state.
type TabInfo struct {
	ID       string
	ChromeID int
	URL      string
	Title    string
	Origin   string // the host's own reading of URL
	Loading  bool
	Active   bool
	LoaderID string
	// Unreachable is set when the document is Chrome's error page for a
	// URL it could not load.
	Unreachable string
	Owner       string // key of the session whose tab it is
	Dialog      *Dialog
	Snapshot    *Snapshot // the current snapshot, nil when none
	// Crashed is set when Chrome's renderer gave up on the document (a
	// page too deep or too big for it); a new document clears it.
	Crashed bool
	// ids tell the snapshot ids the tab issued (CheckSnapshot).
	ids tabIDs
}

// Info returns a copy of the tab's state.
func (t *Tab) Info() TabInfo {
	b := t.b
	b.mu.Lock()
	defer b.mu.Unlock()
	info := TabInfo{
		ID: t.ID, ChromeID: t.ChromeID, URL: t.url, Title: t.title,
		Origin: Origin(t.url), Loading: t.status == "loading", Active: t.active, LoaderID: t.loaderID,
		Unreachable: t.unreachable, Owner: t.owner, Snapshot: t.snapshot, Crashed: t.crashed, ids: b.ids,
	}
	if t.dialog != nil {
		d := *t.dialog
		info.Dialog = &d
	}
	return info
}

// Origin returns scheme://host[:port] of an http(s) URL, or the scheme
// alone ("about:", "chrome:") for others; "" when it cannot be parsed.
func Origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" {
		return ""
	}
	if u.Host == "" {
		return u.Scheme + ":"
	}
	return u.Scheme + "://" + u.Host
}

func (t *Tab) update(pt protocol.Tab) {
	if pt.URL != "" {
		t.url = pt.URL
	}
	t.title = pt.Title
	if pt.Status != "" {
		t.status = pt.Status
	}
	if pt.WindowID != 0 {
		t.windowID = pt.WindowID
	}
	t.active = pt.Active
}

func (t *Tab) detached(reason string) {
	t.attached = false
	t.loaderID = ""
	t.worlds = nil
	t.autoAttach = false
	t.children = nil
	t.snapshot = nil
	t.dialog = nil
	t.sleptLocked()
	t.notify("detached", nil)
}

// decodeDialog reads Page.javascriptDialogOpening's parameters.
func decodeDialog(params json.RawMessage) (*Dialog, bool) {
	var d cdp.JavascriptDialogOpening
	if json.Unmarshal(params, &d) != nil {
		return nil, false
	}
	return &Dialog{Type: d.Type, Message: d.Message, DefaultPrompt: d.DefaultPrompt, FrameURL: d.URL}, true
}

// cdpEvent applies one forwarded CDP event.
func (t *Tab) cdpEvent(method string, params json.RawMessage) {
	switch method {
	case cdp.PageJavascriptDialogOpening:
		if d, ok := decodeDialog(params); ok {
			t.dialog = d
		}
	case cdp.PageJavascriptDialogClosed:
		t.dialog = nil
	case cdp.PageFrameNavigated:
		var ev cdp.FrameNavigated
		decoded := json.Unmarshal(params, &ev) == nil
		if decoded && ev.Frame.ParentID != "" {
			// A child frame's new document: its world is gone.
			t.forgetFrame(ev.Frame.ID)
		}
		if decoded && ev.Frame.ParentID == "" {
			if ev.Frame.LoaderID != t.loaderID {
				// A new document: its isolated worlds and snapshot are gone.
				t.worlds = nil
				t.snapshot = nil
				t.crashed = false
			}
			t.loaderID = ev.Frame.LoaderID
			t.url = ev.Frame.URL
			t.unreachable = ev.Frame.UnreachableURL
			if t.unreachable != "" {
				t.url = t.unreachable // the error page stands for the URL that failed
			}
			t.status = "loading"
			if ev.Type == "BackForwardCacheRestore" {
				// A page restored from the back/forward cache fires no
				// load event: it is already loaded.
				t.status = "complete"
				method = EventRestored
			} else {
				t.notify(EventMainFrameCommitted, nil)
			}
		}
	case cdp.PageNavigatedWithinDocument:
		var ev cdp.NavigatedWithinDocument
		if json.Unmarshal(params, &ev) == nil && ev.URL != "" {
			t.url = ev.URL
		}
	case cdp.PageFrameRequestedNavigation, cdp.PageFrameStartedLoading:
		var ev cdp.FrameRequestedNavigation
		if json.Unmarshal(params, &ev) != nil {
			break
		}
		if method == cdp.PageFrameRequestedNavigation {
			t.formAsked(ev)
		}
		if ev.FrameID == t.frameID {
			t.notify(EventMainFrameNavigating, nil)
		}
	case cdp.NetworkRequestWillBeSent:
		var ev cdp.RequestWillBeSent
		if json.Unmarshal(params, &ev) == nil {
			t.sending(ev)
		}
	case cdp.PageScreencastFrame:
		t.screencastFrame(params)
	case cdp.InputDragIntercepted:
		var ev cdp.DragIntercepted
		if json.Unmarshal(params, &ev) == nil {
			t.dragData = ev.Data
		}
	case cdp.PageFrameStoppedLoading:
		var ev cdp.FrameEvent
		if json.Unmarshal(params, &ev) == nil && ev.FrameID == t.frameID {
			t.notify(EventMainFrameStopped, nil)
		}
	case cdp.PageLoadEventFired:
		t.status = "complete"
	case cdp.TargetAttachedToTarget, cdp.TargetDetachedFromTarget:
		t.targetEvent(method, params)
	case cdp.InspectorTargetCrashed:
		t.crashed = true
		t.worlds = nil
		t.snapshot = nil
	}
	t.notify(method, params)
}

// EventMainFrameNavigating is the event waiters see when the main frame
// starts loading or asks to navigate.
const EventMainFrameNavigating = "main-frame-navigating"

// EventMainFrameCommitted is the event waiters see when the main frame
// commits a new document (its load event comes later).
const EventMainFrameCommitted = "main-frame-committed"

// EventMainFrameStopped is the event waiters see when the main frame
// stops loading: after its load, or when a navigation ended without a new
// document (a download, an empty answer, a navigation cancelled).
const EventMainFrameStopped = "main-frame-stopped"

// EventRestored is the event waiters see for a main-frame navigation that
// restored a page from the back/forward cache.
const EventRestored = "restored-from-cache"

// waiter is one goroutine waiting for an event on a tab.
type waiter struct {
	match func(method string) bool
	ch    chan string // receives the matching method, or "" when the tab is gone
	// record keeps the waiter after a match: it receives every event, and
	// drops those its buffer has no room for.
	record bool
}

func (t *Tab) notify(method string, _ json.RawMessage) {
	kept := t.waiters[:0]
	for _, w := range t.waiters {
		if w.record {
			select {
			case w.ch <- method:
			default:
			}
			kept = append(kept, w)
			continue
		}
		if method == "detached" || w.match(method) {
			w.ch <- method
			continue
		}
		kept = append(kept, w)
	}
	clear(t.waiters[len(kept):])
	t.waiters = kept
}

func (t *Tab) closeWaiters() {
	for _, w := range t.waiters {
		select {
		case w.ch <- "":
		default:
		}
	}
	t.waiters = nil
}

// Record returns every event of the tab from now on, until stop is called
// ("" when the tab is gone). Events beyond its buffer of 256 are dropped.
func (t *Tab) Record() (<-chan string, func()) {
	b := t.b
	return b.addWaiter(t, &waiter{ch: make(chan string, 256), record: true})
}

// Watch registers a waiter for the first event (a CDP method, or one of the
// Event* names) that satisfies match; "" means the tab is gone, "detached"
// that the debugger was detached. Call cancel when done.
func (t *Tab) Watch(match func(string) bool) (<-chan string, func()) {
	b := t.b
	return b.addWaiter(t, &waiter{match: match, ch: make(chan string, 1)})
}

func (b *Browser) addWaiter(t *Tab, w *waiter) (<-chan string, func()) {
	b.mu.Lock()
	t.waiters = append(t.waiters, w)
	b.mu.Unlock()
	return w.ch, func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		t.waiters = slices.DeleteFunc(t.waiters, func(x *waiter) bool { return x == w })
	}
}

// TakeDragData returns, and forgets, the data of the last drag Chrome
// intercepted on the tab (Input.setInterceptDrags); nil when none.
func (t *Tab) TakeDragData() json.RawMessage {
	b := t.b
	b.mu.Lock()
	defer b.mu.Unlock()
	d := t.dragData
	t.dragData = nil
	return d
}

// Browser returns the browser that owns the tab.
func (t *Tab) Browser() *Browser { return t.b }
