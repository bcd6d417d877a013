package privacy

import (
	"net"
	"net/url"
	"strings"
	"unicode"
)

// MinRun is the shortest run of characters that counts as a match.
const MinRun = 6

// runs splits text into its runs: letters, digits and @._-, lowercased;
// any other character ends a run. Spacing is left out where it splits what
// reads as one code: beside a digit ("482 913", "DE44 5001 0517", "code
// 482913") or between capitals ("ABCD EFGH"). Elsewhere it ends a run, so
// that words that merely follow each other ("the account balance") make no
// run of their own across the space. Runs shorter than MinRun hold no match
// and are dropped.
func runs(text string) [][]rune {
	var out [][]rune
	var cur []rune
	var last rune // the last character of cur, as written
	spaced := false
	end := func() {
		if len(cur) >= MinRun {
			out = append(out, cur)
		}
		cur = nil
	}
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '@' || r == '.' || r == '_' || r == '-':
			if spaced && !oneCode(last, r) {
				end()
			}
			spaced = false
			cur = append(cur, unicode.ToLower(r))
			last = r
		case unicode.IsSpace(r):
			spaced = len(cur) > 0
		default:
			spaced = false
			end()
		}
	}
	end()
	return out
}

// oneCode reports whether a and b, with spacing between them, read as parts
// of one code: either is a digit, or both are capitals.
func oneCode(a, b rune) bool {
	return unicode.IsDigit(a) || unicode.IsDigit(b) || unicode.IsUpper(a) && unicode.IsUpper(b)
}

// URLText is what of a URL may carry text to its site: its user part, the
// labels of its host left of the site's own name (the last two; an IP
// address has none), its path, query and fragment, unescaped. Each part is
// apart, so that no run spans two.
func URLText(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	var parts []string
	if u.User != nil {
		parts = append(parts, u.User.String())
	}
	if host := u.Hostname(); net.ParseIP(host) == nil {
		if labels := strings.Split(host, "."); len(labels) > 2 {
			parts = append(parts, strings.Join(labels[:len(labels)-2], "."))
		}
	}
	parts = append(parts, u.Path)
	query := strings.ReplaceAll(u.RawQuery, "+", " ")
	if q, err := url.QueryUnescape(query); err == nil {
		query = q
	}
	parts = append(parts, query, u.Fragment)
	return strings.Join(parts, "/")
}

// Mask shows a matched run as the person's question may: its first and
// last two characters, the rest starred.
func Mask(run string) string {
	r := []rune(run)
	if len(r) <= 4 {
		return strings.Repeat("*", len(r))
	}
	stars := min(len(r)-4, 24)
	return string(r[:2]) + strings.Repeat("*", stars) + string(r[len(r)-2:])
}
