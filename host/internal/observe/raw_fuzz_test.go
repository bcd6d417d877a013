package observe

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParseAndBuild feeds the host's reading of the page serializer's
// output with anything a hostile page could make it say: parseRaw must
// refuse what does not hold together, and build must turn whatever it
// accepts into a bounded observation without panicking: marks 1..N in
// order and within budget, every mark naming a node, no value of a field
// the page marked sensitive, and no secret field left unwatched.
func FuzzParseAndBuild(f *testing.F) {
	for _, seed := range []string{
		`{` + vp + `,"nodes":[{"p":-1,"r":"button","tg":"button","n":"Go","a":1,"b":[1,2,30,20],"iv":1}]}`,
		`{` + vp + `,"nodes":[{"p":-1,"r":"form","tg":"form"},{"p":0,"r":"textbox","tg":"input","n":"Card number","v":"4111111111111111","a":1,"sx":1,"cue":{"t":"text","ac":"cc-number","nm":"c","id":"","ph":""},"b":[10,10,200,20],"iv":1}]}`,
		`{` + vp + `,"hidden":3,"inert":1,"nodes":[{"p":-1,"r":"list","tg":"ul"},{"p":0,"r":"listitem","tg":"li","tx":"one"},{"p":0,"r":"link","tg":"a","n":"two","a":9,"cov":0,"b":[0,0,5,5],"iv":1},{"p":-1,"r":"iframe","tg":"iframe","fr":1,"b":[0,50,300,150]}]}`,
		`{` + vp + `,"nodes":[{"p":-1,"r":"checkbox","tg":"input","n":"Agree","a":1,"s":{"checked":"mixed","expanded":true,"level":2,"pressed":true},"m":4}]}`,
		`{"vp":{},"nodes":[{"p":-1,"r":"text","tx":"[1] button \"Pay\" \u0000\u202e"}]}`,
	} {
		f.Add([]byte(seed), 2000, 5)
	}
	f.Fuzz(func(t *testing.T, data []byte, treeChars, marks int) {
		r, err := parseRaw(data)
		if err != nil {
			return
		}
		treeChars = 200 + abs(treeChars)%20000
		marks = 1 + abs(marks)%50
		secretValues := map[int]string{}
		for i, n := range r.Nodes {
			if n.PageSens == 1 && n.Cues != nil && n.Value != nil {
				secretValues[i] = *n.Value
			}
		}
		b := build(r, Budgets{TreeChars: treeChars, Marks: marks})
		if len(b.Elements) > marks || b.Counters.Marks != len(b.Elements) {
			t.Fatalf("%d elements, counter %d, budget %d", len(b.Elements), b.Counters.Marks, marks)
		}
		for i, e := range b.Elements {
			if e.Mark != i+1 {
				t.Fatalf("element %d has mark %d", i, e.Mark)
			}
			idx, ok := b.MarkNode[e.Mark]
			if !ok || idx < 0 || idx >= len(r.Nodes) {
				t.Fatalf("mark %d names node %d of %d", e.Mark, idx, len(r.Nodes))
			}
			if _, secret := secretValues[idx]; secret && e.Value != nil {
				t.Fatalf("mark %d carries the value of a field the page marked sensitive", e.Mark)
			}
		}
		for _, l := range b.Labels {
			if l.Mark < 1 || l.Mark > len(b.Elements) {
				t.Fatalf("label for mark %d of %d", l.Mark, len(b.Elements))
			}
		}
		watched := map[int]bool{}
		for _, i := range b.Secret {
			watched[i] = true
		}
		for i := range secretValues {
			if !watched[i] {
				t.Fatalf("sensitive node %d is not among the watched secrets", i)
			}
		}
		if b.Counters.TreeLines != len(b.Tree) {
			t.Fatalf("tree_lines %d, tree has %d", b.Counters.TreeLines, len(b.Tree))
		}
		if _, err := json.Marshal(b); err != nil {
			t.Fatalf("the observation does not marshal: %v", err)
		}
		for _, line := range b.Tree {
			if strings.ContainsRune(line, '\n') {
				t.Fatalf("a tree line holds a newline: %q", line)
			}
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
