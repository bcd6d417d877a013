package tools

import (
	"encoding/json"
	"log/slog"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
)

// TestShownArgsWithholdSecrets: what the operator sees of a call never
// carries text typed into a sensitive field, nor typed text the host
// cannot place, nor a URL's password; everything else is shown.
func TestShownArgsWithholdSecrets(t *testing.T) {
	const key = ownerKey
	b, tab := browserWithTab(t, outsideExtension{})
	tab.SetSnapshot(&browser.Snapshot{ID: "snap1", MarkNode: map[int]int{1: 0, 2: 1}, Sensitive: map[int]bool{2: true}})
	s := New(b, slog.New(slog.DiscardHandler), hosting(b, outsideExtension{}, nil))
	c := &Call{Tool: "act", Client: &Client{hello: SessionHello{Key: key}}, Base: &Base{}}
	c.Client.Select(tab.ID)

	shown := func(tool string, args any) string {
		raw, _ := json.Marshal(args)
		c.Tool = tool
		return string(s.shownArgs(shownArgsOf(t, s, c, raw)))
	}
	steps := []map[string]any{
		{"action": "type", "mark": 1, "text": "alice"},
		{"action": "type", "mark": 2, "text": "hunter2"},
		{"action": "press", "mark": 2, "keys": "x"},
		{"action": "press", "keys": "Enter"},
		{"action": "press", "keys": "Control+A"},
		{"action": "press", "keys": "Shift+Q"},
	}
	got := shown("act", map[string]any{"snapshot_id": "snap1", "steps": steps})
	for _, want := range []string{`"text":"alice"`, `"keys":"Enter"`, `"keys":"Control+A"`} {
		if !strings.Contains(got, want) {
			t.Errorf("act: %s lacks %s", got, want)
		}
	}
	if strings.Contains(got, "hunter2") || strings.Contains(got, `"x"`) || strings.Contains(got, `"Shift+Q"`) {
		t.Errorf("act shows a secret: %s", got)
	}
	// Marks of another snapshot are not placed: no typed text is shown.
	if got := shown("act", map[string]any{"snapshot_id": "old", "steps": steps[:1]}); strings.Contains(got, "alice") {
		t.Errorf("a stale snapshot's typed text is shown: %s", got)
	}
	if got := shown("navigate", map[string]any{"url": "https://bob:pw123@example.com/x"}); strings.Contains(got, "pw123") || !strings.Contains(got, "example.com/x") {
		t.Errorf("navigate: %s", got)
	}
	// A prompt's answer is kept only for an open prompt that asks for no
	// secret; here none is open.
	if got := shown("dialog", map[string]any{"action": "accept", "text": "s3cret"}); strings.Contains(got, "s3cret") {
		t.Errorf("dialog: %s", got)
	}
	// A mark the snapshot does not have is not placed either.
	if got := shown("act", map[string]any{"snapshot_id": "snap1", "steps": []map[string]any{{"action": "type", "mark": 999, "text": "bob"}}}); strings.Contains(got, "bob") {
		t.Errorf("an unknown mark's typed text is shown: %s", got)
	}
	// The audit log keeps, uncut and with numbers, what the operator saw
	// of the rest, and typed text only as far as the call vouches for it
	// (TestRecordKeepsOnlyWhatRanPlain).
	c.Tool, c.typedPlain = "act", map[int]bool{0: true}
	raw, _ := json.Marshal(map[string]any{"snapshot_id": "snap1", "steps": steps})
	audited, _ := json.Marshal(auditArgs(recordedArgsOf(t, s, c, raw)))
	if strings.Contains(string(audited), "hunter2") || strings.Contains(string(audited), `"Shift+Q"`) || !strings.Contains(string(audited), `"alice"`) ||
		!strings.Contains(string(audited), `"Control+A"`) || !strings.Contains(string(audited), `"mark":1`) {
		t.Errorf("audit args: %s", audited)
	}
	c.typedPlain = nil
	if got := shown("login", map[string]any{"credential_id": "gitlab"}); got != `{"credential_id":"gitlab"}` {
		t.Errorf("login: %s", got)
	}
	// Arguments that do not fit the tool's input are withheld whole.
	if got := shown("login", map[string]any{"credential_id": "gitlab", "password": "p0ss"}); strings.Contains(got, "p0ss") || !strings.Contains(got, Withheld) {
		t.Errorf("login with a password: %s", got)
	}
	if got := shown("read", map[string]any{"snapshot_id": "snap1", "query": strings.Repeat("a", 500)}); len(got) > 300 || !strings.Contains(got, "aaa") {
		t.Errorf("a long string is not cut: %s", got)
	}
	if got := string(s.shownArgs(shownArgsOf(t, s, c, json.RawMessage(`{"steps":[`)))); strings.Contains(got, "steps") {
		t.Errorf("malformed arguments: %s", got)
	}
}

// shownArgsOf is what the person sees of arguments raw of the call's tool.
func shownArgsOf(t *testing.T, s *Server, c *Call, raw json.RawMessage) map[string]any {
	t.Helper()
	in, err := decodedFor(t, s, c.Tool, raw)
	if err != nil {
		return withheldInvalid()
	}
	return in.shown(s, c)
}

// recordedArgsOf is what the audit log keeps of arguments raw of the
// call's tool, once the call has run: what was shown before, read again
// by what the call vouches for.
func recordedArgsOf(t *testing.T, s *Server, c *Call, raw json.RawMessage) map[string]any {
	t.Helper()
	in, err := decodedFor(t, s, c.Tool, raw)
	if err != nil {
		return withheldInvalid()
	}
	return in.recorded(c, in.shown(s, c))
}

// decodedFor decodes arguments raw of a tool.
func decodedFor(t *testing.T, s *Server, tool string, raw json.RawMessage) (args, error) {
	t.Helper()
	for _, d := range defs() {
		if d.tool.Name == tool {
			return d.decode(raw)
		}
	}
	t.Fatalf("no tool %s", tool)
	return nil, nil
}
