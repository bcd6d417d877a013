package operator

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// waitHandoff waits until the hub shows the session's handoff.
func waitHandoff(t *testing.T, h *Hub, key string) SessionView {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		for _, s := range h.Sessions() {
			if s.Key == key && s.Handoff != nil {
				return s
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the handoff was never shown")
	return SessionView{}
}

func TestHandoffAnswers(t *testing.T) {
	who := SessionView{Key: "0123456789abcdef", Name: "claude"}
	for _, c := range []struct {
		action, session, want string
	}{
		{ActionHandoffDone, "", HandoffDone},
		{ActionHandoffDecline, "claude", HandoffDeclined},
		{ActionHandoffDone, "0123", HandoffDone},
	} {
		h := New(slog.New(slog.DiscardHandler), nil)
		r := &recorder{}
		h.Attach(r, "test")
		if !h.Watched() {
			t.Fatal("an attached interface is a person who may answer")
		}
		got := make(chan string, 1)
		go func() {
			out, err := h.HandOff(context.Background(), who, "  solve the captcha ", "tab-1", time.Minute, nil, "")
			if err != nil {
				t.Error(err)
			}
			got <- out
		}()
		s := waitHandoff(t, h, who.Key)
		if s.Handoff.Reason != "solve the captcha" || s.Handoff.TabID != "tab-1" || s.Handoff.Since == 0 {
			t.Errorf("shown: %+v", s.Handoff)
		}
		if !h.HandedOff(who.Key, "tab-1") || h.HandedOff(who.Key, "tab-2") || h.HandedOff("other", "") {
			t.Error("HandedOff is about the session's tab")
		}
		if _, err := h.HandOff(context.Background(), who, "again", "tab-1", time.Minute, nil, ""); !errors.Is(err, ErrHandoffPending) {
			t.Errorf("a second handoff: %v", err)
		}
		if _, err := h.Control(context.Background(), Message{Type: MessageControl, Action: c.action, Session: c.session}, "the side panel"); err != nil {
			t.Fatal(err)
		}
		if out := <-got; out != c.want {
			t.Errorf("%s: %s, want %s", c.action, out, c.want)
		}
		if h.HandedOff(who.Key, "") {
			t.Error("the handoff is still shown once answered")
		}
		if _, err := h.Control(context.Background(), Message{Type: MessageControl, Action: c.action}, "cli"); err == nil {
			t.Error("an answer with nothing waiting must fail")
		}
		ev, _ := r.last(EventLog)
		if !strings.Contains(ev.Line.Text, "answered the handoff") {
			t.Errorf("log: %q", ev.Line.Text)
		}
	}
}

func TestHandoffTimesOutAndIsInterrupted(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	who := SessionView{Key: "0123456789abcdef", Name: "claude"}
	if out, err := h.HandOff(context.Background(), who, "x", "t", 20*time.Millisecond, nil, ""); err != nil || out != HandoffTimedOut {
		t.Fatalf("%s %v", out, err)
	}
	if h.HandedOff(who.Key, "") {
		t.Fatal("a timed-out handoff is no longer shown")
	}
	// A pause cancels the call's context (Begin): the handoff ends with it.
	ctx, op := h.Begin(context.Background(), who, Operation{ID: "op1", Tool: "handoff"})
	errc := make(chan error, 1)
	go func() {
		_, err := h.HandOff(ctx, who, "x", "t", time.Minute, nil, "")
		errc <- err
	}()
	waitHandoff(t, h, who.Key)
	if _, err := h.Control(context.Background(), Message{Type: MessageControl, Action: ActionPause, Session: who.Key}, "cli"); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; !errors.Is(err, ErrPaused) {
		t.Fatalf("paused: %v", err)
	}
	op.End(Outcome{})
}

func TestHandoffShownInTheTabGroup(t *testing.T) {
	fb := &fakeBrowser{}
	h := New(slog.New(slog.DiscardHandler), &Options{Browser: fb, IdleAfter: time.Millisecond})
	who := SessionView{Key: "0123456789abcdef", Name: "claude"}
	go func() { _, _ = h.HandOff(context.Background(), who, "x", "t", time.Minute, nil, "") }()
	waitHandoff(t, h, who.Key)
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		fb.mu.Lock()
		calls := strings.Join(fb.calls, ",")
		fb.mu.Unlock()
		if strings.Contains(calls, GroupHandoff) {
			h.AnswerHandoff(who.Key, HandoffDone, "test")
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the tab group never showed the handoff")
}

// TestHandoffAnsweredElsewhere: the other place (the MCP client's
// elicitation) is asked once the handoff is shown, so that the command line
// can answer it too, and its answer wins when it comes first.
func TestHandoffAnsweredElsewhere(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	who := SessionView{Key: "0123456789abcdef", Name: "claude"}
	other := make(chan string, 1)
	other <- HandoffDeclined
	shown := func() <-chan string {
		if !h.HandedOff(who.Key, "t") {
			t.Error("the other place was asked before the handoff was shown")
		}
		return other
	}
	if out, err := h.HandOff(context.Background(), who, "x", "t", time.Minute, shown, "the MCP client"); err != nil || out != HandoffDeclined {
		t.Fatalf("%s %v", out, err)
	}
	if h.HandedOff(who.Key, "") {
		t.Error("still shown")
	}
}
