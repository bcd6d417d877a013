package observe

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// fixtureNode is one node of a serializer answer made by fixture; prior is
// its index in the snapshot before ("m", as the serializer reports it when
// asked for the changes since that snapshot), -1 for a new node.
type fixtureNode struct {
	role, name, value, text string
	parent                  int
	act                     bool
	checked                 string // "", "true", "false"
	prior                   int    // -1: new
	y                       float64
}

func fixture(nodes []fixtureNode) *raw {
	var parts []string
	for _, n := range nodes {
		var b strings.Builder
		fmt.Fprintf(&b, `{"p":%d,"r":%q`, n.parent, n.role)
		if n.name != "" {
			fmt.Fprintf(&b, `,"n":%q`, n.name)
		}
		if n.text != "" {
			fmt.Fprintf(&b, `,"tx":%q`, n.text)
		}
		if n.act {
			fmt.Fprintf(&b, `,"a":1,"v":%q,"b":[10,%g,200,20],"iv":1`, n.value, n.y)
		}
		if n.checked != "" {
			fmt.Fprintf(&b, `,"s":{"checked":%s}`, n.checked)
		}
		if n.prior >= 0 {
			fmt.Fprintf(&b, `,"m":%d`, n.prior)
		}
		b.WriteString("}")
		parts = append(parts, b.String())
	}
	r, err := parseRaw([]byte(`{` + vp + `,"nodes":[` + strings.Join(parts, ",") + `]}`))
	if err != nil {
		panic(err)
	}
	return r
}

func viewOf(b Built) View { return View{Tree: b.Tree, Elements: b.Elements} }

// stableOf inverts a snapshot's marks: node index -> mark.
func stableOf(b Built) map[int]int {
	out := map[int]int{}
	for m, i := range b.MarkNode {
		out[i] = m
	}
	return out
}

var before = []fixtureNode{
	{role: "heading", name: "Your order", parent: -1, prior: -1},
	{role: "textbox", name: "First name", parent: -1, act: true, prior: -1, y: 10},
	{role: "textbox", name: "Email", parent: -1, act: true, prior: -1, y: 40},
	{role: "textbox", name: "Phone", parent: -1, act: true, prior: -1, y: 70},
	{role: "checkbox", name: "Newsletter", parent: -1, act: true, checked: "false", prior: -1, y: 100},
	{role: "button", name: "Apply coupon", parent: -1, act: true, prior: -1, y: 130},
	{role: "button", name: "Place order", parent: -1, act: true, prior: -1, y: 160},
}

// TestChangesApplyToThePrevious: on fixtures, a changes observation
// applied to the observation before it gives the new one, its marks are
// those of the elements that stayed, and what the steps themselves did is
// not repeated while what the page did in answer is.
func TestChangesApplyToThePrevious(t *testing.T) {
	prev := build(fixture(before), Budgets{TreeChars: 10000, Marks: 100})
	// The steps typed a name, an email and a phone number and checked the
	// box; the page reformatted the phone, said the email is taken, took
	// the coupon button away and added a field.
	after := []fixtureNode{
		{role: "heading", name: "Your order", parent: -1, prior: 0},
		{role: "textbox", name: "First name", value: "Ada", parent: -1, act: true, prior: 1, y: 10},
		{role: "textbox", name: "Email", value: "ada@example.test", parent: -1, act: true, prior: 2, y: 40},
		{role: "text", text: "This email is already registered", parent: -1, prior: -1},
		{role: "textbox", name: "Phone", value: "+44 20 7946 0958", parent: -1, act: true, prior: 3, y: 70},
		{role: "checkbox", name: "Newsletter", parent: -1, act: true, checked: "true", prior: 4, y: 100},
		{role: "textbox", name: "Coupon", parent: -1, act: true, prior: -1, y: 130},
		{role: "button", name: "Place order", parent: -1, act: true, prior: 6, y: 160},
	}
	next := build(fixture(after), Budgets{TreeChars: 10000, Marks: 100, Stable: stableOf(prev)})
	for _, c := range []struct {
		name string
		mark int
	}{{"First name", 1}, {"Email", 2}, {"Phone", 3}, {"Newsletter", 4}, {"Place order", 6}, {"Coupon", 7}} {
		if got := markNamed(next, c.name); got != c.mark {
			t.Errorf("%s has mark %d, want %d", c.name, got, c.mark)
		}
	}
	yes := true
	acted := Acted{
		1: {Values: []string{"Ada"}},
		2: {Values: []string{"ada@example.test"}},
		3: {Values: []string{"02079460958"}},
		4: {Checked: &yes},
	}
	d := Changes(viewOf(prev), viewOf(next), acted)
	if got, want := d.Apply(viewOf(prev)), viewOf(next); !reflect.DeepEqual(got, want) {
		t.Fatalf("applied:\n%q\n%+v\nwant:\n%q\n%+v", got.Tree, got.Elements, want.Tree, want.Elements)
	}
	sent := strings.Join(d.Tree, "\n")
	t.Logf("sent:\n%s", sent)
	for _, want := range []string{
		`~ textbox "Phone" [3] value="+44 20 7946 0958"`,
		`+ "This email is already registered"`,
		`- button "Apply coupon" [5]`,
		`+ textbox "Coupon" [7]`,
		"… (1 line unchanged)",
		"as the steps set them)",
	} {
		if !strings.Contains(sent, want) {
			t.Errorf("the tree sent lacks %q", want)
		}
	}
	for _, typed := range []string{"Ada", "ada@example.test", "Newsletter"} {
		if strings.Contains(sent, typed) {
			t.Errorf("what the steps did (%s) is repeated", typed)
		}
	}
	changes := map[int]string{}
	for _, e := range d.Elements {
		changes[e.Mark] = e.Change
	}
	if want := map[int]string{3: ChangeChanged, 5: ChangeRemoved, 7: ChangeAdded}; !reflect.DeepEqual(changes, want) {
		t.Errorf("elements changed: %v, want %v", changes, want)
	}
	if d.Added != 2 || d.Removed != 1 || d.Changed != 1 || d.ActedLines != 3 {
		t.Errorf("counts: %+v", d)
	}
}

