package operator

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// Browser is what the hub asks of the browser.
type Browser interface {
	// Release ends a session's access: the debugger leaves its tabs, which
	// are no longer the agent's; closeTabs closes them too.
	Release(ctx context.Context, key string, closeTabs bool) error
	// ShowState shows in the session's tab group what it is doing: one of
	// the Group* states.
	ShowState(ctx context.Context, key, state string) error
}

// What a session's tab group shows.
const (
	GroupIdle    = "idle"
	GroupActing  = "acting"
	GroupPaused  = "paused"
	GroupStopped = "stopped"
	GroupHandoff = "handoff" // a step waits for the person
)

// Interface is one connected control interface. Send must not block: an
// interface that cannot keep up drops itself and reconnects.
type Interface interface {
	Send(Event)
}

// Errors a refused or interrupted call carries (see Admit and Interrupted).
var (
	ErrPaused  = errors.New("the person paused this session")
	ErrStopped = errors.New("the person stopped this session")
	// ErrNoInterface: no control interface that announced ui-commands is
	// connected.
	ErrNoInterface = errors.New("no control interface that accepts ui-commands is connected")
)

// Options configures a hub.
type Options struct {
	// Browser ends sessions' access and shows their state; nil: nothing is
	// shown, and stop only refuses the session's calls.
	Browser Browser
	// IdleAfter is how long a tab group keeps showing that its agent acts
	// after its last call ended, so a run of calls does not flicker; 0
	// means 1.5 s.
	IdleAfter time.Duration
}

// Bounds of what the hub remembers for interfaces that connect later.
const (
	keptOperations = 500
	keptLines      = 300
	keptSessions   = 20 // disconnected sessions beyond these are forgotten
)

// Hub is the operator's view of every session, and the one place the
// person's pause, resume and stop are kept. Its methods are safe for
// concurrent use.
type Hub struct {
	log  *slog.Logger
	opts Options

	mu       sync.Mutex
	sessions map[string]*session
	order    []string // session keys, oldest first
	ops      []Operation
	images   map[string]Image // by session
	lines    []LogLine
	ifaces   map[*Attached]bool
	// holdAll: sessions that connect while "pause --all" holds start paused.
	holdAll bool
	web     *webServer
	closed  bool
}

type session struct {
	SessionView
	running map[string]context.CancelCauseFunc // by operation id
	idleAt  time.Time                          // when the last call ended
	showMu  sync.Mutex                         // one tab-group update at a time
	shown   string                             // what the tab group shows
	answer  chan string                        // the pending handoff's answer, buffered
}

// New returns a hub.
func New(log *slog.Logger, opts *Options) *Hub {
	h := &Hub{log: log, sessions: map[string]*session{}, images: map[string]Image{}, ifaces: map[*Attached]bool{}}
	if opts != nil {
		h.opts = *opts
	}
	if h.opts.IdleAfter == 0 {
		h.opts.IdleAfter = 1500 * time.Millisecond
	}
	return h
}

// Op is a call in progress.
type Op struct {
	h     *Hub
	op    Operation
	start time.Time
}

// Outcome is how a call ended.
type Outcome struct {
	OK      bool
	Code    string
	Message string
	Tab     *Tab
	// ImageMIME and Image are the marked image the result carried, if any.
	ImageMIME string
	Image     []byte
	// Sites are the session's private and read-only sites, as its profile
	// said during the call; nil when it was not read.
	Sites *SiteRules
}

// SiteRules are a session's private and read-only sites (origin patterns).
type SiteRules struct {
	Private, ReadOnly []string
}

// Begin records that a call of the session who started, and returns its
// context: the person's pause or stop cancels it, with ErrPaused or
// ErrStopped as its cause (see Interrupted).
func (h *Hub) Begin(ctx context.Context, who SessionView, op Operation) (context.Context, *Op) {
	ctx, cancel := context.WithCancelCause(ctx)
	start := time.Now()
	op.Session, op.Phase, op.StartedAt = who.Key, PhaseRunning, start.UnixMilli()
	h.mu.Lock()
	s := h.joinLocked(who)
	s.running[op.ID] = cancel
	s.Acting = true
	h.addOpLocked(op)
	h.broadcastLocked(Event{Type: EventSession, Session: s.copy()})
	h.mu.Unlock()
	h.show(s)
	return ctx, &Op{h: h, op: op, start: start}
}

