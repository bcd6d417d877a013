package observe

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pmezard/go-difflib/difflib"
)

// An observation of what changed (observe {since}, act {observe:
// "changes"}) is a whole snapshot on the host, whose marks are those of the
// snapshot it follows for the elements that stayed; what the model gets is
// the difference between the two: the tree's lines added, changed or
// removed, each marked, runs of unchanged lines as one "… (N lines
// unchanged)", and the elements added, changed or removed. What the act's
// own steps did (the text typed, the option chosen, the box checked) is
// not repeated: the model knows it, and a field the page changed in answer
// is shown like any other change.

// View is what an observation showed of the page: its tree and its
// elements, in mark order.
type View struct {
	Tree     []string
	Elements []Element
	// FrameURLs are the documents of the frames read into it.
	FrameURLs []string
}

// Change markers of the tree's lines and the elements' change field.
const (
	lineAdded   = "+ "
	lineRemoved = "- "
	lineChanged = "~ "

	ChangeAdded   = "added"
	ChangeChanged = "changed"
	ChangeRemoved = "removed"
)

// Acted says what an act's steps asked of the elements they touched, by
// mark: the value a field should now hold, or the state a box should be
// in. A change that is exactly that is the act's own and is not repeated.
type Acted map[int]Expect

// Expect is what a step asked of one element.
type Expect struct {
	// Values: the field holds one of these (typed text, chosen options);
	// Appended: what it held before, followed by one of them.
	Values   []string
	Appended bool
	// Checked: the box is checked (true) or not (false); nil: not asked.
	Checked *bool
}

// Delta is the difference between two views.
type Delta struct {
	Tree     []string  // the lines the model gets
	Elements []Element // added and changed (whole), removed (mark, role and name)
	// FrameURLs are the documents of the frames the view before read: the
	// lines removed come from them too.
	FrameURLs []string
	// Counts of the tree's lines.
	Added, Changed, Removed, Unchanged, ActedLines int

	// For Apply: the steps from the old tree to the new, and the elements
	// changed as the steps asked, as they are now (neither is sent).
	ops   []deltaOp
	acted []Element
}

// deltaOp is one step of turning the old tree into the new: keep n old
// lines (with the acted ones, by offset in the run, as they are now), add
// or remove one line, or change one.
type deltaOp struct {
	kind  byte // '=', '+', '-', '~'
	n     int
	line  string
	acted map[int]string
}

// Changes returns what changed from prev to next; acted is what the steps
// that ran in between asked (nil: no act).
func Changes(prev, next View, acted Acted) Delta {
	d := Delta{FrameURLs: prev.FrameURLs}
	actedMarks := d.diffElements(prev.Elements, next.Elements, acted)
	d.diffTree(prev.Tree, next.Tree, actedMarks)
	return d
}

// diffElements lists the elements added, changed and removed, and returns
// the marks whose only change is what the steps asked.
func (d *Delta) diffElements(prev, next []Element, acted Acted) map[int]bool {
	was := make(map[int]Element, len(prev))
	for _, e := range prev {
		was[e.Mark] = e
	}
	now := make(map[int]bool, len(next))
	actedMarks := map[int]bool{}
	for _, e := range next {
		now[e.Mark] = true
		old, ok := was[e.Mark]
		switch {
		case !ok:
			e.Change = ChangeAdded
			d.Elements = append(d.Elements, e)
		case sameElement(old, e):
		case asActed(old, e, acted):
			actedMarks[e.Mark] = true
			d.acted = append(d.acted, e)
		default:
			e.Change = ChangeChanged
			d.Elements = append(d.Elements, e)
		}
	}
	for _, e := range prev {
		if !now[e.Mark] {
			d.Elements = append(d.Elements, Element{Mark: e.Mark, Role: e.Role, Name: e.Name, Change: ChangeRemoved})
		}
	}
	slices.SortStableFunc(d.Elements, func(a, b Element) int { return a.Mark - b.Mark })
	return actedMarks
}

func sameElement(a, b Element) bool {
	return a.Role == b.Role && a.Name == b.Name && a.Text == b.Text && slices.Equal(a.State, b.State) &&
		(a.Value == nil) == (b.Value == nil) && (a.Value == nil || *a.Value == *b.Value)
}

// asActed reports whether next differs from prev only as the steps asked:
// the same element (role, name), its value one the steps put there, its
// checked state the one asked, and every other state as it was.
func asActed(prev, next Element, acted Acted) bool {
	want, ok := acted[next.Mark]
	if !ok || prev.Role != next.Role || prev.Name != next.Name || prev.Text != next.Text {
		return false
	}
	if want.Values != nil {
		values := want.Values
		if want.Appended && prev.Value != nil {
			values = make([]string, len(want.Values))
			for i, v := range want.Values {
				values[i] = *prev.Value + v
			}
		}
		if next.Value == nil || !slices.Contains(values, *next.Value) {
			return false
		}
	} else if (prev.Value == nil) != (next.Value == nil) || prev.Value != nil && *prev.Value != *next.Value {
		return false
	}
	others := func(s []string) []string {
		return slices.DeleteFunc(slices.Clone(s), func(w string) bool { return w == "checked" || w == "unchecked" })
	}
	if !slices.Equal(others(prev.State), others(next.State)) {
		return false
	}
	if want.Checked != nil {
		return slices.Contains(next.State, map[bool]string{true: "checked", false: "unchecked"}[*want.Checked])
	}
	return slices.Equal(prev.State, next.State)
}

