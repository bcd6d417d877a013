//go:build !windows

package cli

import (
	"bufio"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/socket"
)

// operatorHost serves the person's commands on the socket of a fresh
// DIWALL_HOME from a real operator hub with one session, as the host does.
func operatorHost(t *testing.T) operator.SessionView {
	t.Helper()
	t.Setenv("DIWALL_HOME", filepath.Join(t.TempDir(), "h"))
	ln, _, err := socket.Listen(paths.Default().Socket())
	if err != nil {
		t.Fatal(err)
	}
	h := operator.New(slog.New(slog.DiscardHandler), nil)
	t.Cleanup(func() { ln.Close(); h.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			br := bufio.NewReader(conn)
			if operator.IsControl(br) {
				h.ServeControl(t.Context(), br, conn)
			}
			conn.Close()
		}
	}()
	who := operator.SessionView{Key: "0123456789abcdef", Name: "Claude Code", Title: "Claude", Color: "blue"}
	_, op := h.Begin(t.Context(), who, operator.Operation{ID: "op1", Tool: "observe"})
	op.End(operator.Outcome{})
	return who
}

func TestOperatorCommands(t *testing.T) {
	who := operatorHost(t)
	if code, out, errOut := run("sessions"); code != 0 || !strings.Contains(out, "01234567  Claude Code") || !strings.Contains(out, "running") {
		t.Fatalf("sessions: code %d, %q, %q", code, out, errOut)
	}
	if code, out, errOut := run("pause", "--all"); code != 0 || out != "paused: Claude Code (01234567)\n" {
		t.Fatalf("pause --all: code %d, %q, %q", code, out, errOut)
	}
	if code, out, _ := run("sessions"); code != 0 || !strings.Contains(out, "paused") {
		t.Errorf("sessions after pause: %q", out)
	}
	if code, out, errOut := run("resume", who.Key[:8]); code != 0 || out != "running: Claude Code (01234567)\n" {
		t.Fatalf("resume SESSION: code %d, %q, %q", code, out, errOut)
	}
	if code, out, errOut := run("stop", who.Key[:8]); code != 0 || out != "stopped: Claude Code (01234567)\n" {
		t.Fatalf("stop SESSION: code %d, %q, %q", code, out, errOut)
	}
	// The host's refusals reach the person.
	if code, _, errOut := run("resume", "ffff"); code != 1 || !strings.Contains(errOut, "diwall resume:") {
		t.Errorf("resume of no such session: code %d, %q", code, errOut)
	}
	// Errors name the command as the person typed it.
	for _, answer := range []string{"done", "decline"} {
		if code, _, errOut := run("handoff", answer); code != 1 || !strings.HasPrefix(errOut, "diwall handoff "+answer+": no session waits for you") || strings.Contains(errOut, "_") {
			t.Errorf("handoff %s with none pending: code %d, %q", answer, code, errOut)
		}
	}
	if code, out, errOut := run("watch", "--no-open"); code != 0 || !strings.HasPrefix(out, "http://127.0.0.1:") {
		t.Errorf("watch --no-open: code %d, %q, %q", code, out, errOut)
	}
}

func TestOperatorCommandsArguments(t *testing.T) {
	for _, args := range [][]string{
		{"pause", "a", "b"}, {"pause", "--all", "a"}, {"sessions", "x"}, {"watch", "x"}, {"handoff"}, {"handoff", "maybe"},
		{"handoff", "done", "a", "b"}, {"resume", "--close-tabs"},
	} {
		if code, _, errOut := run(args...); code != 2 || errOut == "" {
			t.Errorf("%v: code %d, %q", args, code, errOut)
		}
	}
}

func TestOperatorCommandsWithoutAHost(t *testing.T) {
	t.Setenv("DIWALL_HOME", filepath.Join(t.TempDir(), "h"))
	for _, c := range []struct {
		args []string
		want string // how the error starts: the command as typed
	}{
		{[]string{"sessions"}, "diwall sessions: "},
		{[]string{"pause"}, "diwall pause: "},
		{[]string{"watch"}, "diwall watch: "},
		{[]string{"handoff", "done"}, "diwall handoff done: "},
		{[]string{"handoff", "decline", "abcd"}, "diwall handoff decline: "},
	} {
		if code, _, errOut := run(c.args...); code != 1 || !strings.HasPrefix(errOut, c.want+"no Diwall host is running") {
			t.Errorf("%v: code %d, %q, want it to start %q", c.args, code, errOut, c.want)
		}
	}
}
