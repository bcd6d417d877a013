package pagegen

import (
	"strings"
	"testing"
)

// bodyElements counts the start tags between <body> and </body>, <body>
// itself excluded: every '<' followed by a letter, so that end tags ("</"),
// comments and doctypes ("<!") are not counted. Escaped text (&lt;) has no '<'.
func bodyElements(t *testing.T, doc string) int {
	t.Helper()
	start := strings.Index(doc, "<body")
	end := strings.LastIndex(doc, "</body>")
	if start < 0 || end < start {
		t.Fatalf("no <body>…</body> in the page")
	}
	start += strings.IndexByte(doc[start:], '>') + 1
	body := doc[start:end]
	n := 0
	for i := 0; i+1 < len(body); i++ {
		if body[i] != '<' {
			continue
		}
		c := body[i+1]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			n++
		}
	}
	return n
}

func TestPageElementCount(t *testing.T) {
	for _, want := range []int{50, 2000, 10000} {
		doc := Page(want)
		got := bodyElements(t, doc)
		if lo, hi := want*95/100, want*105/100; got < lo || got > hi {
			t.Errorf("Page(%d) has %d elements in <body>, want %d..%d", want, got, lo, hi)
		}
	}
}

func TestPageExactForManySizes(t *testing.T) {
	for _, want := range []int{1, 2, 3, 5, 10, 29, 30, 37, 38, 39, 40, 51, 99, 100, 101, 333, 1234, 5000} {
		if got := bodyElements(t, Page(want)); got != want {
			t.Errorf("Page(%d) has %d elements in <body>", want, got)
		}
	}
	if got := bodyElements(t, Page(0)); got != 0 {
		t.Errorf("Page(0) has %d elements in <body>", got)
	}
}

func TestPageDeterministic(t *testing.T) {
	for _, n := range []int{50, 2000, 10000} {
		if a, b := Page(n), Page(n); a != b {
			t.Errorf("Page(%d) differs between two calls", n)
		}
	}
}

func TestPageMix(t *testing.T) {
	doc := Page(2000)
	for _, want := range []string{"<nav", "<h2>", "<p>", "<a href=", "<form", "<label for=",
		"<select", "<option", `type="checkbox"`, `type="radio"`, "<textarea", "<button",
		"<table>", "<caption>", `scope="col"`, `scope="row"`, `class="menu"`,
		"display:none", " hidden>", "<footer>"} {
		if !strings.Contains(doc, want) {
			t.Errorf("Page(2000) has no %q", want)
		}
	}
	if strings.Contains(doc, "<script") || strings.Contains(doc, "<iframe") || strings.Contains(doc, "://") {
		t.Errorf("Page(2000) has a script, a frame or an external reference")
	}
}

func TestArticleWordCount(t *testing.T) {
	doc := Article(1560)
	var words int
	for _, p := range strings.Split(doc, "<p>")[1:] {
		text, _, _ := strings.Cut(p, "</p>")
		for _, tag := range []string{`<a href="`, "</a>"} {
			for strings.Contains(text, tag) {
				i := strings.Index(text, tag)
				j := i + len(tag)
				if tag != "</a>" {
					j = i + strings.Index(text[i:], ">") + 1
				}
				text = text[:i] + text[j:]
			}
		}
		words += len(strings.Fields(text))
	}
	if words != 1560 {
		t.Errorf("Article(1560) has %d words in its paragraphs", words)
	}
	if Article(1560) != doc {
		t.Error("Article differs between two calls")
	}
}