// TestChangesOfAnUnchangedPage: one line says it all.
func TestChangesOfAnUnchangedPage(t *testing.T) {
	prev := build(fixture(before), Budgets{TreeChars: 10000, Marks: 100})
	same := make([]fixtureNode, len(before))
	for i, n := range before {
		n.prior = i
		same[i] = n
	}
	next := build(fixture(same), Budgets{TreeChars: 10000, Marks: 100, Stable: stableOf(prev)})
	d := Changes(viewOf(prev), viewOf(next), nil)
	if want := []string{"… (7 lines unchanged)"}; !reflect.DeepEqual(d.Tree, want) || len(d.Elements) != 0 {
		t.Fatalf("tree %q, elements %+v", d.Tree, d.Elements)
	}
	if got := d.Apply(viewOf(prev)); !reflect.DeepEqual(got, viewOf(next)) {
		t.Fatalf("applied: %q", got.Tree)
	}
}

// TestChangesWithoutActIsNotActed: a value no step asked for is a change
// the page made, shown whole.
func TestChangesWithoutActIsNotActed(t *testing.T) {
	prev := build(fixture(before), Budgets{TreeChars: 10000, Marks: 100})
	after := make([]fixtureNode, len(before))
	for i, n := range before {
		n.prior = i
		after[i] = n
	}
	after[1].value = "Ada"
	next := build(fixture(after), Budgets{TreeChars: 10000, Marks: 100, Stable: stableOf(prev)})
	d := Changes(viewOf(prev), viewOf(next), Acted{1: {Values: []string{"Grace"}}})
	if !slices.Contains(d.Tree, `~ textbox "First name" [1] value="Ada"`) || len(d.Elements) != 1 || d.Elements[0].Change != ChangeChanged {
		t.Fatalf("tree %q, elements %+v", d.Tree, d.Elements)
	}
	if got := d.Apply(viewOf(prev)); !reflect.DeepEqual(got, viewOf(next)) {
		t.Fatalf("applied: %q", got.Tree)
	}
}

func markNamed(b Built, name string) int {
	for _, e := range b.Elements {
		if e.Name == name {
			return e.Mark
		}
	}
	return 0
}

// TestLineMark reads marks off rendered lines, never out of page text.
func TestLineMark(t *testing.T) {
	for line, want := range map[string]int{
		`textbox "First name" [3] value="Ada"`: 3,
		`  button [12]`:                        12,
		`link "see [4] here" [9]`:              9,
		`"text with [5] in it"`:                0,
		`heading "A \"quoted\" [7]" level=2`:   0,
		`paragraph: "x [3]"`:                   0,
		"… (3 nodes omitted)":                  0,
	} {
		if got := lineMark(line); got != want {
			t.Errorf("lineMark(%q) = %d, want %d", line, got, want)
		}
	}
}
