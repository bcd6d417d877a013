package mcpbridge

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/host/internal/tools"
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

// TestBridgeRevivesWhenTheHostLosesItsBrowser: a host whose browser died
// answers no_browser (the call in flight when it died) and ends; the next
// call then brings the browser back, as one that found no host does, and
// is answered by the new host. A host that answers no_browser and goes on
// serving is asked again.
func TestBridgeRevivesWhenTheHostLosesItsBrowser(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "d.sock")
	var old func()
	old = fakeMCPHost(t, sock, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		go old() // the host ends with its browser
		return tools.ErrorResult("tabs", toolerr.CodeNoBrowser, "The browser extension disconnected."), nil
	})
	revived := 0
	cs := startBridgeWith(t, Options{
		Socket:    func() string { return sock },
		NoBrowser: "start the browser",
		Revive: func(context.Context) error {
			revived++
			fakeMCPHost(t, sock, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return tools.ErrorResult("tabs", toolerr.CodeTabGone, "answered by the new host"), nil
			})
			return nil
		},
	})
	if got := code(t, cs); got != "no_browser" || revived != 0 {
		t.Fatalf("the call in flight: %s, %d revivals", got, revived)
	}
	if got, msg := codeAndMessage(t, cs); got != "tab_gone" || revived != 1 {
		t.Fatalf("the next call: %s %q, %d revivals", got, msg, revived)
	}

	// A host that stays: asked again.
	sock2 := filepath.Join(t.TempDir(), "e.sock")
	asked := 0
	fakeMCPHost(t, sock2, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		asked++
		return tools.ErrorResult("tabs", toolerr.CodeNoBrowser, "The browser extension disconnected."), nil
	})
	cs2 := startBridgeWith(t, Options{
		Socket:    func() string { return sock2 },
		NoBrowser: "start the browser",
		Revive:    func(context.Context) error { t.Error("revived while its host serves"); return nil },
	})
	for range 2 {
		if got := code(t, cs2); got != "no_browser" {
			t.Fatalf("a host that stays: %s", got)
		}
	}
	if asked != 2 {
		t.Fatalf("the host that stays was asked %d times, want 2", asked)
	}
}
