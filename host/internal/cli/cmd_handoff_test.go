package cli

import (
	"bytes"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/operator"
)

func TestHandoffUsage(t *testing.T) {
	for _, args := range [][]string{{"handoff"}, {"handoff", "maybe"}, {"handoff", "done", "a", "b"}} {
		if code, _, errOut := run(args...); code != 2 || !strings.Contains(errOut, "done|decline") {
			t.Errorf("%v: %d %q", args, code, errOut)
		}
	}
}

// TestSessionsShowAHandoff: diwall sessions shows a session that waits for
// the person, with the model's reason quoted as its words.
func TestSessionsShowAHandoff(t *testing.T) {
	var b bytes.Buffer
	printSessions(&b, []operator.SessionView{{Key: "0123456789abcdef", Name: "claude", Status: operator.Running, Connected: true,
		Handoff: &operator.Handoff{Reason: "solve the captcha", Since: 1}}})
	out := b.String()
	if !strings.Contains(out, `the model says: "solve the captcha"`) || !strings.Contains(out, "diwall handoff done|decline 01234567") {
		t.Errorf("%q", out)
	}
}
