package tools

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
)

// TestActRecordAndFreshSnapshot: through the server, typed text reaches
// the audit log only from a step that ran into a plain field; never the
// host's log nor a result. A failure that brings a fresh observation
// gives its id as server.snapshot_id and names it in the message; a made
// up id is called unknown, an old one no longer current.
func TestActRecordAndFreshSnapshot(t *testing.T) {
	w := newWorld(t)
	_, server, observed, _ := w.call(t, "observe", map[string]any{})
	first := server["snapshot_id"].(string)
	email, password := markOf(t, observed, "Email"), markOf(t, observed, "Password")
	// The page's helpers find each field and take the text; a wait's text
	// never comes.
	w.page.SetOther(func(r browsertest.Request) (any, error) {
		if browsertest.CallOf(r).Global == "__diwallAct" {
			return browsertest.EvalJSON(map[string]any{"x": 10, "y": 40, "kind": "text", "atEnd": true, "empty": true, "focused": true}), nil
		}
		return browsertest.EvalString(""), nil
	})
	var results []string
	act := func(snapshot string, steps any) (map[string]any, string) {
		t.Helper()
		env, res := callJSON(t, w.cs, "act", map[string]any{"snapshot_id": snapshot, "steps": steps})
		for _, c := range res.Content {
			if text, ok := c.(*mcp.TextContent); ok {
				results = append(results, text.Text)
			}
		}
		data, _ := json.Marshal(env)
		results = append(results, string(data))
		server := env["server"].(map[string]any)
		fresh := ""
		if o, ok := server["observation"].(map[string]any); ok {
			fresh = o["snapshot_id"].(string)
		}
		return server, fresh
	}
	message := func(server map[string]any) string {
		e, _ := server["error"].(map[string]any)
		m, _ := e["message"].(string)
		return m
	}

	// Typed into a plain field, into a password field, at a mark the
	// snapshot does not have (which fails the batch), and after it.
	server, fresh := act(first, []map[string]any{
		{"action": "type", "mark": email, "text": "PLAIN-typed-1"},
		{"action": "type", "mark": password, "text": "PLANTED-password"},
		{"action": "type", "mark": 999, "text": "PLANTED-unknown-mark"},
		{"action": "type", "mark": email, "text": "PLANTED-skipped"},
	})
	if errCode(server) != "invalid_argument" || fresh == "" || fresh == first {
		t.Fatalf("a batch with an unknown mark: %v", server)
	}
	if server["snapshot_id"] != fresh || !strings.Contains(message(server), "snapshot_id is "+fresh) {
		t.Errorf("the failure does not lead to its fresh observation %s: snapshot_id %v, %q", fresh, server["snapshot_id"], message(server))
	}

	// The first snapshot is old now; a made-up one was never issued.
	server, fresh2 := act(first, []map[string]any{{"action": "type", "mark": email, "text": "PLANTED-stale"}})
	if errCode(server) != "snapshot_stale" || !strings.Contains(message(server), "no longer current") || server["snapshot_id"] != fresh2 || !strings.Contains(message(server), "snapshot_id is "+fresh2) {
		t.Errorf("an old snapshot: %v", server)
	}
	server, fresh3 := act("zzz", []map[string]any{{"action": "type", "mark": email, "text": "PLANTED-made-up"}})
	if m := message(server); errCode(server) != "snapshot_stale" || !strings.Contains(m, `"zzz" was never issued`) || strings.Contains(m, "no longer current") || server["snapshot_id"] != fresh3 {
		t.Errorf("a made-up snapshot: %v", server)
	}
	// Arguments that do not fit; a wait that fails before a type step.
	act(fresh3, map[string]any{"action": "type", "mark": email, "text": "PLANTED-invalid"})
	server, _ = act(fresh3, []map[string]any{
		{"action": "wait", "text": "Never there", "ms": 50},
		{"action": "type", "mark": email, "text": "PLANTED-after-wait"},
	})
	if errCode(server) != "timeout" || !strings.Contains(message(server), `"Never there" did not appear within 50 ms`) {
		t.Errorf("a wait that failed: %v", server)
	}

	s, err := audit.Read(filepath.Join(w.dir, "sessions", sessionKey+".cbor"))
	if err != nil {
		t.Fatal(err)
	}
	record, _ := json.Marshal(s)
	if !strings.Contains(string(record), "PLAIN-typed-1") {
		t.Errorf("the audit log lacks what ran into a plain field: %s", record)
	}
	for where, text := range map[string]string{"the audit log": string(record), "the host's log": w.logs.String(), "a result": strings.Join(results, "\n")} {
		if strings.Contains(text, "PLANTED") {
			i := strings.Index(text, "PLANTED")
			t.Errorf("%s holds typed text: …%s…", where, text[max(0, i-200):min(len(text), i+60)])
		}
	}
	if strings.Contains(w.logs.String(), "PLAIN-typed-1") || strings.Contains(strings.Join(results, "\n"), "PLAIN-typed-1") {
		t.Error("typed text reached the host's log or a result")
	}
}
