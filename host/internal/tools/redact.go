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
// in the audit log: all of them, but never a secret. The operator's view
// shows them before the call runs (shownInput); the audit log keeps them
// once it has run (recordedInput), by the same rules except where what
// the call did decides.
//
// What a step types into the page (act.Step.Withhold: type's text,
// press's keys that type a character) is shown only when its mark is one
// of the tab's current snapshot and not a sensitive field, and kept in
// the audit log only when the step ran, into the field of its mark, one
// not known to be sensitive (act.Result.TypedPlain): on every other path
// (a stale or unknown snapshot, an unknown mark, a key sent to whatever
// has the focus, a step that failed or did not run, a call refused
// before it ran) it is withheld. A prompt's answer is withheld unless the
// prompt asks for no secret; a URL's user and password always. Arguments
// that do not fit the tool's input are withheld whole. login's input is a
// credential id only. The operator's view also cuts long strings.

// Withheld replaces what may not be kept or shown.
const Withheld = audit.Withheld

// shownStringMax bounds one string of the arguments the operator sees.
const shownStringMax = 200

// withholding is a tool's input that withholds its own secrets, on a copy
// of itself, before the person sees it. What it withholds before the call
// runs is also what the audit log withholds, unless the input is
// withholdingRan.
type withholding interface{ withhold(s *Server, c *Call) }

// withholdingRan is a tool's input whose audit record is decided once the
// call has run, by what it did (Call.typedPlain), not by what was known
// before: withheld unless the call vouches for it.
type withholdingRan interface{ withholdRan(c *Call) }

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
	return asShown(in)
}

// recordedInput returns what the audit log keeps of a call's decoded
// input, once the call has run: for an input that is withholdingRan, its
// own reading of what the call did; for any other, what the person was
// shown before it ran (shown).
func recordedInput[In any](c *Call, in In, shown map[string]any) map[string]any {
	w, ok := any(&in).(withholdingRan)
	if !ok {
		return shown
	}
	w.withholdRan(c) // on a copy, as in shownInput
	return asShown(in)
}

// asShown is a withheld input as a JSON object (numbers as json.Number),
// with URLs' users withheld.
func asShown(in any) map[string]any {
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
// one of the tab's current snapshot, known not to be a sensitive field.
func (in *actIn) withhold(s *Server, c *Call) {
	snap := s.currentSnapshot(c, in.TabID, in.SnapshotID)
	in.Steps = slices.Clone(in.Steps)
	for i := range in.Steps {
		if st := &in.Steps[i]; !snap.PlainField(st.Mark) {
			st.Withhold(Withheld)
		}
	}
}

// withholdRan withholds each step's typed text or keys unless the call
// vouches that the step ran into a field known not to be sensitive.
func (in *actIn) withholdRan(c *Call) {
	in.Steps = slices.Clone(in.Steps)
	for i := range in.Steps {
		if !c.typedPlain[i] {
			in.Steps[i].Withhold(Withheld)
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

// currentSnapshot returns the snapshot an act names when it is its tab's
// current one; nil otherwise (then no mark is known to be plain).
func (s *Server) currentSnapshot(c *Call, tabID, snapshotID string) *browser.Snapshot {
	t, ok := s.callTab(c, tabID)
	if !ok {
		return nil
	}
	return t.Info().Current(snapshotID)
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
