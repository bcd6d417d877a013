package observe

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// cleanText makes page text fit for a tree line, the same way on both
// observation paths: it drops what a person does not see as text but a
// terminal or a model may act on (ANSI escape sequences, C0 and C1
// controls, bidirectional overrides and isolates, zero-width and other
// format characters, private-use icon glyphs), turns HTML whitespace and
// line separators into single spaces, and trims. Other spaces (no-break
// spaces) are kept, as Chrome keeps them in names.
func cleanText(s string) string {
	if isPlain(s) {
		return collapseSpaces(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == 0x1b || r == 0x9b || r == 0x9d || r == 0x90 || r == 0x98 || r == 0x9e || r == 0x9f:
			i += escapeLen(s[i:])
			continue
		case r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == 0x2028 || r == 0x2029:
			b.WriteByte(' ')
		case r == utf8.RuneError && size == 1:
			// Not UTF-8: dropped.
		case invisible(r):
		default:
			b.WriteRune(r)
		}
		i += size
	}
	return collapseSpaces(b.String())
}

// isPlain reports whether s is printable ASCII, the common case.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// invisible reports whether r is a character to drop: controls, format
// characters (zero-width spaces and joiners, bidirectional marks,
// overrides and isolates, tags), variation selectors, fillers that render
// as nothing, private-use characters and noncharacters.
func invisible(r rune) bool {
	switch {
	case r < 0x20 || r >= 0x7f && r < 0xa0:
		return true
	case r < 0xa0:
		return false
	case unicode.Is(unicode.Cf, r), unicode.Is(unicode.Co, r), unicode.Is(unicode.Cs, r):
		return true
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef, r >= 0x180b && r <= 0x180f:
		return true // variation selectors
	case r == 0x034f, r == 0x115f, r == 0x1160, r == 0x3164, r == 0xffa0, r == 0x17b4, r == 0x17b5:
		return true // grapheme joiner, Hangul and Khmer fillers
	case r&0xfffe == 0xfffe, r >= 0xfdd0 && r <= 0xfdef:
		return true // noncharacters
	}
	return false
}

// escapeLen is the length of the escape or control sequence at the start
// of s (which starts with ESC or a C1 introducer): CSI, OSC and string
// sequences up to their terminator, two bytes for other escapes.
func escapeLen(s string) int {
	r, size := utf8.DecodeRuneInString(s)
	kind := r
	if r == 0x1b {
		if len(s) < 2 {
			return 1
		}
		switch s[1] {
		case '[':
			kind = 0x9b
		case ']':
			kind = 0x9d
		case 'P', 'X', '^', '_':
			kind = 0x90
		default:
			_, n := utf8.DecodeRuneInString(s[1:])
			return 1 + n
		}
		size = 2
	}
	switch kind {
	case 0x9b: // CSI: parameters, intermediates, one final byte
		i := size
		for i < len(s) && s[i] >= 0x30 && s[i] <= 0x3f {
			i++
		}
		for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
			i++
		}
		if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
			i++
		}
		return i
	default: // OSC and strings: up to BEL or ST; unterminated, only the introducer
		for i := size; i < len(s); i++ {
			switch {
			case s[i] == 0x07:
				return i + 1
			case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
				return i + 2
			case strings.HasPrefix(s[i:], "\u009c"):
				return i + len("\u009c")
			}
		}
		return size
	}
}

// collapseSpaces turns runs of spaces into one and trims them.
func collapseSpaces(s string) string {
	if !strings.Contains(s, "  ") && !strings.HasPrefix(s, " ") && !strings.HasSuffix(s, " ") &&
		!strings.ContainsAny(s, "\t\n\r\f") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' {
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteByte(c)
	}
	return b.String()
}

// cleanName is a name or text as the tree shows it: clean, and cut to max
// characters.
func cleanName(s string, limit int) string {
	return truncate(cleanText(s), limit)
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
