package tools

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/internal/policy"
)

// TestWithholdFields: after a handoff, what the page's typed fields hold
// is withheld everywhere the observation shows it; other text stays.
func TestWithholdFields(t *testing.T) {
	v, short, check := "ref 739184", "42", "on"
	o := &observePage{
		Title: "Code ref 739184",
		Tree:  []string{`textbox "Note" [1]: ref 739184`, `spinbutton "Age" [2]: 42`, `"Page 42 of 50"`, `checkbox "Keep" [3]`},
		Elements: []observe.Element{
			{Mark: 1, Role: "textbox", Name: "Note", Value: &v},
			{Mark: 2, Role: "spinbutton", Name: "Age", Value: &short},
			{Mark: 3, Role: "checkbox", Name: "Keep", Value: &check},
		},
	}
	got := withholdFields(o)
	if len(got) != 2 {
		t.Fatalf("withheld %v", got)
	}
	data, _ := json.Marshal(o)
	if strings.Contains(string(data), "739184") || strings.Contains(o.Tree[1], "42") {
		t.Errorf("still there: %s", data)
	}
	if o.Tree[2] != `"Page 42 of 50"` {
		t.Errorf("a short value is withheld on its field's line only: %q", o.Tree[2])
	}
	if o.Elements[2].Value == nil || o.Elements[0].Value != nil {
		t.Errorf("only typed fields lose their value: %+v", o.Elements)
	}
	if withholdFields(nil) != nil || withholdFields(&observePage{}) != nil {
		t.Error("nothing to withhold")
	}
}

// TestHandoffWithNoPerson: a headless browser with no view connected
// answers person_unavailable at once, and the handoff is never shown.
func TestHandoffWithNoPerson(t *testing.T) {
	const key = ownerKey
	b, _ := browserWithTab(t, outsideExtension{})
	prof, _ := policy.Launch().WithSites("http://outside.test")
	srv := New(b, slog.New(slog.DiscardHandler), hosting(b, outsideExtension{}, &Options{Profile: prof, NoPerson: func() bool { return true }}))
	cs := connectAs(t, srv, key)
	env, _ := callJSON(t, cs, "handoff", map[string]any{"reason": "solve the captcha"})
	e, _ := env["server"].(map[string]any)["error"].(map[string]any)
	if env["ok"] != false || e["code"] != "person_unavailable" {
		t.Fatalf("%v", env)
	}
	if srv.opts.Operator.HandedOff(key, "") {
		t.Error("a handoff no one can answer is not shown")
	}
	env, _ = callJSON(t, cs, "handoff", map[string]any{"reason": "  "})
	if e, _ := env["server"].(map[string]any)["error"].(map[string]any); e["code"] != "invalid_argument" {
		t.Errorf("an empty reason: %v", env)
	}
}

// TestElicits: a client may be asked during a call only when it announced
// elicitation on a protocol version that allows the server to ask.
func TestElicits(t *testing.T) {
	caps := &mcp.ClientCapabilities{Elicitation: &mcp.ElicitationCapabilities{}}
	for _, c := range []struct {
		p    *mcp.InitializeParams
		want bool
	}{
		{nil, false},
		{&mcp.InitializeParams{ProtocolVersion: "2025-06-18", Capabilities: caps}, true},
		{&mcp.InitializeParams{ProtocolVersion: "2025-11-25", Capabilities: caps}, true},
		{&mcp.InitializeParams{ProtocolVersion: "2026-07-28", Capabilities: caps}, false},
		{&mcp.InitializeParams{ProtocolVersion: "2025-06-18", Capabilities: &mcp.ClientCapabilities{}}, false},
	} {
		if got := Elicits(c.p); got != c.want {
			t.Errorf("%+v: %v", c.p, got)
		}
	}
}