// diffTree turns the line difference into ops and the lines sent.
func (d *Delta) diffTree(prev, next []string, acted map[int]bool) {
	m := difflib.NewMatcherWithJunk(prev, next, false, nil)
	keep := deltaOp{kind: '='}
	flush := func() {
		if keep.n > 0 {
			d.ops = append(d.ops, keep)
			d.Tree = append(d.Tree, unchangedLine(keep.n, len(keep.acted)))
		}
		keep = deltaOp{kind: '='}
	}
	emit := func(kind byte, line string) {
		flush()
		d.ops = append(d.ops, deltaOp{kind: kind, line: line})
		switch kind {
		case '+':
			d.Added++
			d.Tree = append(d.Tree, lineAdded+line)
		case '-':
			d.Removed++
			d.Tree = append(d.Tree, lineRemoved+line)
		case '~':
			d.Changed++
			d.Tree = append(d.Tree, lineChanged+line)
		}
	}
	for _, op := range m.GetOpCodes() {
		switch op.Tag {
		case 'e':
			keep.n += op.I2 - op.I1
			d.Unchanged += op.I2 - op.I1
		case 'd':
			for _, l := range prev[op.I1:op.I2] {
				emit('-', l)
			}
		case 'i':
			for _, l := range next[op.J1:op.J2] {
				emit('+', l)
			}
		case 'r':
			old, cur := prev[op.I1:op.I2], next[op.J1:op.J2]
			i, j := 0, 0
			for i < len(old) && j < len(cur) {
				switch {
				case sameKey(old[i], cur[j]):
					if mk := lineMark(cur[j]); mk > 0 && acted[mk] && lineMark(old[i]) == mk {
						if keep.acted == nil {
							keep.acted = map[int]string{}
						}
						keep.acted[keep.n] = cur[j]
						keep.n++
						d.ActedLines++
					} else {
						emit('~', cur[j])
					}
					i, j = i+1, j+1
				case laterIn(cur[j+1:], old[i]):
					emit('+', cur[j])
					j++
				default:
					emit('-', old[i])
					i++
				}
			}
			for ; i < len(old); i++ {
				emit('-', old[i])
			}
			for ; j < len(cur); j++ {
				emit('+', cur[j])
			}
		}
	}
	flush()
}

// unchangedLine stands for a run of n lines the model has already, acted
// of them changed exactly as the steps asked.
func unchangedLine(n, acted int) string {
	s := "s"
	if n == 1 {
		s = ""
	}
	if acted > 0 {
		return fmt.Sprintf("… (%d line%s unchanged, %d of them as the steps set them)", n, s, acted)
	}
	return fmt.Sprintf("… (%d line%s unchanged)", n, s)
}

// sameKey reports whether two lines stand for the same node: the same
// mark, or, unmarked, the same depth and role (or both text).
func sameKey(a, b string) bool {
	ma, mb := lineMark(a), lineMark(b)
	if ma > 0 || mb > 0 {
		return ma == mb
	}
	return lineKey(a) == lineKey(b)
}

// laterIn reports whether a line for the same node as old comes later.
func laterIn(lines []string, old string) bool {
	for _, l := range lines {
		if sameKey(l, old) {
			return true
		}
	}
	return false
}

// lineKey is a line's indentation and first word (a quoted text's quote).
func lineKey(line string) string {
	body := strings.TrimLeft(line, " ")
	depth := len(line) - len(body)
	if strings.HasPrefix(body, `"`) {
		return strconv.Itoa(depth) + `"`
	}
	word, _, _ := strings.Cut(body, " ")
	word, _, _ = strings.Cut(word, ":")
	return strconv.Itoa(depth) + word
}

// lineMark reads the mark of a tree line (renderLine: role, an optional
// quoted name, then " [N]"); 0 when it has none. Page text is always
// quoted, so a "[N]" inside it is never taken for a mark.
func lineMark(line string) int {
	s := strings.TrimLeft(line, " ")
	if strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "…") {
		return 0
	}
	role, rest, ok := strings.Cut(s, " ")
	if !ok || role == "" {
		return 0
	}
	if strings.HasPrefix(rest, `"`) {
		end := closingQuote(rest)
		if end < 0 {
			return 0
		}
		rest = strings.TrimPrefix(rest[end+1:], " ")
	}
	if !strings.HasPrefix(rest, "[") {
		return 0
	}
	num, _, ok := strings.Cut(rest[1:], "]")
	if !ok {
		return 0
	}
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 {
		return 0
	}
	return n
}

// closingQuote is the index of the quote that ends the quoted string s
// starts with (quote escapes \ and "), or -1.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// Apply turns prev into the view the delta was made against: what a model
// holding prev and the delta, and knowing what its steps did, has.
func (d Delta) Apply(prev View) View {
	var tree []string
	at := 0
	for _, op := range d.ops {
		switch op.kind {
		case '=':
			for k := 0; k < op.n && at < len(prev.Tree); k++ {
				if l, ok := op.acted[k]; ok {
					tree = append(tree, l)
				} else {
					tree = append(tree, prev.Tree[at])
				}
				at++
			}
		case '+':
			tree = append(tree, op.line)
		case '-':
			at++
		case '~':
			tree = append(tree, op.line)
			at++
		}
	}
	byMark := map[int]Element{}
	for _, e := range prev.Elements {
		byMark[e.Mark] = e
	}
	for _, e := range append(slices.Clone(d.Elements), d.acted...) {
		switch e.Change {
		case ChangeRemoved:
			delete(byMark, e.Mark)
		default:
			e.Change = ""
			byMark[e.Mark] = e
		}
	}
	elements := make([]Element, 0, len(byMark))
	for _, e := range byMark {
		elements = append(elements, e)
	}
	slices.SortFunc(elements, func(a, b Element) int { return a.Mark - b.Mark })
	return View{Tree: tree, Elements: elements}
}
