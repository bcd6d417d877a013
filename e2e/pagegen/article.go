package pagegen

import (
	"fmt"
	"strings"
)

// Article returns a deterministic news-style article page: a header with a
// few links, a headline, a byline, then sections (a heading, paragraphs of
// sentences, now and then an inline link) holding exactly words words of
// paragraph text, and a footer. It is the reading page of the side-by-side
// benchmark (1,560 words there).
func Article(words int) string {
	g := &gen{rng: 0x9E3779B97F4A7C15}
	var b builder
	b.open("header")
	b.leaf("a", "Harbour Gazette", "href", "/home.html")
	b.open("nav")
	for _, s := range []string{"World", "Business", "Science", "Culture"} {
		b.leaf("a", s, "href", "/second.html")
	}
	b.close("nav")
	b.close("header")
	b.open("main")
	b.open("article")
	b.leaf("h1", "How the harbour's new ledger changed a season of deliveries")
	b.leaf("p", "By Ines Silva · 14 minutes to read", "class", "byline")
	left := words
	for s := 0; left > 0; s++ {
		b.leaf("h2", headings[s%len(headings)])
		for p := 0; p < 3 && left > 0; p++ {
			b.open("p")
			var para []string
			n := min(left, g.intn(60, 110))
			for len(para) < n {
				para = append(para, strings.Fields(g.sentence())...)
			}
			para = para[:n]
			left -= n
			if len(para) > 12 && p == 1 {
				// An inline link inside the paragraph, as articles have.
				b.text(strings.Join(para[:6], " ") + " ")
				b.leaf("a", strings.Join(para[6:9], " "), "href", fmt.Sprintf("/second.html#s%d", s))
				b.text(" " + strings.Join(para[9:], " "))
			} else {
				b.text(strings.Join(para, " "))
			}
			b.close("p")
		}
	}
	b.close("article")
	b.close("main")
	b.open("footer")
	b.leaf("a", "About us", "href", "/second.html")
	b.leaf("a", "Contact", "href", "/second.html")
	b.close("footer")
	var out strings.Builder
	out.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	out.WriteString("<title>The harbour's new ledger – Harbour Gazette</title>\n")
	out.WriteString(`<style>body{font-family:Georgia,serif;margin:0;color:#222} header{display:flex;gap:24px;padding:10px 24px;background:#0b3d5c} header a{color:#fff}
nav{display:flex;gap:14px} main{max-width:720px;margin:0 auto;padding:8px 24px;line-height:1.5} .byline{color:#666} footer{padding:16px 24px;display:flex;gap:16px}</style>` + "\n")
	out.WriteString("</head>\n<body>\n")
	out.WriteString(b.s.String())
	out.WriteString("</body>\n</html>\n")
	return out.String()
}
