package observe

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

func rawOf(t *testing.T, js string) *raw {
	t.Helper()
	r, err := parseRaw([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

const vp = `"vp":{"w":800,"h":600,"sx":0,"sy":0,"ch":600,"cw":800,"dpr":1}`

// TestHostWithholdsSensitiveValues: even when the page side failed to
// withhold a secret (it reported the value), the host's own cue check drops
// it, counts it and masks the field.
func TestHostWithholdsSensitiveValues(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"textbox","tg":"input","n":"Card number","v":"4111111111111111","a":1,"cue":{"t":"text","ac":"","nm":"x","id":"","ph":""},"b":[10,10,200,20],"iv":1},
		{"p":-1,"r":"textbox","tg":"input","n":"Street","v":"12 Harbour Street","a":1,"cue":{"t":"text","ac":"","nm":"street","id":"","ph":""},"b":[10,40,200,20],"iv":1},
		{"p":-1,"r":"textbox","tg":"input","n":"Code","a":1,"sx":1,"cue":{"t":"text","ac":"one-time-code","nm":"","id":"","ph":""},"b":[10,70,200,20],"iv":1}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	all, _ := json.Marshal(b)
	if strings.Contains(string(all), "4111") {
		t.Fatalf("the card number survived: %s", all)
	}
	if !strings.Contains(strings.Join(b.Tree, "\n"), "12 Harbour Street") {
		t.Fatal("an ordinary value was withheld")
	}
	if b.Counters.RedactedFields != 2 || len(b.Masks) != 2 {
		t.Fatalf("redacted %d, masks %d; want 2 and 2", b.Counters.RedactedFields, len(b.Masks))
	}
	if m := b.Masks[0]; m.X > 10 || m.Y > 10 || m.X+m.W < 210 || m.Y+m.H < 30 {
		t.Fatalf("mask %+v does not cover the field", m)
	}
	if b.Elements[0].Value != nil || b.Elements[0].State[0] != "value withheld" {
		t.Fatalf("element 1 = %+v", b.Elements[0])
	}
}

// buttons are n buttons 20 px apart down a page, the first at y0 (CSS
// pixels from the viewport's top).
func buttons(n int, y0 float64) string {
	var nodes []string
	for i := 0; i < n; i++ {
		y := y0 + float64(i)*20
		iv := 0
		if y+16 > 0 && y < 600 {
			iv = 1
		}
		nodes = append(nodes, fmt.Sprintf(`{"p":-1,"r":"button","tg":"button","n":"Button number %03d","a":1,"b":[0,%g,100,16],"iv":%d}`, i, y, iv))
	}
	return `{` + vp + `,"nodes":[` + strings.Join(nodes, ",") + `]}`
}

func TestBudgetsCutAndCount(t *testing.T) {
	r := rawOf(t, buttons(100, 0))
	b := build(r, Budgets{TreeChars: 1000, Marks: 40})
	// 30 buttons are in the 600 px viewport, 10 more are the nearest.
	if !b.Counters.MarksTruncated || b.Counters.Marks != 40 || len(b.Elements) != 40 {
		t.Fatalf("marks: %+v, %d elements", b.Counters, len(b.Elements))
	}
	if !b.Counters.TreeTruncated {
		t.Fatal("tree not truncated")
	}
	last := b.Tree[len(b.Tree)-1]
	if last != "… (60 nodes omitted)" {
		t.Fatalf("last line %q", last)
	}
	if b.Counters.TreeLines != len(b.Tree) {
		t.Fatalf("tree_lines %d, %d lines", b.Counters.TreeLines, len(b.Tree))
	}
	// Unmarked lines are cut where they must be; here every one is marked
	// or omitted, so the marked lines are all there.
	for i, e := range b.Elements {
		if e.Mark != i+1 || e.Name != fmt.Sprintf("Button number %03d", i) {
			t.Fatalf("element %d = %+v", i, e)
		}
	}
}

// TestMarksGoToTheViewportFirst: after scrolling to the bottom of a long
// page, the buttons in view have marks; the budget's rest goes to the
// nearest above; marks stay unique and in reading order.
func TestMarksGoToTheViewportFirst(t *testing.T) {
	// 200 buttons; the viewport (600 px) shows buttons 170..199.
	r := rawOf(t, buttons(200, -170*20))
	b := build(r, Budgets{TreeChars: 100000, Marks: 50})
	if !b.Counters.MarksTruncated || b.Counters.Marks != 50 {
		t.Fatalf("counters %+v", b.Counters)
	}
	for i, e := range b.Elements {
		want := fmt.Sprintf("Button number %03d", 150+i)
		if e.Mark != i+1 || e.Name != want {
			t.Fatalf("element %d = %+v, want mark %d on %q", i, e, i+1, want)
		}
	}
	if len(b.Labels) != 30 {
		t.Errorf("%d marks drawn, want the 30 in view", len(b.Labels))
	}
	for mark, i := range b.MarkNode {
		if r.Nodes[i].Name != b.Elements[mark-1].Name {
			t.Errorf("mark %d points at node %d (%s)", mark, i, r.Nodes[i].Name)
		}
	}
}

// TestViewportMarksBeatTheBudget: every actionable element in the viewport
// has a mark even when they alone are more than the budget.
func TestViewportMarksBeatTheBudget(t *testing.T) {
	r := rawOf(t, buttons(60, 0)) // 30 in view
	b := build(r, Budgets{TreeChars: 100000, Marks: 10})
	if b.Counters.Marks != 30 || !b.Counters.MarksTruncated {
		t.Fatalf("counters %+v, want the 30 in view marked and truncated", b.Counters)
	}
	if b.Elements[29].Name != "Button number 029" {
		t.Fatalf("last mark on %q", b.Elements[29].Name)
	}
}

// TestTreeBudgetKeepsMarkedLines: the tree's budget never cuts a marked
// line; it cuts unmarked lines far from the viewport first, and says how
// many at each cut; it stays within budget when the marked lines allow.
func TestTreeBudgetKeepsMarkedLines(t *testing.T) {
	// A long article: 300 paragraphs, and a button every 50; the viewport
	// is scrolled to paragraph 200.
	var nodes []string
	for i := 0; i < 300; i++ {
		y := float64(i-200) * 30
		nodes = append(nodes, fmt.Sprintf(`{"p":-1,"r":"paragraph","tg":"p","b":[0,%g,600,28]}`, y),
			fmt.Sprintf(`{"p":%d,"r":"text","tx":"Paragraph %03d of a long article."}`, len(nodes), i))
		if i%50 == 25 {
			nodes = append(nodes, fmt.Sprintf(`{"p":-1,"r":"button","tg":"button","n":"Share %03d","a":1,"b":[0,%g,80,20]}`, i, y+10))
		}
	}
	r := rawOf(t, `{`+vp+`,"nodes":[`+strings.Join(nodes, ",")+`]}`)
	const budget = 2000
	b := build(r, Budgets{TreeChars: budget, Marks: 100})
	tree := strings.Join(b.Tree, "\n")
	if !b.Counters.TreeTruncated {
		t.Fatal("tree not truncated")
	}
	for i := 25; i < 300; i += 50 {
		if !strings.Contains(tree, fmt.Sprintf(`button "Share %03d" [`, i)) {
			t.Errorf("the marked line of Share %03d was cut:\n%s", i, tree)
		}
	}
	for i := 200; i < 220; i++ { // in the viewport
		if !strings.Contains(tree, fmt.Sprintf("Paragraph %03d", i)) {
			t.Errorf("paragraph %d, in view, was cut", i)
		}
	}
	if strings.Contains(tree, "Paragraph 000") || strings.Contains(tree, "Paragraph 299") {
		t.Error("the paragraphs farthest from the viewport were kept before nearer ones")
	}
	size, kept, omitted := 0, 0, 0
	for _, l := range b.Tree {
		size += len(l) + 1
		var n int
		if _, err := fmt.Sscanf(l, "… (%d nodes omitted)", &n); err == nil {
			omitted += n
		} else {
			kept++
		}
	}
	if size > budget {
		t.Errorf("tree of %d chars over a budget of %d", size, budget)
	}
	if kept+omitted != 306 {
		t.Errorf("%d lines kept + %d said omitted, want 306 in all", kept, omitted)
	}
}

func TestFitTree(t *testing.T) {
	l := func(text string, marked bool, dist float64) treeLine {
		return treeLine{render: func() string { return text }, marked: marked, dist: dist}
	}
	for _, tc := range []struct {
		name   string
		lines  []treeLine
		budget int
		want   []string
		cut    bool
	}{
		{"fits", []treeLine{l("a", false, 0), l("b", false, 9)}, 4, []string{"a", "b"}, false},
		{"all marked, over budget", []treeLine{l("aaaa", true, 0), l("bbbb", true, 9)}, 4, []string{"aaaa", "bbbb"}, false},
		{"far end cut", []treeLine{l("near", false, 0), l("far-away-line-of-text", false, 900), l("farther-line-of-text", false, 1000)}, 40,
			[]string{"near", "… (2 nodes omitted)"}, true},
		{"marked line kept in the cut", []treeLine{l("near", false, 0), l(strings.Repeat("far ", 10), false, 900), l("button [1]", true, 5000), l(strings.Repeat("farther ", 5), false, 6000)}, 60,
			[]string{"near", "… (1 nodes omitted)", "button [1]", "… (1 nodes omitted)"}, true},
		{"top cut when scrolled down", []treeLine{l("top-of-the-page-text", false, 3000), l("middle-of-the-page-text", false, 1000), l("in view", false, 0)}, 40,
			[]string{"… (2 nodes omitted)", "in view"}, true},
	} {
		got, cut := fitTree(tc.lines, tc.budget)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") || cut != tc.cut {
			t.Errorf("%s: got %q (cut %v), want %q (cut %v)", tc.name, got, cut, tc.want, tc.cut)
		}
	}
}

func TestTreeFormat(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"main","tg":"main"},
		{"p":0,"r":"heading","tg":"h1","n":"Shop","nf":1,"s":{"level":1}},
		{"p":1,"r":"text","tx":"Shop"},
		{"p":0,"r":"generic","tg":"div"},
		{"p":3,"r":"paragraph","tg":"p"},
		{"p":4,"r":"text","tx":"Fresh tea, "},
		{"p":4,"r":"text","tx":"daily.","sb":1},
		{"p":0,"r":"text","tx":"Name"},
		{"p":0,"r":"textbox","tg":"input","n":"Name","v":"Ada","a":1,"cue":{"t":"text"},"b":[0,0,10,10],"iv":1,"s":{"required":true}},
		{"p":0,"r":"checkbox","tg":"input","n":"Gift \"wrap\"","a":1,"s":{"checked":true},"b":[0,700,10,10]},
		{"p":0,"r":"button","tg":"button","n":"Pay","a":1,"b":[0,20,10,10],"iv":1,"cov":12},
		{"p":0,"r":"dialog","tg":"div","n":"Cookies"},
		{"p":11,"r":"button","tg":"button","n":"Accept","a":1,"b":[0,20,10,10],"iv":1}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	want := []string{
		`main`,
		`  heading "Shop" level=1`,
		`  "Fresh tea, daily."`,
		`  textbox "Name" [1] value="Ada" required`,
		`  checkbox "Gift \"wrap\"" [2] checked`,
		`  button "Pay" [3] covered by [4]`,
		`  dialog "Cookies"`,
		`    button "Accept" [4]`,
	}
	if got := strings.Join(b.Tree, "\n"); got != strings.Join(want, "\n") {
		t.Fatalf("tree:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	if st := b.Elements[1].State; len(st) != 2 || st[1] != "offscreen" {
		t.Errorf("an element below the viewport: state %v", st)
	}
	if len(b.Labels) != 3 {
		t.Errorf("labels for in-view marks: %d, want 3", len(b.Labels))
	}
}

func TestParseRawRefusesMalformed(t *testing.T) {
	for _, js := range []string{
		`not json`,
		`{"nodes":[{"p":0,"r":"text"}]}`,         // its own parent
		`{"nodes":[{"p":5,"r":"text"}]}`,         // a parent after it
		`{"nodes":[{"p":-1,"r":"x","b":[1,2]}]}`, // a short box
	} {
		if _, err := parseRaw([]byte(js)); err == nil {
			t.Errorf("parseRaw(%s) accepted", js)
		}
	}
}

// TestNothingUnderASecret: the text inside an editable region or a select
// that holds a secret is withheld with its value.
func TestNothingUnderASecret(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"generic","tg":"div","n":"PIN","a":16,"cue":{"t":"","ac":"","nm":"","id":"pin","ph":""},"b":[0,0,50,20],"iv":1},
		{"p":0,"r":"text","tx":"SECRET-1234"},
		{"p":-1,"r":"listbox","tg":"select","n":"Expiry month","a":1,"cue":{"t":"","ac":"cc-exp-month","nm":"","id":"","ph":""},"b":[0,30,50,20],"iv":1},
		{"p":2,"r":"option","tg":"option","n":"09","nf":1,"a":1,"s":{"selected":true},"b":[0,30,50,10],"iv":1}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	all, _ := json.Marshal(b)
	if strings.Contains(string(all), "SECRET") || strings.Contains(strings.Join(b.Tree, "\n"), `"09"`) {
		t.Fatalf("text under a secret field leaked: %s", all)
	}
	if b.Counters.RedactedFields != 2 || b.Counters.Marks != 2 {
		t.Fatalf("counters %+v", b.Counters)
	}
}

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		box  []float64
		want float64
	}{
		{[]float64{10, 10, 50, 20}, 0},         // inside
		{[]float64{-30, -30, 50, 50}, 0},       // overlapping the corner
		{[]float64{0, 700, 50, 20}, 100},       // below the 800x600 viewport
		{[]float64{0, -120, 50, 20}, 100},      // above
		{[]float64{900, 900, 10, 10}, 316.228}, // beyond the corner
		{nil, math.Inf(1)},                     // no box
	} {
		if got := distance(tc.box, 800, 600); math.Abs(got-tc.want) > 0.01 && !(math.IsInf(got, 1) && math.IsInf(tc.want, 1)) {
			t.Errorf("distance(%v) = %v, want %v", tc.box, got, tc.want)
		}
	}
	// A box that only touches the viewport's edge is outside it.
	if d := distance([]float64{0, 600, 10, 10}, 800, 600); d <= 0 {
		t.Errorf("a box below the edge is at distance %v", d)
	}
}

