package policy

import (
	"regexp"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// keyStart matches the key that begins an expression (`sites = [`,
// `budgets.marks = 3`); its parts may be bare or quoted.
var keyStart = regexp.MustCompile(`^(` + keyPart + `(?:[ \t]*\.[ \t]*` + keyPart + `)*)[ \t]*=`)

const keyPart = `(?:[A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')`

// keyBeingRead names the key whose line a syntax error stopped the parser
// in, which the decoder's error does not: the key of the first expression
// the parser could not read, under the table opened last before it. It is
// "" when that expression is a table's header, or when the document has
// no syntax error.
func keyBeingRead(data []byte) string {
	var p unstable.Parser
	p.Reset(data)
	var table []string
	end := 0 // where the last expression read ends
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyParts(e.Key())
		}
		if e.Raw.Length > 0 || e.Raw.Offset > 0 {
			end = max(end, int(e.Raw.Offset+e.Raw.Length))
		}
		if last := lastKeyEnd(e); last > end {
			end = last
		}
	}
	if p.Error() == nil {
		return ""
	}
	rest := skipBlankAndComments(data[min(end, len(data)):])
	m := keyStart.FindSubmatch(rest)
	if m == nil {
		return ""
	}
	return strings.Join(append(table, unquotedParts(string(m[1]))...), ".")
}

// lastKeyEnd is where the last part of an expression's key ends: a table's
// header has no range of its own, but its key's parts do (its closing
// bracket follows).
func lastKeyEnd(e *unstable.Node) int {
	end := 0
	for it := e.Key(); it.Next(); {
		if r := it.Node().Raw; r.Length > 0 {
			end = int(r.Offset + r.Length)
		}
	}
	return end
}

// skipBlankAndComments drops the blank space, line ends, comments and
// closing brackets of a header before the next expression.
func skipBlankAndComments(b []byte) []byte {
	for len(b) > 0 {
		switch b[0] {
		case ' ', '\t', '\r', '\n', ']':
			b = b[1:]
		case '#':
			i := 0
			for i < len(b) && b[i] != '\n' {
				i++
			}
			b = b[i:]
		default:
			return b
		}
	}
	return b
}

// unquotedParts is a dotted key's parts, unquoted.
func unquotedParts(key string) []string {
	parts := strings.Split(key, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return parts
}
