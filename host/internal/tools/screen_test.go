package tools

import (
	"log/slog"
	"slices"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
)

// connectUI serves srv to a client that announces ui-commands or not.
func connectUI(t *testing.T, srv *Server, ui bool) *mcp.ClientSession {
	t.Helper()
	exp := map[string]any{SessionCapability: SessionHello{Key: "0123456789abcdef0123456789abcdef"}}
	if ui {
		exp[operator.CapabilityUICommands] = map[string]any{}
	}
	return serve(t, srv, exp)
}

// TestScreenIsOfferedAndChecked: screen is listed only to a client that
// announces ui-commands under a profile with operator_write, and its
// arguments are checked before any view is asked.
func TestScreenIsOfferedAndChecked(t *testing.T) {
	b, _ := browser.New(noExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	writes := policy.Launch()
	writes.OperatorWrite = true
	listed := func(cs *mcp.ClientSession) bool {
		res, err := cs.ListTools(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return slices.ContainsFunc(res.Tools, func(tool *mcp.Tool) bool { return tool.Name == "screen" })
	}
	if listed(connectUI(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, &Options{Profile: writes})), false)) {
		t.Error("screen is listed to a client without ui-commands")
	}
	if listed(connectUI(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, &Options{Profile: policy.Launch()})), true)) {
		t.Error("screen is listed under a profile without operator_write")
	}
	cs := connectUI(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, &Options{Profile: writes})), true)
	if !listed(cs) {
		t.Fatal("screen is not listed to a client that may use it")
	}
	for _, c := range []struct {
		args map[string]any
		code string
	}{
		{map[string]any{"action": "sidebar_show", "sessionKey": "0123456789abcdef0123456789abcdef"}, "invalid_argument"},
		{map[string]any{"action": "focus", "dock": "right"}, "invalid_argument"},
		{map[string]any{"action": "sidebar_hide", "dock": "right"}, "invalid_argument"},
		{map[string]any{"action": "focus", "sessionKey": "ffffffffffffffffffffffffffffffff"}, "invalid_argument"},
		{map[string]any{"action": "terminal_show", "dock": "bottom"}, string(toolerr.CodeUnavailable)},
		{map[string]any{"action": "focus"}, string(toolerr.CodeUnavailable)},
	} {
		env, _ := callJSON(t, cs, "screen", c.args)
		if got := errCode(env["server"].(map[string]any)); got != c.code {
			t.Errorf("screen %v: %q, want %q", c.args, got, c.code)
		}
	}
}
