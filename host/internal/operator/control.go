package operator

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Control carries out the person's pause, resume or stop, from an
// interface's button or the command line (by says which, for the log), and
// returns the sessions it changed.
//
// m.Session selects one session: its key, a unique start of its key (at
// least 4 characters), or its client's name or tab group's title when
// only one session has it. m.All selects every session; a pause of all
// also holds the sessions that connect until "resume --all".
func (h *Hub) Control(ctx context.Context, m Message, by string) ([]SessionView, error) {
	var to Status
	switch m.Action {
	case ActionPause:
		to = Paused
	case ActionResume:
		to = Running
	case ActionStop:
		to = Stopped
	case ActionHandoffDone, ActionHandoffDecline:
		return h.answerHandoff(m, by)
	default:
		return nil, fmt.Errorf("unknown action %q: want pause, resume, stop, handoff_done or handoff_decline", m.Action)
	}
	h.mu.Lock()
	keys, err := h.selectLocked(m)
	if err != nil {
		h.mu.Unlock()
		return nil, err
	}
	if m.All {
		h.holdAll = to == Paused
	}
	var changed []*session
	for _, k := range keys {
		s := h.sessions[k]
		if to == Paused && s.Status == Stopped {
			continue // a stopped session stays stopped until resumed
		}
		s.Status = to
		if cause := map[Status]error{Paused: ErrPaused, Stopped: ErrStopped}[to]; cause != nil {
			for _, cancel := range s.running {
				cancel(cause)
			}
		}
		changed = append(changed, s)
		h.lineLocked("warn", k, fmt.Sprintf("%s %s by %s", s.Name, pastTense(m.Action, m.CloseTabs), by))
		h.broadcastLocked(Event{Type: EventSession, Session: s.copy()})
	}
	h.mu.Unlock()

	out := make([]SessionView, 0, len(changed))
	for _, s := range changed {
		if to == Stopped && h.opts.Browser != nil {
			rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			if err := h.opts.Browser.Release(rctx, s.Key, m.CloseTabs); err != nil {
				h.log.Warn("stopping a session: its tabs were not all released", "err", err)
			}
			cancel()
		}
		h.show(s)
		h.mu.Lock()
		out = append(out, *s.copy())
		h.mu.Unlock()
	}
	h.log.Info("operator control", "action", m.Action, "all", m.All, "sessions", len(out), "by", by)
	return out, nil
}

func pastTense(action string, closeTabs bool) string {
	switch action {
	case ActionPause:
		return "paused"
	case ActionResume:
		return "resumed"
	}
	if closeTabs {
		return "stopped (its tabs closed)"
	}
	return "stopped"
}

// selectLocked finds the sessions a control message names.
func (h *Hub) selectLocked(m Message) ([]string, error) {
	if m.All {
		if m.Session != "" {
			return nil, fmt.Errorf("name one session or all of them, not both")
		}
		var keys []string
		for _, k := range h.order {
			if h.sessions[k].Connected {
				keys = append(keys, k)
			}
		}
		return keys, nil
	}
	want := strings.TrimSpace(m.Session)
	if want == "" {
		return nil, fmt.Errorf("name a session (%s) or all of them", h.namesLocked())
	}
	if _, ok := h.sessions[want]; ok {
		return []string{want}, nil
	}
	var found []string
	for _, k := range h.order {
		s := h.sessions[k]
		if len(want) >= 4 && strings.HasPrefix(k, strings.ToLower(want)) ||
			strings.EqualFold(s.Name, want) || strings.EqualFold(s.Title, want) {
			found = append(found, k)
		}
	}
	switch len(found) {
	case 1:
		return found, nil
	case 0:
		return nil, fmt.Errorf("no session %q; the sessions are: %s", want, h.namesLocked())
	}
	return nil, fmt.Errorf("%q names %d sessions: give the key of one (%s)", want, len(found), h.namesLocked())
}

// namesLocked lists the sessions for a message: key, name and status.
func (h *Hub) namesLocked() string {
	if len(h.order) == 0 {
		return "none is connected"
	}
	parts := make([]string, 0, len(h.order))
	for _, k := range h.order {
		s := h.sessions[k]
		state := string(s.Status)
		if !s.Connected {
			state += ", disconnected"
		}
		parts = append(parts, fmt.Sprintf("%s %q (%s)", k[:min(8, len(k))], s.Name, state))
	}
	return strings.Join(parts, ", ")
}

// levelOf is the log level of an ended operation.
func levelOf(op Operation) string {
	if op.OK {
		return "info"
	}
	return "warn"
}

// summary is an ended operation as one line of the log.
func summary(name string, op Operation) string {
	if op.OK {
		return fmt.Sprintf("%s: %s ok in %d ms", name, op.Tool, op.DurationMS)
	}
	return fmt.Sprintf("%s: %s failed in %d ms: %s", name, op.Tool, op.DurationMS, op.Code)
}
