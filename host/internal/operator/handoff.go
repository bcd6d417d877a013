package operator

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A handoff: the model hands the current step to the person (a captcha, an
// MFA code, terms only they may accept). The hub shows it on the session
// (every interface, the tab group, `diwall sessions`) and waits for the
// person's Done or I can't, from an interface's control message or the
// command line. What the person does in the page never passes here: only
// their answer does.

// ErrHandoffPending is returned when the session already waits for the person.
var ErrHandoffPending = errors.New("this session already handed a step to the person")

// maxReason bounds the model's reason as the person is shown it.
const maxReason = 500

// HandOff shows that the session who handed a step to the person, in the
// tab tabID, and waits for their answer: HandoffDone or HandoffDeclined,
// or HandoffTimedOut once wait has passed. shown, when not nil, is called
// once the handoff is shown, so that every interface and the command line
// can answer it before the person is asked anywhere else; the channel it
// returns, when not nil, is one more place the person may answer (the MCP
// client's elicitation, named by otherName for the log): the first answer
// wins. When ctx ends first (the person paused or stopped the session,
// the client went away) it returns ctx's cause. The handoff is no longer
// shown once it returns.
func (h *Hub) HandOff(ctx context.Context, who SessionView, reason, tabID string, wait time.Duration, shown func() <-chan string, otherName string) (string, error) {
	reason = strings.TrimSpace(reason)
	if r := []rune(reason); len(r) > maxReason {
		reason = string(r[:maxReason]) + "…"
	}
	h.mu.Lock()
	s := h.joinLocked(who)
	if s.Handoff != nil {
		h.mu.Unlock()
		return "", ErrHandoffPending
	}
	answer := make(chan string, 1)
	s.Handoff = &Handoff{Reason: reason, Since: time.Now().UnixMilli(), TabID: tabID}
	s.answer = answer
	h.lineLocked("warn", s.Key, fmt.Sprintf("%s handed a step to the person: %q", s.Name, reason))
	h.broadcastLocked(Event{Type: EventSession, Session: s.copy()})
	h.mu.Unlock()
	h.show(s)
	var other <-chan string
	if shown != nil {
		other = shown()
	}

	timer := time.NewTimer(wait)
	defer timer.Stop()
	var outcome string
	var err error
	var fromOther bool
	select {
	case outcome = <-answer:
	case outcome = <-other:
		fromOther = true
	case <-timer.C:
		outcome = HandoffTimedOut
	case <-ctx.Done():
		err = context.Cause(ctx)
	}
	h.mu.Lock()
	if s.answer == answer {
		s.Handoff, s.answer = nil, nil
	}
	switch {
	case fromOther:
		h.lineLocked("info", s.Key, fmt.Sprintf("%s: the person answered the handoff (%s) from %s", s.Name, outcome, otherName))
	case outcome == HandoffTimedOut:
		h.lineLocked("warn", s.Key, s.Name+": no one answered the handoff in time")
	case err != nil:
		h.lineLocked("info", s.Key, s.Name+": the handoff ended unanswered")
	}
	h.broadcastLocked(Event{Type: EventSession, Session: s.copy()})
	h.mu.Unlock()
	h.show(s)
	return outcome, err
}

// HandedOff reports whether the session waits for the person in the tab
// tabID ("" : in any tab).
func (h *Hub) HandedOff(key, tabID string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.sessions[key]
	return s != nil && s.Handoff != nil && (tabID == "" || s.Handoff.TabID == "" || s.Handoff.TabID == tabID)
}

// Watched reports whether a control interface (the side panel, the local
// page's live feed) is connected: a person may be there to answer.
func (h *Hub) Watched() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.ifaces) > 0
}

// answerHandoff carries the person's answer to the handoff of the session
// m names (or of the one session that waits, when m names none).
func (h *Hub) answerHandoff(m Message, by string) ([]SessionView, error) {
	outcome := HandoffDone
	if m.Action == ActionHandoffDecline {
		outcome = HandoffDeclined
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	var key string
	if m.Session == "" && !m.All {
		var waiting []string
		for _, k := range h.order {
			if h.sessions[k].Handoff != nil {
				waiting = append(waiting, k)
			}
		}
		switch len(waiting) {
		case 0:
			return nil, fmt.Errorf("no session waits for you")
		case 1:
			key = waiting[0]
		default:
			return nil, fmt.Errorf("%d sessions wait for you: name one (%s)", len(waiting), h.namesLocked())
		}
	} else {
		if m.All {
			return nil, fmt.Errorf("answer one session's handoff, not all")
		}
		keys, err := h.selectLocked(m)
		if err != nil {
			return nil, err
		}
		key = keys[0]
	}
	s := h.sessions[key]
	if s.Handoff == nil {
		return nil, fmt.Errorf("the session %s (%s) does not wait for you", s.Name, key[:min(8, len(key))])
	}
	select {
	case s.answer <- outcome:
	default: // answered already; the first answer wins
		return nil, fmt.Errorf("the handoff of %s was answered already", s.Name)
	}
	word := map[string]string{HandoffDone: "done", HandoffDeclined: "I can't"}[outcome]
	h.lineLocked("info", key, fmt.Sprintf("%s: the person answered the handoff (%s) from %s", s.Name, word, by))
	return []SessionView{*s.copy()}, nil
}

// AnswerHandoff gives the person's answer to the session's pending
// handoff from elsewhere than an interface: false when none is pending or
// it was answered already.
func (h *Hub) AnswerHandoff(key, outcome, by string) bool {
	action := ActionHandoffDone
	if outcome == HandoffDeclined {
		action = ActionHandoffDecline
	}
	_, err := h.answerHandoff(Message{Type: MessageControl, Action: action, Session: key}, by)
	return err == nil
}
