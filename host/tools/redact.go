package tools

import (
	"encoding/json"
	"net/url"
	"strings"
	"unicode/utf8"
)

// What the operator's view shows of a call's arguments: all of them, but
// never a secret. Text typed (type) or keys pressed (press) into a
// sensitive field are withheld, and so is typed text whenever the host
// cannot tell the field is not sensitive (a mark of another snapshot, a
// key sent to whatever has the focus). login carries only a credential
// id; a URL's user and password are withheld; long strings are cut.

// Withheld replaces what the operator may not see.
const Withheld = "[withheld]"

// shownStringMax bounds one string of the arguments shown.
const shownStringMax = 200

// shownArgs returns the call's arguments as the operator may see them. It
// is called before the call runs: marks are read against the snapshot they
// were chosen from.
func (s *Server) shownArgs(c *Call, raw json.RawMessage) json.RawMessage {
	var args map[string]any
	if len(raw) == 0 || string(raw) == "null" {
		return json.RawMessage("{}")
	}
	if err := json.Unmarshal(raw, &args); err != nil {
		return json.RawMessage(`{"invalid":"` + Withheld + `"}`)
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
	case "login":
		args = map[string]any{"credential_id": args["credential_id"]}
	}
	data, err := json.Marshal(cut(args))
	if err != nil {
		return json.RawMessage("{}")
	}
	return data
}

// secretMarks returns, for an act, which marks of its snapshot are
// sensitive fields; nil when the snapshot is not the tab's current one
// (then no mark is known to be safe).
func (s *Server) secretMarks(c *Call, args map[string]any) map[int]bool {
	tabID, _ := args["tab_id"].(string)
	if tabID == "" {
		tabID = c.Session.Selected()
	}
	t, ok := s.b.Lookup(c.Session.Key(), tabID)
	if !ok {
		return nil
	}
	snap := s.b.Info(t).Snapshot
	if id, _ := args["snapshot_id"].(string); snap == nil || snap.ID != id {
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
	mark, hasMark := step["mark"].(float64)
	safe := secret != nil && hasMark && mark > 0 && !secret[int(mark)]
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

// cut shortens long strings and withholds a URL's user and password,
// everywhere in v.
func cut(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = cut(e)
		}
	case []any:
		for i, e := range x {
			x[i] = cut(e)
		}
	case string:
		if u, err := url.Parse(x); err == nil && u.User != nil && u.Host != "" {
			u.User = url.User("withheld")
			x = u.String()
		}
		if utf8.RuneCountInString(x) > shownStringMax {
			r := []rune(x)
			x = string(r[:shownStringMax]) + "…"
		}
		return x
	}
	return v
}