// TestRowsKeepTheirHeaderCells: a grid's row is named from its cells, as
// in Chrome's tree, but its line does not stand for them: a header row
// shows each columnheader, not `row "Date Type"`.
func TestRowsKeepTheirHeaderCells(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"grid","tg":"table","n":"Ledger"},
		{"p":0,"r":"row","tg":"tr","n":"Date Type","nf":1},
		{"p":1,"r":"columnheader","tg":"th","n":"Date","nf":1},
		{"p":2,"r":"text","tx":"Date"},
		{"p":1,"r":"columnheader","tg":"th","n":"Type","nf":1},
		{"p":4,"r":"text","tx":"Type"}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	want := []string{`grid "Ledger"`, `  row`, `    columnheader "Date"`, `    columnheader "Type"`}
	if strings.Join(b.Tree, "\n") != strings.Join(want, "\n") {
		t.Fatalf("tree:\n%s\nwant:\n%s", strings.Join(b.Tree, "\n"), strings.Join(want, "\n"))
	}
}

// TestDraggableCardIsNamedByItsText: a card a person can drag, which
// Chrome leaves unnamed, is named by its text; a clickable span is not
// (its text stays beside it, as Chrome has no name for it).
func TestDraggableCardIsNamedByItsText(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"group","tg":"div","n":"","a":64,"b":[0,0,200,40],"iv":1},
		{"p":0,"r":"text","tx":"Card: write the report"},
		{"p":-1,"r":"generic","tg":"span","n":"","a":8,"b":[0,50,200,20],"iv":1},
		{"p":2,"r":"text","tx":"Details"}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	if b.Elements[0].Name != "Card: write the report" || b.Elements[0].Text != "" || b.Tree[0] != `group "Card: write the report" [1]` {
		t.Errorf("the card: %+v, %q", b.Elements[0], b.Tree[0])
	}
	if b.Elements[1].Name != "" || b.Elements[1].Text != "Details" {
		t.Errorf("the span: %+v", b.Elements[1])
	}
}

