package privacy

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

const mail = "http://127.0.0.1:4001"

func TestFindRunsOfPrivateText(t *testing.T) {
	var x Index
	x.Add(mail, `Your sign-in code is 482 913. Account DE44-5001-0517 ana.silva@mail.test. Recovery: QXRT WMPL`)
	for _, c := range []struct {
		text, to, want string
	}{
		{"482913", "http://127.0.0.1:4002", "482913"},
		{"the code: 48 29 13!", "http://127.0.0.1:4002", "482913"},
		{"CODE482913", "http://127.0.0.1:4002", "482913"},
		{"de44-5001-0517", "http://127.0.0.1:4002", "de44-5001-0517"},
		{"write to ANA.SILVA@MAIL.TEST", "http://127.0.0.1:4002", "ana.silva@mail.test"},
		{"sign in code", "http://127.0.0.1:4002", ""},        // words read there, each under six letters
		{"qxrtwmpl", "http://127.0.0.1:4002", "qxrtwmpl"},    // capitals in groups, one code
		{"Your account", "http://127.0.0.1:4002", "account"}, // a word of seven read there
		{"482913", mail, ""},                               // the private site itself
		{"48291", "http://127.0.0.1:4002", ""},             // shorter than a run
		{"hello there, 7731", "http://127.0.0.1:4002", ""}, // never read there
		{"482/913", "http://127.0.0.1:4002", ""},           // a run ends at /
	} {
		m, ok := x.Find(c.text, c.to, nil)
		if got := m.Text; ok != (c.want != "") || !strings.Contains(got, c.want) {
			t.Errorf("Find(%q, %s) = %q %v, want %q", c.text, c.to, got, ok, c.want)
		}
		if ok && m.Origin != mail {
			t.Errorf("Find(%q): from %s", c.text, m.Origin)
		}
	}
	if _, ok := x.Find("482913", "http://127.0.0.1:4002", func(from string) bool { return from == mail }); ok {
		t.Error("a site the person allowed to share with is still held")
	}
}

func TestURLText(t *testing.T) {
	for raw, want := range map[string]string{
		"http://127.0.0.1:4002/collect?acct=DE44%205001&x=1#c=482913": "/collect/acct=DE44 5001&x=1/c=482913",
		"https://482913.evil.example.com/a":                           "482913.evil//a//",
	} {
		if got := URLText(raw); got != want {
			t.Errorf("URLText(%s) = %q, want %q", raw, got, want)
		}
	}
	var x Index
	x.Add(mail, "Account DE44-5001-0517")
	if _, ok := x.Find(URLText("http://127.0.0.1:4002/go?a=de44-5001-0517"), "http://127.0.0.1:4002", nil); !ok {
		t.Error("a URL carrying the account number is not found")
	}
	if _, ok := x.Find(URLText("http://127.0.0.1:4002/go?a=1"), "http://127.0.0.1:4002", nil); ok {
		t.Error("a URL carrying nothing of it is found")
	}
}

func TestMask(t *testing.T) {
	if got := Mask("482913"); got != "48**13" {
		t.Errorf("Mask = %q", got)
	}
	if got := Mask(strings.Repeat("a", 100)); len(got) != 28 {
		t.Errorf("Mask of a long run = %q", got)
	}
}

// TestIndexIsBounded: past MaxBytes the oldest text goes, and with it its
// matches.
func TestIndexIsBounded(t *testing.T) {
	var x Index
	x.Add(mail, "first-secret-QX7731")
	for i := range 6000 {
		x.Add(mail, fmt.Sprintf("filler line %06d with some words-%d-abcdefghijklmnopqrstuvwxyz", i, i*7919))
	}
	if x.Size() > MaxBytes {
		t.Errorf("index holds %d bytes, over %d", x.Size(), MaxBytes)
	}
	if _, ok := x.Find("qx7731", "http://other.test", nil); ok {
		t.Error("the oldest text is still found past the bound")
	}
	if _, ok := x.Find("words-47506081", "http://other.test", nil); !ok {
		t.Error("the newest text is not found")
	}
}

// BenchmarkFind is what the check adds to an act on another site, against
// a full index: a typed text and a URL. It prints the time of one check.
func BenchmarkFind(b *testing.B) {
	var x Index
	for i := 0; x.Size() < MaxBytes-200; i++ {
		x.Add(mail, fmt.Sprintf("Message %d from sender%d@mail.test: your reference is REF-%08d, see the attached statement %x.", i, i, i*7919, i*104729))
	}
	typed := "Hello, I would like to ask about order 7731 placed last Tuesday; please call me back at the number on file. Thanks!"
	link := URLText("http://127.0.0.1:4002/search?q=winter+boots+size+42&page=2#reviews")
	big := strings.Repeat("a long letter the model wrote itself, sentence after sentence. ", 1000) // ~64 KiB
	for _, c := range []struct {
		name, text string
	}{{"typed", typed}, {"url", link}, {"64KiB", big}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				x.Find(c.text, "http://127.0.0.1:4002", nil)
			}
			per := b.Elapsed() / time.Duration(b.N)
			fmt.Printf("privacy check, %s (%d bytes) against a full index (%d KiB): %.3f ms (budget 5 ms)\n",
				c.name, len(c.text), x.Size()>>10, float64(per.Nanoseconds())/1e6)
		})
	}
}

// BenchmarkAdd is what indexing one observation of a private page (24,000
// characters, the tree's default budget) costs the call that read it, on
// a full index.
func BenchmarkAdd(b *testing.B) {
	var x Index
	for i := 0; x.Size() < MaxBytes-200; i++ {
		x.Add(mail, fmt.Sprintf("Message %d from sender%d@mail.test: your reference is REF-%08d.", i, i, i*7919))
	}
	var page strings.Builder
	for i := 0; page.Len() < 24000; i++ {
		fmt.Fprintf(&page, "Re: invoice %d from billing%d@shop.test, due %d days; ", i*31, i, i%30)
	}
	n := 0
	for b.Loop() {
		n++
		x.Add(mail, strings.ReplaceAll(page.String(), "Re:", fmt.Sprintf("Re%d:", n))) // new text each time
	}
	fmt.Printf("privacy index, adding a %d-character observation to a full index: %.3f ms\n",
		page.Len(), float64((b.Elapsed()/time.Duration(b.N)).Nanoseconds())/1e6)
}
