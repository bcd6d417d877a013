package tools

import (
	"strings"
	"testing"
)

// TestMissingArgumentsSayWhatToGive: an argument missing, or two that
// contradict each other, is refused with words that say what to give.
func TestMissingArgumentsSayWhatToGive(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct {
		tool string
		args map[string]any
		says []string
	}{
		{"navigate", map[string]any{}, []string{"navigate needs url", "back, forward or reload"}},
		{"navigate", map[string]any{"url": "https://a.test/", "action": "reload"}, []string{"not both", "url (to load a page)"}},
		{"tabs", map[string]any{"action": "select"}, []string{"select needs a tab_id"}},
		{"downloads", map[string]any{"action": "read"}, []string{"read needs download_id"}},
		{"downloads", map[string]any{"action": "wait", "timeout_ms": -1}, []string{"give the milliseconds"}},
		{"handoff", map[string]any{"reason": ""}, []string{"Say in reason what the person should do"}},
		{"act", map[string]any{"snapshot_id": "s", "steps": []map[string]any{{"action": "wait"}}}, []string{"wait needs ms, text or navigation"}},
		{"act", map[string]any{"snapshot_id": "s", "steps": []map[string]any{{"action": "wait", "text": "x", "navigation": true}}}, []string{"not both"}},
		{"act", map[string]any{"snapshot_id": "s", "steps": []map[string]any{}}, []string{"Give between 1 and 50 steps"}},
		{"read", map[string]any{}, []string{"give snapshot_id"}},
	} {
		ok, server, _, _ := w.call(t, c.tool, c.args)
		e, _ := server["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if ok || errCode(server) != "invalid_argument" {
			t.Errorf("%s %v: ok=%v %v", c.tool, c.args, ok, server["error"])
			continue
		}
		for _, want := range c.says {
			if !strings.Contains(msg, want) {
				t.Errorf("%s %v: %q, want %q in it", c.tool, c.args, msg, want)
			}
		}
	}
}
