package observe

import (
	"strconv"
	"strings"
)

// The text the model reads (docs/contract.md §3, "The text the model
// reads") renders the elements compactly: each marked line of the tree
// already says its mark's role, name, value and state, so the elements add
// only what no line of the tree says:
//
//   - a mark the tree sent has no line for (a change the tree leaves out)
//     gets one line, "[N] role "name" value="…" states", after the change
//     marker of the tree's lines when it is one of changes;
//   - a mark whose line leaves out its name (the line's children say it)
//     or a state gets "[N]" and what is missing;
//   - the marks that are only out of the viewport (which the tree does not
//     say, so that scrolling changes no line) share one line,
//     "offscreen: [4] [9]-[30]".
//
// The typed objects stay in structuredContent.

// ElementLines renders elements against the tree lines sent with them
// (whole, or the changes), as the text gives them; nil when every fact is
// on the tree's lines.
func ElementLines(tree []string, elements []Element) []string {
	lines := make(map[int]markedLine, len(elements))
	for _, l := range tree {
		if m, ok := parseMarkedLine(l); ok {
			if _, seen := lines[m.mark]; !seen {
				lines[m.mark] = m
			}
		}
	}
	var out []string
	var offscreen []int
	for _, e := range elements {
		line, ok := lines[e.Mark]
		if !ok || line.role != e.Role {
			out = append(out, changeMarker(e.Change)+wholeLine(e))
			continue
		}
		extra := missingFacts(e, line)
		switch {
		case len(extra) == 0:
		case len(extra) == 1 && extra[0] == "offscreen" && e.Change == "":
			offscreen = append(offscreen, e.Mark)
		default:
			out = append(out, changeMarker(e.Change)+"["+strconv.Itoa(e.Mark)+"] "+strings.Join(extra, " "))
		}
	}
	if len(offscreen) > 0 {
		out = append(out, "offscreen: "+markRanges(offscreen))
	}
	return out
}

// wholeLine is an element as one line: mark, role, name, value, states,
// and the text of an element without a name.
func wholeLine(e Element) string {
	var b strings.Builder
	b.WriteString("[" + strconv.Itoa(e.Mark) + "] " + e.Role)
	if e.Name != "" {
		b.WriteString(" " + quote(e.Name))
	}
	if e.Value != nil && *e.Value != "" {
		b.WriteString(" value=" + quote(*e.Value))
	}
	for _, s := range e.State {
		b.WriteString(" " + s)
	}
	if e.Text != "" {
		b.WriteString(": " + quote(e.Text))
	}
	return b.String()
}

// missingFacts are the facts of e its tree line does not say.
func missingFacts(e Element, l markedLine) []string {
	var extra []string
	if e.Name != "" && (!l.named || l.name != e.Name) {
		extra = append(extra, quote(e.Name))
	}
	if e.Value != nil && *e.Value != "" && !strings.Contains(l.rest, " value="+quote(*e.Value)) {
		extra = append(extra, "value="+quote(*e.Value))
	}
	words := " " + l.words() + " "
	for _, s := range e.State {
		if !strings.Contains(words, " "+s+" ") {
			extra = append(extra, s)
		}
	}
	if e.Text != "" && !strings.Contains(l.rest, ": "+quote(e.Text)) {
		extra = append(extra, ": "+quote(e.Text))
	}
	return extra
}

func changeMarker(change string) string {
	switch change {
	case ChangeAdded:
		return lineAdded
	case ChangeChanged:
		return lineChanged
	case ChangeRemoved:
		return lineRemoved
	}
	return ""
}

// markRanges writes ascending marks with runs as "[a]-[b]".
func markRanges(marks []int) string {
	var b strings.Builder
	for i := 0; i < len(marks); {
		j := i
		for j+1 < len(marks) && marks[j+1] == marks[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("[" + strconv.Itoa(marks[i]) + "]")
		if j > i {
			b.WriteString("-[" + strconv.Itoa(marks[j]) + "]")
		}
		i = j + 1
	}
	return b.String()
}

// markedLine is a tree line that carries a mark (renderLine): its role,
// its quoted name when it has one, and what follows the mark.
type markedLine struct {
	mark  int
	role  string
	name  string
	named bool
	rest  string
}

// words is the rest of the line with its quoted strings left out, so
// that no page text reads as a state.
func (l markedLine) words() string {
	var b strings.Builder
	for s := l.rest; s != ""; {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			b.WriteString(s)
			break
		}
		b.WriteString(s[:i])
		_, n, ok := unquote(s[i:])
		if !ok {
			break
		}
		s = s[i+n:]
	}
	return b.String()
}

// parseMarkedLine reads a line renderLine wrote (after a change marker, in
// changes), when it carries a mark.
func parseMarkedLine(line string) (markedLine, bool) {
	for _, m := range []string{lineAdded, lineRemoved, lineChanged} {
		if strings.HasPrefix(line, m) {
			line = line[len(m):]
			break
		}
	}
	line = strings.TrimLeft(line, " ")
	var l markedLine
	sp := strings.IndexByte(line, ' ')
	if sp <= 0 || line[0] == '"' {
		return l, false
	}
	l.role, line = line[:sp], line[sp+1:]
	if strings.HasPrefix(line, `"`) {
		name, n, ok := unquote(line)
		if !ok || !strings.HasPrefix(line[n:], " ") {
			return l, false
		}
		l.name, l.named, line = name, true, line[n+1:]
	}
	if !strings.HasPrefix(line, "[") {
		return l, false
	}
	end := strings.IndexByte(line, ']')
	if end < 2 {
		return l, false
	}
	mark, err := strconv.Atoi(line[1:end])
	if err != nil || mark <= 0 {
		return l, false
	}
	l.mark, l.rest = mark, line[end+1:]
	return l, true
}

// unquote reads the quoted string quote wrote at the start of s: its text
// and how many bytes it took.
func unquote(s string) (string, int, bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 == len(s) {
				return "", 0, false
			}
			i++
			b.WriteByte(s[i])
		case '"':
			return b.String(), i + 1, true
		default:
			b.WriteByte(s[i])
		}
	}
	return "", 0, false
}
