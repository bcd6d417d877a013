package act

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// key is one key as CDP's Input.dispatchKeyEvent wants it.
type key struct {
	Key     string
	Code    string
	KeyCode int
	Text    string // what the key types, "" for none
}

var namedKeys = map[string]key{
	"enter":      {"Enter", "Enter", 13, "\r"},
	"tab":        {"Tab", "Tab", 9, ""},
	"escape":     {"Escape", "Escape", 27, ""},
	"esc":        {"Escape", "Escape", 27, ""},
	"backspace":  {"Backspace", "Backspace", 8, ""},
	"delete":     {"Delete", "Delete", 46, ""},
	"space":      {" ", "Space", 32, " "},
	"arrowup":    {"ArrowUp", "ArrowUp", 38, ""},
	"arrowdown":  {"ArrowDown", "ArrowDown", 40, ""},
	"arrowleft":  {"ArrowLeft", "ArrowLeft", 37, ""},
	"arrowright": {"ArrowRight", "ArrowRight", 39, ""},
	"up":         {"ArrowUp", "ArrowUp", 38, ""},
	"down":       {"ArrowDown", "ArrowDown", 40, ""},
	"left":       {"ArrowLeft", "ArrowLeft", 37, ""},
	"right":      {"ArrowRight", "ArrowRight", 39, ""},
	"home":       {"Home", "Home", 36, ""},
	"end":        {"End", "End", 35, ""},
	"pageup":     {"PageUp", "PageUp", 33, ""},
	"pagedown":   {"PageDown", "PageDown", 34, ""},
	"insert":     {"Insert", "Insert", 45, ""},
}

// Modifier bits of CDP input events.
const (
	modAlt   = 1
	modCtrl  = 2
	modMeta  = 4
	modShift = 8
)

var modifierNames = map[string]int{
	"alt": modAlt, "option": modAlt, "control": modCtrl, "ctrl": modCtrl,
	"meta": modMeta, "cmd": modMeta, "command": modMeta, "shift": modShift,
}

var modifierKeys = map[int]key{
	modAlt: {"Alt", "AltLeft", 18, ""}, modCtrl: {"Control", "ControlLeft", 17, ""},
	modMeta: {"Meta", "MetaLeft", 91, ""}, modShift: {"Shift", "ShiftLeft", 16, ""},
}

// chord is a key with the modifiers held for it.
type chord struct {
	mods int
	key  key
}

// parseChord reads "Enter", "Control+A", "Shift+Tab", "a".
func parseChord(s string) (chord, error) {
	parts := strings.Split(s, "+")
	var c chord
	for i, p := range parts {
		p = strings.TrimSpace(p)
		last := i == len(parts)-1
		if !last {
			m, ok := modifierNames[strings.ToLower(p)]
			if !ok {
				return c, fmt.Errorf("%q is not a modifier (Alt, Control, Meta, Shift)", p)
			}
			c.mods |= m
			continue
		}
		k, err := parseKey(p)
		if err != nil {
			return c, err
		}
		c.key = k
	}
	if c.mods&(modCtrl|modAlt|modMeta) != 0 {
		c.key.Text = "" // a shortcut types nothing
	}
	return c, nil
}

func parseKey(s string) (key, error) {
	if k, ok := namedKeys[strings.ToLower(s)]; ok {
		return k, nil
	}
	if len(s) >= 2 && (s[0] == 'F' || s[0] == 'f') {
		var n int
		if _, err := fmt.Sscanf(s[1:], "%d", &n); err == nil && n >= 1 && n <= 12 {
			return key{Key: fmt.Sprintf("F%d", n), Code: fmt.Sprintf("F%d", n), KeyCode: 111 + n}, nil
		}
	}
	if utf8.RuneCountInString(s) == 1 {
		return charKey([]rune(s)[0]), nil
	}
	return key{}, fmt.Errorf("unknown key %q (use a character, or Enter, Tab, Escape, Backspace, Delete, Space, Arrow keys, Home, End, PageUp, PageDown, F1-F12)", s)
}

// charKey is the key that types r on a US layout.
func charKey(r rune) key {
	switch {
	case r >= 'a' && r <= 'z':
		return key{string(r), "Key" + strings.ToUpper(string(r)), int(r - 'a' + 'A'), string(r)}
	case r >= 'A' && r <= 'Z':
		return key{string(r), "Key" + string(r), int(r), string(r)}
	case r >= '0' && r <= '9':
		return key{string(r), "Digit" + string(r), int(r), string(r)}
	case r == ' ':
		return namedKeys["space"]
	case r == '\n':
		return namedKeys["enter"]
	}
	return key{Key: string(r), Text: string(r)}
}
