package tools

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"unicode/utf8"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

// What the person sees of a call's arguments, in the operator's view and
// in the audit log alike (one rule, applied once per call before it
// runs, to the arguments decoded into the tool's input): all of them, but
// never a secret. What a step types into the page (act.Step.Withhold:
// type's text, press's keys that type a character) into a sensitive field
// is withheld, and so is typed text whenever the host cannot tell the
// field is not sensitive (a mark of another snapshot, a key sent to
// whatever has the focus); a prompt's answer unless the prompt asks for no
// secret; a URL's user and password. Arguments that do not fit the tool's
// input are withheld whole. login's input is a credential id only. The
// operator's view also cuts long strings.

// Withheld replaces what may not be kept or shown.
const Withheld = audit.Withheld

// shownStringMax bounds one string of the arguments the operator sees.
const shownStringMax = 200

// withholding is a tool's input that withholds its own secrets, on a copy
// of itself, before the person sees it.
type withholding interface{ withhold(s *Server, c *Call) }

// withheldInvalid is what the person sees of arguments that do not fit the
// tool's input: the host cannot tell what in them is a secret. (A map of
// its own for each call: the audit log rewrites its numbers in place.)
func withheldInvalid() map[string]any {
	return map[string]any{"arguments": Withheld + " (they do not fit the tool's input)"}
}

// shownInput returns a call's decoded input with every secret withheld,
// as a JSON object (numbers as json.Number). It is called before the call
// runs: marks are read against the snapshot they were chosen from, a
// prompt against the dialog open then.
func shownInput[In any](s *Server, c *Call, in In) map[string]any {
	if w, ok := any(&in).(withholding); ok { // in is a copy: the call runs on its own
		w.withhold(s, c)
	}
	data, err := json.Marshal(in)
	if err != nil {
		return withheldInvalid()
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var shown map[string]any
	if dec.Decode(&shown) != nil {
		return withheldInvalid()
	}
	return withholdURLUsers(shown).(map[string]any)
}

// withhold withholds each step's typed text or keys unless its mark is
// known not to be a sensitive field.
func (in *actIn) withhold(s *Server, c *Call) {
	secret := s.secretMarks(c, in.TabID, in.SnapshotID)
	in.Steps = slices.Clone(in.Steps)
	for i := range in.Steps {
		st := &in.Steps[i]
		if safe := secret != nil && st.Mark > 0 && !secret[st.Mark]; !safe {
			st.Withhold(Withheld)
		}
	}
}

// withhold withholds a prompt's answer unless the prompt asks for no
// secret.
func (in *dialogIn) withhold(s *Server, c *Call) {
	if in.Text != "" && !s.plainPrompt(c, in.TabID) {
		in.Text = Withheld
	}
}

// shownArgs is withheldArgs as the operator's view shows them: JSON, long
// strings cut.
func (s *Server) shownArgs(args map[string]any) json.RawMessage {
	if args == nil {
		return json.RawMessage("{}")
	}
	data, err := json.Marshal(cut(args))
	if err != nil {
		return json.RawMessage("{}")
	}
	return data
}

// callTab is the tab a call's arguments name (tab_id), or the session's
// selected one.
func (s *Server) callTab(c *Call, tabID string) (*browser.Tab, bool) {
	if tabID == "" {
		tabID = c.Client.Selected()
	}
	return s.b.Lookup(c.Client.Key(), tabID)
}

// plainPrompt says whether the dialog open on the call's tab is a prompt
// that asks for no secret, so that its answer may be kept.
func (s *Server) plainPrompt(c *Call, tabID string) bool {
	t, ok := s.callTab(c, tabID)
	if !ok {
		return false
	}
	d := t.Info().Dialog
	return d != nil && !observe.Sensitive(observe.Cues{Label: d.Message})
}

// secretMarks returns, for an act, which marks of its snapshot are
// sensitive fields; nil when the snapshot is not the tab's current one
// (then no mark is known to be safe).
func (s *Server) secretMarks(c *Call, tabID, snapshotID string) map[int]bool {
	t, ok := s.callTab(c, tabID)
	if !ok {
		return nil
	}
	snap := t.Info().Current(snapshotID)
	if snap == nil {
		return nil
	}
	if snap.Sensitive == nil {
		return map[int]bool{}
	}
	return snap.Sensitive
}

// withholdURLUsers withholds a URL's user and password, everywhere in v.
func withholdURLUsers(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = withholdURLUsers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = withholdURLUsers(e)
		}
	case string:
		if u, err := url.Parse(x); err == nil && u.User != nil && u.Host != "" {
			u.User = url.User("withheld")
			return u.String()
		}
	}
	return v
}

// cut returns v with long strings shortened (a copy: v is left as it is).
func cut(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = cut(e)
		}
		return m
	case []any:
		l := make([]any, len(x))
		for i, e := range x {
			l[i] = cut(e)
		}
		return l
	case string:
		if utf8.RuneCountInString(x) > shownStringMax {
			r := []rune(x)
			return string(r[:shownStringMax]) + "…"
		}
	}
	return v
}
