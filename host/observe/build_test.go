package observe

import (
	"encoding/json"
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

func TestBudgetsCutAndCount(t *testing.T) {
	var nodes []string
	for i := 0; i < 100; i++ {
		nodes = append(nodes, `{"p":-1,"r":"button","tg":"button","n":"Button number `+strings.Repeat("x", 10)+`","a":1,"b":[0,0,10,10],"iv":1}`)
	}
	r := rawOf(t, `{`+vp+`,"nodes":[`+strings.Join(nodes, ",")+`]}`)
	b := build(r, Budgets{TreeChars: 1000, Marks: 30})
	if !b.Counters.MarksTruncated || b.Counters.Marks != 30 || len(b.Elements) != 30 {
		t.Fatalf("marks: %+v, %d elements", b.Counters, len(b.Elements))
	}
	if !b.Counters.TreeTruncated {
		t.Fatal("tree not truncated")
	}
	last := b.Tree[len(b.Tree)-1]
	if !strings.HasPrefix(last, "… (") || !strings.HasSuffix(last, " nodes omitted)") {
		t.Fatalf("last line %q", last)
	}
	size := 0
	for _, l := range b.Tree[:len(b.Tree)-1] {
		size += len(l) + 1
	}
	if size > 1000 {
		t.Fatalf("tree of %d chars over a budget of 1000", size)
	}
	if b.Counters.TreeLines != len(b.Tree) {
		t.Fatalf("tree_lines %d, %d lines", b.Counters.TreeLines, len(b.Tree))
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
		{"p":4,"r":"text","tx":"daily."},
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