// TestContainersThatOnlyGroupHaveNoMark: an unnamed container that only
// takes the focus and whose content all lies in what a person acts on (a
// menu focused by script) has no mark; one with words of its own, a name,
// or nothing actionable inside keeps it.
func TestContainersThatOnlyGroupHaveNoMark(t *testing.T) {
	r := rawOf(t, `{`+vp+`,"nodes":[
		{"p":-1,"r":"generic","tg":"div","n":"","a":32,"b":[0,0,200,60],"iv":1},
		{"p":0,"r":"menuitem","tg":"li","n":"Open","a":33,"b":[0,0,200,20],"iv":1},
		{"p":1,"r":"text","tx":"Open"},
		{"p":-1,"r":"generic","tg":"div","n":"","a":2,"b":[0,100,200,60],"iv":1},
		{"p":3,"r":"text","tx":"Words of its own"},
		{"p":3,"r":"button","tg":"button","n":"Go","a":1,"b":[0,120,50,20],"iv":1},
		{"p":-1,"r":"menu","tg":"ul","n":"Actions","a":2,"b":[0,200,200,60],"iv":1},
		{"p":6,"r":"menuitem","tg":"li","n":"Save","a":33,"b":[0,200,200,20],"iv":1},
		{"p":-1,"r":"generic","tg":"div","n":"","a":2,"b":[0,300,200,60],"iv":1},
		{"p":8,"r":"text","tx":"Only words"}
	]}`)
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	var got []string
	for _, e := range b.Elements {
		got = append(got, e.Role+" "+e.Name+e.Text)
	}
	want := []string{"menuitem Open", "generic ", "button Go", "menu Actions", "menuitem Save", "generic Only words"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("marked:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestJoinText: pieces of text in inline elements are one line, spaced as
// the page spaced them; a block, a line break or a marked element between
// them keeps them apart.
func TestJoinText(t *testing.T) {
	r, err := parseRaw([]byte(`{"vp":{"w":800,"h":600},"nodes":[
		{"p":-1,"r":"code","tg":"code","il":1},
		{"p":0,"r":"generic","tg":"span","il":1},
		{"p":1,"r":"text","tx":"<"},
		{"p":0,"r":"generic","tg":"span","il":1},
		{"p":3,"r":"text","tx":"p"},
		{"p":0,"r":"text","tx":">This"},
		{"p":0,"r":"generic","tg":"b","il":1},
		{"p":6,"r":"text","tx":"bold","sb":1},
		{"p":0,"r":"generic","tg":"br","il":1},
		{"p":0,"r":"text","tx":"after break"},
		{"p":0,"r":"button","tg":"button","n":"Copy","a":1,"b":[0,0,10,10],"iv":1},
		{"p":-1,"r":"generic","tg":"div"},
		{"p":11,"r":"text","tx":"Price"},
		{"p":-1,"r":"generic","tg":"div"},
		{"p":13,"r":"text","tx":"$10"},
		{"p":-1,"r":"text","tx":"see"},
		{"p":-1,"r":"link","tg":"a","n":"the docs","nf":1,"a":1,"b":[0,0,10,10],"iv":1,"il":1},
		{"p":16,"r":"text","tx":"the docs"},
		{"p":-1,"r":"text","tx":"now","sb":1}
	]}`))
	if err != nil {
		t.Fatal(err)
	}
	b := build(r, Budgets{TreeChars: 10000, Marks: 100})
	want := []string{
		`code`,
		`  "<p>This bold"`,
		`  "after break"`,
		`  button "Copy" [1]`,
		`"Price"`,
		`"$10"`,
		`"see"`,
		`link "the docs" [2]`,
		`"now"`,
	}
	if !slices.Equal(b.Tree, want) {
		t.Errorf("tree:\n%s\nwant:\n%s", strings.Join(b.Tree, "\n"), strings.Join(want, "\n"))
	}
}
