package policy

import (
	"errors"
	"fmt"
	"strings"
)

// Error is a profile file that cannot be used: a TOML syntax error, an
// unknown key, or a value of the wrong type or out of range. Its message
// names the file, the line and the key, such as
//
//	profile work (/home/u/.config/diwall/profiles/work.toml): line 3, key "sites": "htp://x" is not an origin pattern: want http://host[:port] or https://host[:port]
type Error struct {
	Name string // the profile's name
	Path string // its file; "" when the text did not come from a file
	Line int    // 1-based; 0 when unknown
	Key  string // dotted, such as "budgets.marks"; "" for a syntax error
	Msg  string // what is wrong
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("profile ")
	b.WriteString(e.Name)
	if e.Path != "" {
		fmt.Fprintf(&b, " (%s)", e.Path)
	}
	b.WriteString(": ")
	if e.Line > 0 {
		fmt.Fprintf(&b, "line %d", e.Line)
		if e.Key != "" {
			b.WriteString(", ")
		}
	}
	if e.Key != "" {
		fmt.Fprintf(&b, "key %q", e.Key)
	}
	if e.Line > 0 || e.Key != "" {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// IsMalformed reports whether err is, or wraps, an *Error: the profile's
// file exists and was read but its content cannot be used.
func IsMalformed(err error) bool {
	var e *Error
	return errors.As(err, &e)
}

// ErrNotListed is returned, wrapped, by DisallowSite for a pattern that is
// not in the profile's sites.
var ErrNotListed = errors.New("not in the profile's sites")
