package tools

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/protocol"
)

// answers makes the person answer every question with decision.
func (w *world) answers(t *testing.T, decision string) {
	w.ext.On(protocol.MethodApprovalAsk, func(r browsertest.Request) (any, error) {
		if r.Str("origin") != "https://b.test" {
			t.Errorf("asked about %v", r.Params)
		}
		m, _ := protocol.NewEvent(protocol.EventApprovalAnswered, protocol.ApprovalAnswered{ApprovalID: r.Str("approval_id"), Decision: decision})
		w.asker.Answered(m.Params)
		return map[string]any{}, nil
	})
}

func asking(o *Options) { o.Profile.Ask = true }

// TestTheGateAsksThePerson: a site off the list is asked for when the
// profile says to ask; the answer holds for the session (and "always" is
// written to the profile).
func TestTheGateAsksThePerson(t *testing.T) {
	for _, c := range []struct {
		decision, code, notice string
		remembered             bool
	}{
		{protocol.DecisionDeny, "permission_denied", "", false},
		{protocol.DecisionOnce, "", "for this session", false},
		{protocol.DecisionAlways, "", "from now on", true},
	} {
		var saved []string
		w := newWorldWith(t, "https://b.test/", func(o *Options) {
			asking(o)
			o.Remember = rememberInto(&saved)
		})
		w.answers(t, c.decision)
		for range 2 {
			ok, server, _, _ := w.call(t, "observe", map[string]any{})
			if ok != (c.code == "") || errCode(server) != c.code {
				t.Errorf("%s: %v %v", c.decision, ok, server)
			}
		}
		if n := len(w.ext.Requests(protocol.MethodApprovalAsk)); n != 1 {
			t.Errorf("%s: asked %d times", c.decision, n)
		}
		if c.remembered != (len(saved) == 1 && strings.HasSuffix(saved[0], " https://b.test")) {
			t.Errorf("%s: saved %v", c.decision, saved)
		}
		if c.notice != "" {
			s := auditNotices(t, w)
			if !slices.ContainsFunc(s, func(n string) bool { return strings.Contains(n, c.notice) }) {
				t.Errorf("%s: notices %v", c.decision, s)
			}
		}
	}
}

// TestNobodyToAsk: a headless browser's session is refused at once.
func TestNobodyToAsk(t *testing.T) {
	w := newWorldWith(t, "https://b.test/", func(o *Options) {
		asking(o)
		o.NoPerson = func() bool { return true }
	})
	ok, server, _, _ := w.call(t, "observe", map[string]any{})
	if ok || errCode(server) != "permission_denied" || !strings.Contains(server["error"].(map[string]any)["message"].(string), "diwall profile allow") {
		t.Errorf("%v %v", ok, server)
	}
	if len(w.ext.Requests(protocol.MethodApprovalAsk)) != 0 {
		t.Error("asked with nobody to answer")
	}
}

// TestTheGateRefusesWithoutAsking: a profile that does not ask refuses,
// and says nothing of the page.
func TestTheGateRefusesWithoutAsking(t *testing.T) {
	w := newWorldWith(t, "https://b.test/", nil)
	ok, server, _, res := w.call(t, "observe", map[string]any{})
	if ok || errCode(server) != "origin_not_allowed" || len(res.Content) != 1 || w.page.Runs() != 0 {
		t.Errorf("%v %v, the page read %d times", ok, server, w.page.Runs())
	}
}

// auditNotices are the notices of every call the world's audit log holds.
func auditNotices(t *testing.T, w *world) []string {
	t.Helper()
	s, err := audit.Read(filepath.Join(w.dir, "sessions", sessionKey+".cbor"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range s.Records {
		out = append(out, r.Notices...)
	}
	return out
}

// remembered records the "Always" answers the server would write into a
// profile: "profile pattern" for a site, "profile kind origin" for a kind
// of step, "profile share from to" for a pair of sites.
type remembered struct{ saved *[]string }

func rememberInto(saved *[]string) remembered { return remembered{saved} }

func (r remembered) AllowSite(profile, pattern string) error {
	*r.saved = append(*r.saved, profile+" "+pattern)
	return nil
}

func (r remembered) AllowConfirmed(profile, kind, origin string) error {
	*r.saved = append(*r.saved, profile+" "+kind+" "+origin)
	return nil
}

func (r remembered) AllowShared(profile, from, to string) error {
	*r.saved = append(*r.saved, profile+" share "+from+" "+to)
	return nil
}
