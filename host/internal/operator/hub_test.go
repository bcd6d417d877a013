package operator

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is an interface that keeps what it is sent.
type recorder struct {
	mu     sync.Mutex
	events []Event
}

func (r *recorder) Send(ev Event) {
	r.mu.Lock()
	r.events = append(r.events, ev)
	r.mu.Unlock()
}

func (r *recorder) types() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, ev := range r.events {
		out = append(out, ev.Type)
	}
	return out
}

func (r *recorder) last(typ string) (Event, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.events) - 1; i >= 0; i-- {
		if r.events[i].Type == typ {
			return r.events[i], true
		}
	}
	return Event{}, false
}

// fakeBrowser records what the hub asks of the browser.
type fakeBrowser struct {
	mu    sync.Mutex
	calls []string
}

func (f *fakeBrowser) Release(_ context.Context, key string, closeTabs bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, "release "+key+map[bool]string{true: " close", false: ""}[closeTabs])
	return nil
}

func (f *fakeBrowser) ShowState(_ context.Context, key, state string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, "show "+key+" "+state)
	return nil
}

func (f *fakeBrowser) saw(call string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Contains(f.calls, call)
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(2 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s did not happen", what)
		}
	}
}

var claude = SessionView{Key: "aaaa1111bbbb2222", Name: "Claude", Title: "Diwall · Claude", Color: "blue"}

func TestOperationsReachInterfacesInOrder(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	r := &recorder{}
	h.Attach(r, "test")
	_, op := h.Begin(t.Context(), claude, Operation{ID: "op1", Tool: "observe", Args: []byte(`{}`)})
	op.End(Outcome{OK: true, Tab: &Tab{ID: "t1", URL: "http://x/", Title: "X"}, ImageMIME: "image/jpeg", Image: []byte{1, 2, 3},
		Sites: &SiteRules{Private: []string{"https://mail.test"}, ReadOnly: []string{"https://bank.test"}}})
	got := strings.Join(r.types(), " ")
	want := "state log operation session operation session image log"
	if got != want {
		t.Fatalf("events: %s, want %s", got, want)
	}
	ev, _ := r.last(EventOperation)
	if o := ev.Operation; o.Phase != PhaseDone || !o.OK || o.Session != claude.Key || o.TabID != "t1" {
		t.Errorf("operation: %+v", o)
	}
	ev, _ = r.last(EventSession)
	if s := ev.Session; s.Acting || s.Tab == nil || s.Tab.URL != "http://x/" || s.Status != Running ||
		!slices.Equal(s.Private, []string{"https://mail.test"}) || !slices.Equal(s.ReadOnly, []string{"https://bank.test"}) {
		t.Errorf("session: %+v", s)
	}
	// A late interface gets it all at once.
	late := &recorder{}
	h.Attach(late, "late")
	st, _ := late.last(EventState)
	if len(st.Sessions) != 1 || len(st.Operations) != 1 || len(st.Images) != 1 || len(st.Log) != 2 {
		t.Errorf("state: %+v", st)
	}
}

