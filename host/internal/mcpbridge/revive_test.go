package mcpbridge

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestBridgeGoneAnswersBrowserExited: once the browser is gone for good,
// every call answers browser_exited with the reason, and no host is dialed.
func TestBridgeGoneAnswersBrowserExited(t *testing.T) {
	dialed := false
	cs := startBridgeWith(t, Options{
		Socket:    func() string { dialed = true; return filepath.Join(t.TempDir(), "none.sock") },
		NoBrowser: "start the browser",
		Gone:      func() string { return "Chromium exited three times within a minute: FATAL Socket path too long." },
	})
	code, msg := codeAndMessage(t, cs)
	if code != "browser_exited" || !strings.Contains(msg, "Socket path too long") {
		t.Fatalf("gone: %s %q", code, msg)
	}
	if dialed {
		t.Error("a browser gone for good still had its host dialed")
	}
}

// TestBridgeReviveFailureSaysWhy: with no host, the bridge tries to bring
// the browser back; when that fails, no_browser says what to do, what is
// known of why, and why starting it again failed.
func TestBridgeReviveFailureSaysWhy(t *testing.T) {
	revived := 0
	cs := startBridgeWith(t, Options{
		Socket:    func() string { return filepath.Join(t.TempDir(), "none.sock") },
		NoBrowser: "start the browser.",
		Why:       func() string { return "The extension is too old." },
		Revive: func(context.Context) error {
			revived++
			return errors.New("chromium exited with status 1")
		},
	})
	code, msg := codeAndMessage(t, cs)
	if code != "no_browser" || revived != 1 {
		t.Fatalf("revive failed: %s after %d revivals", code, revived)
	}
	for _, want := range []string{"start the browser.", "The extension is too old.", "Starting it again failed: chromium exited with status 1."} {
		if !strings.Contains(msg, want) {
			t.Errorf("no_browser message %q lacks %q", msg, want)
		}
	}
}

// TestBridgeReviveBringsAHost: a call that finds no host brings the
// browser back and is answered by the host that then serves.
func TestBridgeReviveBringsAHost(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	var stop func() error
	cs := startBridgeWith(t, Options{
		Socket:    func() string { return sock },
		NoBrowser: "start the browser",
		Revive: func(context.Context) error {
			if stop == nil {
				stop = fakeHost(t, sock)
			}
			return nil
		},
	})
	t.Cleanup(func() {
		if stop != nil {
			_ = stop()
		}
	})
	if got := code(t, cs); got != "ok" {
		t.Fatalf("after the browser was brought back: %s", got)
	}
}
