package tools

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/diwall/diwall/host/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

// What the person sees of a call's arguments, in the operator's view and
// in the audit log alike (one rule, applied once per call before it
// runs): all of them, but never a secret. Text typed (type) or keys
// pressed (press) into a sensitive field are withheld, and so is typed
// text whenever the host cannot tell the field is not sensitive (a mark of
// another snapshot, a key sent to whatever has the focus); a prompt's
// answer unless the prompt asks for no secret; login carries only a
// credential id; a URL's user and password are withheld. The operator's
// view also cuts long strings.

// Withheld replaces what may not be kept or shown.
const Withheld = audit.Withheld

// shownStringMax bounds one string of the arguments the operator sees.
const shownStringMax = 200

// withheldArgs returns the call's arguments with every secret withheld
// (numbers as json.Number); nil when there are none. It is called before
// the call runs: marks are read against the snapshot they were chosen
// from, a prompt against the dialog open then.
func (s *Server) withheldArgs(c *Call, raw json.RawMessage) map[string]any {
	if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var args map[string]any
	if dec.Decode(&args) != nil {
		return map[string]any{"arguments": Withheld + " (not a JSON object)"}
	}
	switch c.Tool {
	case "act":
		secret := s.secretMarks(c, args)
		if steps, ok := args["steps"].([]any); ok {
			for _, st := range steps {
				if step, ok := st.(map[string]any); ok {
					withholdTyped(step, secret)
				}
			}
		}
	case "dialog":
		if _, has := args["text"]; has && !s.plainPrompt(c, args) {
			args["text"] = Withheld
		}
	case "login":
		args = map[string]any{"credential_id": args["credential_id"]}
	}
	return withholdURLUsers(args).(map[string]any)
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
func (s *Server) callTab(c *Call, args map[string]any) (*browser.Tab, bool) {
	tabID, _ := args["tab_id"].(string)
	if tabID == "" {
		tabID = c.Session.Selected()
	}
	return s.b.Lookup(c.Session.Key(), tabID)
}

// plainPrompt says whether the dialog open on the call's tab is a prompt
// that asks for no secret, so that its answer may be kept.
func (s *Server) plainPrompt(c *Call, args map[string]any) bool {
	t, ok := s.callTab(c, args)
	if !ok {
		return false
	}
	d := s.b.Info(t).Dialog
	return d != nil && !observe.Sensitive(observe.Cues{Label: d.Message})
}

// secretMarks returns, for an act, which marks of its snapshot are
// sensitive fields; nil when the snapshot is not the tab's current one
// (then no mark is known to be safe).
func (s *Server) secretMarks(c *Call, args map[string]any) map[int]bool {
	t, ok := s.callTab(c, args)
	if !ok {
		return nil
	}
	id, _ := args["snapshot_id"].(string)
	snap := s.b.Info(t).Current(id)
	if snap == nil {
		return nil
	}
	if snap.Sensitive == nil {
		return map[int]bool{}
	}
	return snap.Sensitive
}

// withholdTyped withholds a step's typed text or keys unless its mark is
// known not to be a sensitive field.
func withholdTyped(step map[string]any, secret map[int]bool) {
	mark, hasMark := markArg(step["mark"])
	safe := secret != nil && hasMark && mark > 0 && !secret[mark]
	switch step["action"] {
	case "type":
		if _, ok := step["text"]; ok && !safe {
			step["text"] = Withheld
		}
	case "press":
		if keys, ok := step["keys"].(string); ok && !safe && typesText(keys) {
			step["keys"] = Withheld
		}
	}
}

// markArg reads a mark argument: a whole JSON number.
func markArg(v any) (int, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := n.Int64()
	return int(i), err == nil
}

// typesText reports whether a key or chord types a character (a, Shift+A)
// rather than naming a key (Enter, Control+A).
func typesText(keys string) bool {
	parts := strings.Split(keys, "+")
	last := parts[len(parts)-1]
	if utf8.RuneCountInString(last) != 1 {
		return last == ""
	}
	for _, m := range parts[:len(parts)-1] {
		switch strings.ToLower(strings.TrimSpace(m)) {
		case "control", "ctrl", "alt", "option", "meta", "cmd", "command":
			return false
		}
	}
	return true
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
