package tools

import (
	"encoding/json"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/internal/policy"
)

// TestEveryCallIsAudited: each call, failed or not, is one record with its
// outcome; typed text is withheld unless the field is known not to be
// sensitive, and a prompt's answer is withheld when no dialog vouches for it.
func TestEveryCallIsAudited(t *testing.T) {
	dir := t.TempDir()
	log, err := audit.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := browser.New(noExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	const key = "0123456789abcdef0123456789abcdef"
	cs := connectAs(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, &Options{Profile: policy.Launch(), Audit: log})), key)

	const typed = "hunter2-typed"
	callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	callJSON(t, cs, "act", map[string]any{"snapshot_id": "s", "steps": []map[string]any{
		{"action": "type", "mark": 1, "text": typed}, {"action": "wait", "text": "Done"}}})
	callJSON(t, cs, "act", map[string]any{"snapshot_id": "s", "bogus": true, "steps": []map[string]any{{"action": "type", "mark": 1, "text": typed}}})
	callJSON(t, cs, "dialog", map[string]any{"action": "accept", "text": typed})
	callJSON(t, cs, "login", map[string]any{"credential_id": "work"})

	s, err := audit.Read(filepath.Join(dir, "sessions", key+".cbor"))
	if err != nil {
		t.Fatal(err)
	}
	var tools, outcomes []string
	for _, r := range s.Records {
		tools, outcomes = append(tools, r.Tool), append(outcomes, r.Outcome)
		if r.Session != key || len(r.OperationID) != 32 || r.Start.IsZero() || r.Profile != "launch" {
			t.Errorf("record %+v", r)
		}
		data, _ := json.Marshal(r)
		if strings.Contains(string(data), typed) {
			t.Errorf("%s: the record keeps typed text: %s", r.Tool, data)
		}
	}
	if got := strings.Join(tools, " "); got != "tabs act act dialog login" {
		t.Errorf("tools %s", got)
	}
	if got := strings.Join(outcomes, " "); got != "ok tab_gone invalid_argument tab_gone tab_gone" {
		t.Errorf("outcomes %s", got)
	}
	steps := s.Records[1].Args["steps"].([]any)
	if steps[0].(map[string]any)["text"] != audit.Withheld || steps[1].(map[string]any)["text"] != "Done" || steps[0].(map[string]any)["mark"] != uint64(1) {
		t.Errorf("act args %v", s.Records[1].Args)
	}
}