// joinLocked returns the session, registering it on its first call.
func (h *Hub) joinLocked(who SessionView) *session {
	s, ok := h.sessions[who.Key]
	if !ok {
		s = &session{SessionView: who, running: map[string]context.CancelCauseFunc{}, shown: GroupIdle}
		s.Status = Running
		if h.holdAll {
			s.Status = Paused
		}
		h.sessions[who.Key] = s
		h.order = append(h.order, who.Key)
		h.forgetOldLocked()
		h.lineLocked("info", who.Key, "session "+who.Name+" connected")
	} else if !s.Connected {
		h.lineLocked("info", who.Key, "session "+s.Name+" connected again")
	}
	s.Connected = true
	return s
}

// forgetOldLocked drops the oldest disconnected sessions beyond keptSessions.
func (h *Hub) forgetOldLocked() {
	for len(h.order) > keptSessions {
		i := slices.IndexFunc(h.order, func(k string) bool { return !h.sessions[k].Connected })
		if i < 0 {
			return
		}
		key := h.order[i]
		h.order = slices.Delete(h.order, i, i+1)
		delete(h.sessions, key)
		delete(h.images, key)
	}
}

// End records how the call ended.
func (o *Op) End(out Outcome) {
	h := o.h
	op := o.op
	op.Phase, op.OK, op.Code, op.Message = PhaseDone, out.OK, out.Code, out.Message
	op.DurationMS = time.Since(o.start).Milliseconds()
	if out.Tab != nil {
		op.TabID = out.Tab.ID
	}
	h.mu.Lock()
	s := h.sessions[op.Session]
	if s == nil { // forgotten meanwhile
		h.mu.Unlock()
		return
	}
	if cancel := s.running[op.ID]; cancel != nil {
		cancel(nil)
		delete(s.running, op.ID)
	}
	s.Acting = len(s.running) > 0
	s.idleAt = time.Now()
	if out.Tab != nil {
		t := *out.Tab
		s.Tab = &t
	}
	if out.Sites != nil { // (the profile may have been edited since)
		s.Private, s.ReadOnly = out.Sites.Private, out.Sites.ReadOnly
	}
	h.addOpLocked(op)
	h.broadcastLocked(Event{Type: EventSession, Session: s.copy()})
	if len(out.Image) > 0 {
		img := Image{Session: s.Key, Operation: op.ID, TabID: op.TabID, MIME: out.ImageMIME, Data: out.Image}
		h.images[s.Key] = img
		h.broadcastLocked(Event{Type: EventImage, Image: &img})
	}
	h.lineLocked(levelOf(op), s.Key, summary(s.Name, op))
	h.mu.Unlock()
	h.show(s)
}

// addOpLocked records an operation (replacing its running entry once it
// is done) and sends it to every interface.
func (h *Hub) addOpLocked(op Operation) {
	if i := slices.IndexFunc(h.ops, func(o Operation) bool { return o.ID == op.ID }); i >= 0 {
		h.ops[i] = op
	} else {
		h.ops = append(h.ops, op)
		if len(h.ops) > keptOperations {
			h.ops = slices.Delete(h.ops, 0, len(h.ops)-keptOperations)
		}
	}
	h.broadcastLocked(Event{Type: EventOperation, Operation: &op})
}

// Admit says whether the session's calls may run now: ErrPaused or
// ErrStopped when the person said otherwise.
func (h *Hub) Admit(key string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	status := Running
	if s := h.sessions[key]; s != nil {
		status = s.Status
	} else if h.holdAll {
		status = Paused
	}
	switch status {
	case Paused:
		return ErrPaused
	case Stopped:
		return ErrStopped
	}
	return nil
}

