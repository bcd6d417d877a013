package observe

import (
	"fmt"
	"strings"
	"testing"
)

// TestElementLinesSayOnlyWhatTheTreeDoesNot: the text's elements carry no
// fact a marked line of the tree already carries, and every fact of every
// element is on its tree line or its element line.
func TestElementLinesSayOnlyWhatTheTreeDoesNot(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"main","tg":"main"},
		{"p":0,"r":"textbox","tg":"input","n":"Name","v":"Ada","a":1,"cue":{"t":"text"},"b":[0,0,10,10],"iv":1,"s":{"required":true}},
		{"p":0,"r":"checkbox","tg":"input","n":"Gift \"wrap\" [1] checked","a":1,"s":{"checked":false},"b":[0,700,10,10]},
		{"p":0,"r":"button","tg":"button","n":"Pay","a":1,"b":[0,20,10,10],"iv":1,"cov":5},
		{"p":0,"r":"link","tg":"a","n":"Far","a":1,"b":[0,900,10,10]},
		{"p":0,"r":"link","tg":"a","n":"Farther","a":1,"b":[0,920,10,10]},
		{"p":0,"r":"dialog","tg":"div","n":"Cookies"},
		{"p":6,"r":"button","tg":"button","n":"Accept","a":1,"b":[0,20,10,10],"iv":1}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	got := ElementLines(b.Tree, b.Elements)
	want := []string{"offscreen: [2] [4]-[5]"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("element lines:\n%s\nwant:\n%s\ntree:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"), strings.Join(b.Tree, "\n"))
	}
	everyFactSaid(t, b.Tree, b.Elements, got)
}

// TestElementLinesWithoutATreeLine: an element the tree sent has no line
// for (a change the tree leaves out, a name its line leaves to its
// children) is written out, with the change marker.
func TestElementLinesWithoutATreeLine(t *testing.T) {
	v := "x"
	tree := []string{
		`~   textbox "Query" [3] value="x"`,
		`  button [7]`,
		`    "Sign in"`,
		`… (12 lines unchanged)`,
	}
	elements := []Element{
		{Mark: 3, Role: "textbox", Name: "Query", Value: &v, Change: ChangeChanged},
		{Mark: 7, Role: "button", Name: "Sign in"},
		{Mark: 9, Role: "link", Name: "Next", State: []string{"offscreen"}, Change: ChangeChanged},
		{Mark: 11, Role: "button", Name: "Old", Change: ChangeRemoved},
	}
	got := ElementLines(tree, elements)
	want := []string{`[7] "Sign in"`, `~ [9] link "Next" offscreen`, `- [11] button "Old"`}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("element lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	everyFactSaid(t, tree, elements, got)
}

// everyFactSaid checks that each element's name, value, states and text
// are on its tree line or its element line.
func everyFactSaid(t *testing.T, tree []string, elements []Element, lines []string) {
	t.Helper()
	byMark := map[int]string{}
	for _, l := range tree {
		if m, ok := parseMarkedLine(l); ok {
			byMark[m.mark] += l
		}
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "offscreen: ") {
			for _, e := range elements {
				if strings.Contains(l, fmt.Sprintf("[%d]", e.Mark)) || inRange(l, e.Mark) {
					byMark[e.Mark] += " offscreen"
				}
			}
			continue
		}
		var m int
		if _, err := fmt.Sscanf(strings.TrimLeft(l, "+-~ "), "[%d]", &m); err == nil {
			byMark[m] += " " + l
		}
	}
	for _, e := range elements {
		said := byMark[e.Mark]
		facts := append([]string{}, e.State...)
		if e.Name != "" {
			facts = append(facts, quote(e.Name))
		}
		if e.Value != nil {
			facts = append(facts, "value="+quote(*e.Value))
		}
		for _, f := range facts {
			if !strings.Contains(said, f) {
				t.Errorf("mark %d: %q is said nowhere (%q)", e.Mark, f, said)
			}
		}
	}
}

// inRange: mark is inside one of line's "[a]-[b]" runs.
func inRange(line string, mark int) bool {
	for _, f := range strings.Fields(line) {
		var a, b int
		if n, _ := fmt.Sscanf(f, "[%d]-[%d]", &a, &b); n == 2 && a <= mark && mark <= b {
			return true
		}
	}
	return false
}

func TestMarkRanges(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{[]int{1}, "[1]"},
		{[]int{1, 2, 3, 7, 9, 10}, "[1]-[3] [7] [9]-[10]"},
	} {
		if got := markRanges(c.in); got != c.want {
			t.Errorf("markRanges(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestParseMarkedLineReadsQuotedNames: page text inside a name that looks
// like a mark or a state is read as the name.
func TestParseMarkedLineReadsQuotedNames(t *testing.T) {
	l, ok := parseMarkedLine(`    link "See [4] \"offscreen\"" [12] value="a disabled b" disabled`)
	if !ok || l.mark != 12 || l.role != "link" || l.name != `See [4] "offscreen"` {
		t.Fatalf("parsed %+v, %v", l, ok)
	}
	if w := l.words(); strings.Contains(w, "a disabled b") || !strings.Contains(w, "disabled") {
		t.Fatalf("words %q", w)
	}
	for _, line := range []string{`"text [3]"`, `heading "Shop" level=1`, `button`, `… (3 lines unchanged)`} {
		if _, ok := parseMarkedLine(line); ok {
			t.Errorf("%q read as a marked line", line)
		}
	}
}