func TestPauseResumeStop(t *testing.T) {
	fb := &fakeBrowser{}
	h := New(slog.New(slog.DiscardHandler), &Options{Browser: fb, IdleAfter: time.Millisecond})
	ctx, op := h.Begin(t.Context(), claude, Operation{ID: "op1", Tool: "act"})
	waitFor(t, "the tab group shows acting", func() bool { return fb.saw("show " + claude.Key + " acting") })
	if err := h.Admit(claude.Key); err != nil {
		t.Fatal(err)
	}
	changed, err := h.Control(t.Context(), Message{Action: ActionPause, Session: "Claude"}, "test")
	if err != nil || len(changed) != 1 || changed[0].Status != Paused {
		t.Fatalf("pause: %v %v", changed, err)
	}
	if !errors.Is(Interrupted(ctx), ErrPaused) {
		t.Errorf("the running call was not interrupted: %v", context.Cause(ctx))
	}
	op.End(Outcome{Code: "paused_by_user"})
	if !errors.Is(h.Admit(claude.Key), ErrPaused) {
		t.Error("a paused session's call is admitted")
	}
	waitFor(t, "the tab group shows paused", func() bool { return fb.saw("show " + claude.Key + " paused") })
	if _, err := h.Control(t.Context(), Message{Action: ActionResume, Session: "aaaa11"}, "test"); err != nil {
		t.Fatal(err)
	}
	if err := h.Admit(claude.Key); err != nil {
		t.Errorf("resumed: %v", err)
	}
	waitFor(t, "the tab group shows idle", func() bool { return fb.saw("show " + claude.Key + " idle") })
	if _, err := h.Control(t.Context(), Message{Action: ActionStop, Session: claude.Key, CloseTabs: true}, "test"); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(h.Admit(claude.Key), ErrStopped) || !fb.saw("release "+claude.Key+" close") {
		t.Errorf("stop: admit %v, calls %v", h.Admit(claude.Key), fb.calls)
	}
	// A pause does not turn a stopped session into a paused one.
	if _, err := h.Control(t.Context(), Message{Action: ActionPause, All: true}, "test"); err != nil {
		t.Fatal(err)
	}
	if !errors.Is(h.Admit(claude.Key), ErrStopped) {
		t.Error("a stopped session was paused")
	}
	// While "pause --all" holds, a new session starts paused.
	other := SessionView{Key: "cccc3333dddd4444", Name: "Cursor"}
	h.Begin(t.Context(), other, Operation{ID: "op2"})
	if !errors.Is(h.Admit(other.Key), ErrPaused) {
		t.Error("a session that connected during pause --all is not paused")
	}
	if _, err := h.Control(t.Context(), Message{Action: ActionResume, All: true}, "test"); err != nil {
		t.Fatal(err)
	}
	if h.Admit(other.Key) != nil || h.Admit(claude.Key) != nil {
		t.Error("resume --all left a session paused or stopped")
	}
}

func TestSessionSelection(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	h.Begin(t.Context(), claude, Operation{ID: "1"})
	h.Begin(t.Context(), SessionView{Key: "aaaa9999", Name: "Claude"}, Operation{ID: "2"})
	for sel, want := range map[string]string{
		"":          "name a session",
		"Claude":    "names 2 sessions",
		"aaaa":      "names 2 sessions",
		"zzzz":      `no session "zzzz"`,
		"aaaa1111b": "",
		"aaa":       `no session "aaa"`,
	} {
		_, err := h.Control(t.Context(), Message{Action: ActionPause, Session: sel}, "test")
		if (want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", sel, err, want)
		}
	}
	if _, err := h.Control(t.Context(), Message{Action: "explode", All: true}, "test"); err == nil {
		t.Error("an unknown action was accepted")
	}
}

func TestCommandsGoToEveryInterfaceThatAcceptsThem(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	cmd := UICommand{Action: "split_right", SessionKey: claude.Key}
	if err := h.Command(claude.Key, cmd); !errors.Is(err, ErrNoInterface) {
		t.Fatalf("no interface: %v", err)
	}
	plain := &recorder{}
	h.Attach(plain, "plain") // no hello: no ui-commands
	if err := h.Command(claude.Key, cmd); !errors.Is(err, ErrNoInterface) {
		t.Fatalf("an interface without ui-commands: %v", err)
	}
	a, b := &recorder{}, &recorder{}
	for _, r := range []*recorder{a, b} {
		if err := h.Attach(r, "ui").Receive(t.Context(), Message{Type: MessageHello, Capabilities: []string{CapabilityUICommands}}); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Command(claude.Key, cmd); err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*recorder{"a": a, "b": b} {
		ev, ok := r.last(EventUICommand)
		if !ok || *ev.Command != cmd || ev.From != claude.Key {
			t.Errorf("%s: %+v", name, ev)
		}
	}
	if _, ok := plain.last(EventUICommand); ok {
		t.Error("an interface without ui-commands got the command")
	}
}
