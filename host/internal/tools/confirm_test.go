package tools

import (
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// TestAskStep: a step of a kind the profile confirms is asked about in the
// approval window, with its kind, action, element and detail; deny and no
// answer refuse it with permission_denied, no person at all with
// person_unavailable (without asking); "always" is written to the profile
// and not asked again in the session; every question is in the audit log
// with its answer.
func TestAskStep(t *testing.T) {
	for _, c := range []struct {
		name, decision string // "" means the person never answers
		noPerson       bool
		code           string
		outcome        string
	}{
		{name: "once", decision: protocol.DecisionOnce, outcome: "once"},
		{name: "always", decision: protocol.DecisionAlways, outcome: "always"},
		{name: "deny", decision: protocol.DecisionDeny, code: "permission_denied", outcome: "deny"},
		{name: "no answer", code: "permission_denied", outcome: "no_answer"},
		{name: "no person", noPerson: true, code: "person_unavailable", outcome: "person_unavailable"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var saved []string
			var asked []browsertest.Request
			w := newWorldWith(t, "https://b.test/", func(o *Options) {
				o.Remember = rememberInto(&saved)
				o.NoPerson = func() bool { return c.noPerson }
			})
			w.ext.On(protocol.MethodApprovalAsk, func(r browsertest.Request) (any, error) {
				asked = append(asked, r)
				if c.decision != "" {
					m, _ := protocol.NewEvent(protocol.EventApprovalAnswered, protocol.ApprovalAnswered{ApprovalID: r.Str("approval_id"), Decision: c.decision})
					w.asker.Answered(m.Params)
				}
				return map[string]any{}, nil
			})
			log, err := audit.Open(w.dir)
			if err != nil {
				t.Fatal(err)
			}
			srv := New(w.b, slog.New(slog.DiscardHandler), hosting(w.b, w.ext, &Options{Remember: rememberInto(&saved), NoPerson: func() bool { return c.noPerson }, Audit: log, Asker: w.asker}))
			st := &Client{hello: SessionHello{Key: sessionKey, Client: "Claude"}}
			prof := policy.Default()
			prof.Name = "shop"
			q := act.Question{Kinds: []string{"purchase", "submit"}, Step: 2, Action: "click", Mark: 7, Role: "button", Name: strings.Repeat("Pay ", 200)}
			ask := func() error {
				ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
				defer cancel()
				return srv.askStep(ctx, stepAsk{st: st, profile: prof, tab: w.tab, origin: "https://b.test", q: q, noImage: true})
			}
			err = ask()
			if got := codeOf(err); got != c.code {
				t.Fatalf("code %q, want %q (%v)", got, c.code, err)
			}
			if c.noPerson != (len(asked) == 0) {
				t.Fatalf("asked %d times", len(asked))
			}
			if !c.noPerson {
				step, _ := asked[0].Params["step"].(map[string]any)
				if asked[0].Str("client") != "Claude" || asked[0].Str("origin") != "https://b.test" || step["kind"] != "purchase" ||
					step["action"] != "click" || step["role"] != "button" || len(step["name"].(string)) != protocol.MaxApprovalText {
					t.Errorf("asked %v", asked[0].Params)
				}
			}
			if c.decision == protocol.DecisionAlways {
				if strings.Join(saved, ";") != "shop purchase https://b.test;shop submit https://b.test" {
					t.Errorf("saved %v", saved)
				}
				if err := ask(); err != nil || len(asked) != 1 {
					t.Errorf("asked again after always: %v, %d", err, len(asked))
				}
			} else if len(saved) != 0 {
				t.Errorf("saved %v", saved)
			}
			s, err := audit.Read(filepath.Join(w.dir, "sessions", sessionKey+".cbor"))
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Records) != 1 || s.Records[0].Tool != "confirm" || s.Records[0].Outcome != c.outcome || s.Records[0].Origin != "https://b.test" {
				t.Fatalf("audit %+v", s.Records)
			}
		})
	}
}

func codeOf(err error) string {
	if err == nil {
		return ""
	}
	return string(toolerr.From(err).Code)
}
