package nativehost

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/socket"
	"github.com/diwall/diwall/protocol"
)

// runWithHello runs a host whose extension says hello with version v, and
// returns the host's end once it serves or ends.
func runWithHello(t *testing.T, state, v string) (closeExt func(), done chan error, sock string) {
	t.Helper()
	hostIn, extOut := io.Pipe()
	extIn, hostOut := io.Pipe()
	go func() { _, _ = io.Copy(io.Discard, extIn) }() // whatever the host asks, unanswered
	ext := protocol.NewConn(nil, extOut, &protocol.ConnOptions{WriteMax: protocol.MaxFromExtension})
	sock = filepath.Join(state, "diwall.sock")
	ready := make(chan struct{})
	done = make(chan error, 1)
	go func() {
		done <- Run(context.Background(), Options{
			Stdin: hostIn, Stdout: hostOut, SocketPath: sock, StateDir: state,
			Log: slog.New(slog.DiscardHandler), ExtensionVersion: "0.1.0",
			Ready: func() { close(ready) },
		})
	}()
	hello, err := protocol.NewEvent(protocol.EventHello, protocol.Hello{ExtensionVersion: v, UserAgent: "HeadlessChrome"})
	if err != nil {
		t.Fatal(err)
	}
	if err := ext.Write(hello); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ready:
	case err := <-done:
		done <- err
	case <-time.After(10 * time.Second):
		t.Fatal("the host neither served nor ended")
	}
	return func() { extOut.Close(); extIn.Close() }, done, sock
}

func TestHostRefusesAnotherMajorVersion(t *testing.T) {
	state := t.TempDir()
	closeExt, done, sock := runWithHello(t, state, "1.0.0")
	defer closeExt()
	err := <-done
	if err == nil || !strings.Contains(err.Error(), "version 1.0.0") || !strings.Contains(err.Error(), "major version 0") {
		t.Fatalf("Run = %v, want a refusal naming both versions", err)
	}
	if socket.Alive(sock) {
		t.Error("a refused extension's host serves MCP")
	}
	r, ok := hoststatus.LastRefusal(state)
	if !ok || r.ExtensionVersion != "1.0.0" || !strings.Contains(r.Message, "diwall install") {
		t.Errorf("refusal recorded = %+v, %v", r, ok)
	}
}

func TestHostRecordsItsStatusWhileServing(t *testing.T) {
	state := t.TempDir()
	if err := hoststatus.Refuse(state, hoststatus.Refusal{Message: "an older refusal"}); err != nil {
		t.Fatal(err)
	}
	closeExt, done, sock := runWithHello(t, state, "0.3.2")
	if !socket.Alive(sock) {
		t.Fatal("the host does not serve")
	}
	recs := hoststatus.Running(state)
	if len(recs) != 1 || recs[0].ExtensionVersion != "0.3.2" || recs[0].Socket != sock {
		t.Errorf("status = %+v", recs)
	}
	if _, ok := hoststatus.LastRefusal(state); ok {
		t.Error("a compatible extension left the old refusal")
	}
	closeExt()
	if err := <-done; err != nil {
		t.Fatalf("Run = %v", err)
	}
	if recs := hoststatus.Running(state); len(recs) != 0 {
		t.Errorf("status left after the host ended: %+v", recs)
	}
}
