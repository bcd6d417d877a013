package policy

import (
	"errors"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// keyAt is where a key of a profile file is, and what its value is.
type keyAt struct {
	key       string          // dotted: "sites", "budgets.marks"
	line      int             // of the key (or of the [table] header)
	kind      unstable.Kind   // of the value; Table or ArrayTable for a header
	elems     []int           // the line of each element, when the value is an array
	elemKinds []unstable.Kind // and its kind
}

// layout is the keys of a profile file in the order they appear. The
// decoder of the TOML library says where a syntax or type error is, but a
// value it accepted and Parse refuses has no position; the library's
// parser, which keeps positions, gives them.
type layout []keyAt

// scanLayout reads the keys of a TOML document. It is called only on a
// document the decoder accepted; on any other, it returns the parser's error
// and the line it is on (0 if unknown).
func scanLayout(data []byte) (l layout, errLine int, err error) {
	var p unstable.Parser
	p.Reset(data)
	var table []string
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			table = keyParts(e.Key())
			l = append(l, keyAt{key: strings.Join(table, "."), line: firstKeyLine(&p, e.Key()), kind: e.Kind})
		case unstable.KeyValue:
			l = l.addKeyValue(&p, table, e)
		}
	}
	if err := p.Error(); err != nil {
		return l, parserErrorLine(&p, err), err
	}
	return l, 0, nil
}

// addKeyValue appends a key-value under the table prefix, and the keys of an
// inline table it holds.
func (l layout) addKeyValue(p *unstable.Parser, prefix []string, kv *unstable.Node) layout {
	parts := keyParts(kv.Key())
	path := append(append([]string(nil), prefix...), parts...)
	v := kv.Value()
	at := keyAt{key: strings.Join(path, "."), line: firstKeyLine(p, kv.Key()), kind: v.Kind}
	if v.Kind == unstable.Array {
		for c := v.Children(); c.Next(); {
			if n := c.Node(); n.Kind != unstable.Comment {
				at.elems = append(at.elems, lineOf(p, n))
				at.elemKinds = append(at.elemKinds, n.Kind)
			}
		}
	}
	l = append(l, at)
	if v.Kind == unstable.InlineTable {
		for c := v.Children(); c.Next(); {
			if n := c.Node(); n.Kind == unstable.KeyValue {
				l = l.addKeyValue(p, path, n)
			}
		}
	}
	return l
}

// find returns the last place key is set (TOML refuses a second one).
func (l layout) find(key string) (keyAt, bool) {
	for i := len(l) - 1; i >= 0; i-- {
		if l[i].key == key {
			return l[i], true
		}
	}
	return keyAt{}, false
}

// line is the line of key or, when elem >= 0, of its array's element elem;
// 0 when unknown.
func (l layout) line(key string, elem int) int {
	at, ok := l.find(key)
	if !ok {
		return 0
	}
	if elem >= 0 && elem < len(at.elems) && at.elems[elem] > 0 {
		return at.elems[elem]
	}
	return at.line
}

// keyParts is a dotted key's parts, unquoted.
func keyParts(it unstable.Iterator) (parts []string) {
	for it.Next() {
		parts = append(parts, string(it.Node().Data))
	}
	return parts
}

// firstKeyLine is the line a key starts on.
func firstKeyLine(p *unstable.Parser, it unstable.Iterator) int {
	if it.Next() {
		return lineOf(p, it.Node())
	}
	return 0
}

// lineOf is the line a node starts on; 0 when it has no position.
func lineOf(p *unstable.Parser, n *unstable.Node) int {
	if n.Raw.Length == 0 && n.Raw.Offset == 0 {
		return 0
	}
	return p.Shape(n.Raw).Start.Line
}

// parserErrorLine is the line of a parser error; 0 when unknown.
func parserErrorLine(p *unstable.Parser, err error) (line int) {
	var pe *unstable.ParserError
	if !errors.As(err, &pe) || pe.Highlight == nil {
		return 0
	}
	defer func() {
		if recover() != nil { // the highlight is not inside the document
			line = 0
		}
	}()
	return p.Shape(p.Range(pe.Highlight)).Start.Line
}
