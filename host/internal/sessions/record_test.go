package sessions

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/protocol"
)

// TestRecordAcrossHosts: a host that ends with sessions connected leaves
// them to the next host, which gives each its tab group back and tells it
// the tabs it lost, once.
func TestRecordAcrossHosts(t *testing.T) {
	const k1, k2, k3 = "0123456789abcdef0123456789abcdef", "fedcba9876543210fedcba9876543210", "00112233445566778899aabbccddeeff"
	state := t.TempDir()
	type host struct {
		*Registry
		b *browser.Browser
	}
	newHost := func() host {
		e := browsertest.New()
		b, err := browser.New(e, slog.New(slog.DiscardHandler), state)
		if err != nil {
			t.Fatal(err)
		}
		r := New(b, e, slog.New(slog.DiscardHandler))
		r.Record(state)
		t.Cleanup(r.StopRecording) // before the folder is removed
		return host{r, b}
	}
	ctx := context.Background()

	first := newHost()
	s1 := first.Connect(k1, "Claude")
	first.Connect(k2, "Claude")
	first.Connect(k3, "Other")
	if err := first.b.Restore(ctx, protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: 5, Session: k1}, {TabID: 6, Session: k1}}}); err != nil {
		t.Fatal(err)
	}
	first.Disconnect(ctx, k3) // it left: the next host knows nothing of it
	if err := first.syncSessions(ctx); err != nil {
		t.Fatal(err)
	}
	first.StopRecording()
	first.Disconnect(ctx, k2) // after the host stopped recording: still recorded
	data, _ := os.ReadFile(filepath.Join(state, recordName))
	for _, k := range []string{k1, k2, k3} {
		if strings.Contains(string(data), k) {
			t.Fatalf("the record holds a session key: %s", data)
		}
	}

	// The browser restarted with tab 5 alone (the extension remembered
	// it); the sessions reconnect in another order.
	second := newHost()
	if err := second.b.Restore(ctx, protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: 5, Session: k1}}}); err != nil {
		t.Fatal(err)
	}
	newcomer := second.Connect(k3, "Claude") // a new session of the same client
	r2 := second.Connect(k2, "Claude")
	r1 := second.Connect(k1, "Claude")
	if r1.Title != s1.Title || r1.Color != s1.Color || r2.Title != "Diwall · Claude 2" {
		t.Errorf("tab groups after reconnecting: %q %q, %q; before %q %q", r1.Title, r1.Color, r2.Title, s1.Title, s1.Color)
	}
	if newcomer.Title == s1.Title || newcomer.Title == r2.Title {
		t.Errorf("a new session took a title the last host's sessions may come back for: %q", newcomer.Title)
	}
	rc := second.TakeReconnection(k1)
	if rc == nil || !slices.Equal(rc.Lost, []string{second.b.OpaqueID(6)}) || rc.Cause != "" {
		t.Fatalf("k1's reconnection: %+v", rc)
	}
	if again := second.TakeReconnection(k1); again != nil {
		t.Errorf("said twice: %+v", again)
	}
	if rc := second.TakeReconnection(k2); rc != nil {
		t.Errorf("k2 had no tabs and there is no cause: %+v", rc)
	}
	if rc := second.TakeReconnection(k3); rc != nil {
		t.Errorf("a session that had left: %+v", rc)
	}

	// The launched browser was started again: every session is told.
	if err := second.syncSessions(ctx); err != nil {
		t.Fatal(err)
	}
	second.StopRecording()
	third := newHost()
	third.SetCause("the browser Diwall launched exited (signal: killed)")
	third.Connect(k2, "Claude")
	if rc := third.TakeReconnection(k2); rc == nil || rc.Cause == "" || len(rc.Lost) != 0 {
		t.Errorf("k2 after a restart: %+v", rc)
	}
	third.Connect(k1, "Claude")
	if rc := third.TakeReconnection(k1); rc == nil || !slices.Equal(rc.Lost, []string{third.b.OpaqueID(5)}) {
		t.Errorf("k1 after a restart: %+v", rc)
	}
}