// Interrupted returns ErrPaused or ErrStopped when the person's pause or
// stop cancelled ctx (a context from Begin), and nil otherwise.
func Interrupted(ctx context.Context) error {
	if cause := context.Cause(ctx); errors.Is(cause, ErrPaused) || errors.Is(cause, ErrStopped) {
		return cause
	}
	return nil
}

// Left records that a session's client went away.
func (h *Hub) Left(key string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[key]
	if s == nil || !s.Connected {
		return
	}
	s.Connected = false
	h.lineLocked("info", key, "session "+s.Name+" disconnected")
	h.broadcastLocked(Event{Type: EventSession, Session: s.copy()})
}

// Sessions lists the sessions the hub knows, oldest first.
func (h *Hub) Sessions() []SessionView {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.sessionsLocked()
}

func (h *Hub) sessionsLocked() []SessionView {
	out := make([]SessionView, 0, len(h.order))
	for _, k := range h.order {
		out = append(out, *h.sessions[k].copy())
	}
	return out
}

func (s *session) copy() *SessionView {
	c := s.SessionView
	if s.Handoff != nil {
		ho := *s.Handoff
		c.Handoff = &ho
	}
	if s.Tab != nil {
		t := *s.Tab
		c.Tab = &t
	}
	return &c
}

// Note adds a line about a session to the operator's log (level "info" or
// "warn").
func (h *Hub) Note(key, level, text string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lineLocked(level, key, text)
}

// lineLocked adds a line to the operator's log and sends it.
func (h *Hub) lineLocked(level, key, text string) {
	line := LogLine{Time: time.Now().UnixMilli(), Level: level, Session: key, Text: text}
	h.lines = append(h.lines, line)
	if len(h.lines) > keptLines {
		h.lines = slices.Delete(h.lines, 0, len(h.lines)-keptLines)
	}
	h.broadcastLocked(Event{Type: EventLog, Line: &line})
}

// broadcastLocked sends an event to every interface.
func (h *Hub) broadcastLocked(ev Event) {
	for a := range h.ifaces {
		a.i.Send(ev)
	}
}

// stateLocked is everything an interface that connects is told first.
func (h *Hub) stateLocked() Event {
	ev := Event{Type: EventState, Sessions: h.sessionsLocked(), Operations: slices.Clone(h.ops), Log: slices.Clone(h.lines)}
	for _, k := range h.order {
		if img, ok := h.images[k]; ok {
			ev.Images = append(ev.Images, img)
		}
	}
	return ev
}

// groupState is what the session's tab group should show now.
func (h *Hub) groupState(s *session) (state string, recheck time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case s.Status == Stopped:
		return GroupStopped, 0
	case s.Status == Paused:
		return GroupPaused, 0
	case s.Handoff != nil:
		return GroupHandoff, 0
	case s.Acting:
		return GroupActing, 0
	}
	if left := h.opts.IdleAfter - time.Since(s.idleAt); left > 0 {
		return GroupActing, left
	}
	return GroupIdle, 0
}

// show brings the session's tab group up to date, on the side: each update
// is worked out when it is sent, so an older one never lands last.
func (h *Hub) show(s *session) {
	if h.opts.Browser == nil {
		return
	}
	go func() {
		s.showMu.Lock()
		defer s.showMu.Unlock()
		state, recheck := h.groupState(s)
		if recheck > 0 {
			time.AfterFunc(recheck, func() { h.show(s) })
		}
		if state == s.shown {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := h.opts.Browser.ShowState(ctx, s.Key, state); err != nil {
			h.log.Debug("tab group state not shown", "state", state, "err", err)
			return
		}
		s.shown = state
	}()
}

// Close stops the local page and forgets the interfaces.
func (h *Hub) Close() {
	h.mu.Lock()
	web := h.web
	h.web, h.closed = nil, true
	h.ifaces = map[*Attached]bool{}
	h.mu.Unlock()
	if web != nil {
		web.close()
	}
}
