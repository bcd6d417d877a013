// Package pagegen generates large, realistic HTML pages for testing and
// benchmarking observe at scale.
//
// Page(n) returns a self-contained document (inline CSS, no scripts, no
// external resources) whose <body> holds n elements: a header with a nav bar
// (one dropdown menu hidden with display:none) and a search form, then a main
// area mixing article sections (headings, paragraphs with inline links and
// emphasis, bullet lists), link lists, small forms (labelled inputs, selects,
// checkboxes, radio buttons, textareas, buttons), data tables with captions,
// column and row headers and controls in cells, tile grids, and toolbars with
// hidden dropdown menus; then a footer. The output depends only on n.
//
// "Elements in <body>" counts every start tag after <body> and before </body>,
// void elements (input, img, br) included and <body> itself excluded. For
// n >= 1 the count is exactly n. Field names and labels avoid the cues that
// make a field sensitive (card, code, PIN, password …), so no value is
// withheld; the page has no frames and no dialogs.
package pagegen

import (
	"fmt"
	"strings"
)

// Page returns a deterministic HTML document with exactly elements elements
// in its <body> (none if elements <= 0).
func Page(elements int) string {
	g := &gen{rng: 0x2545F4914F6CDD1D}
	var body builder
	if elements > 0 {
		g.body(&body, elements)
	}
	var b strings.Builder
	b.Grow(body.s.Len() + 2048)
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>Workspace overview – Northwind Console (%d elements)</title>\n", elements)
	b.WriteString(style)
	b.WriteString("</head>\n<body>\n")
	b.WriteString(body.s.String())
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

const style = `<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2933; background: #f8f9fb; }
  header { display: flex; align-items: center; gap: 24px; padding: 10px 24px; background: #1e3a5f; color: #fff; }
  header a { color: #fff; }
  .brand { font-weight: 700; }
  nav ul { list-style: none; display: flex; gap: 16px; margin: 0; padding: 0; }
  nav li { position: relative; }
  .menu { display: none; position: absolute; background: #fff; color: #1f2933; list-style: none; padding: 4px 0; margin: 0; box-shadow: 0 2px 8px rgba(0,0,0,.2); }
  .menu a { color: #1f2933; display: block; padding: 4px 12px; }
  main { max-width: 1100px; margin: 0 auto; padding: 16px 24px; }
  section { background: #fff; border-radius: 6px; padding: 8px 16px 16px; margin: 16px 0; }
  .field { display: flex; flex-direction: column; gap: 2px; margin: 6px 0; }
  table { border-collapse: collapse; }
  th, td { border-bottom: 1px solid #d9e2ec; padding: 4px 8px; text-align: left; }
  .tiles { display: grid; grid-template-columns: repeat(3, 1fr); gap: 12px; }
  .tile { border: 1px solid #d9e2ec; border-radius: 6px; padding: 8px; }
  .toolbar { position: relative; display: flex; gap: 8px; }
  footer { padding: 16px 24px; color: #52606d; }
</style>
`

// builder writes HTML and counts the start tags it writes.
type builder struct {
	s     strings.Builder
	count int
}

// open writes a start tag; attrs are name, value pairs.
func (b *builder) open(tag string, attrs ...string) {
	b.count++
	b.s.WriteByte('<')
	b.s.WriteString(tag)
	for i := 0; i+1 < len(attrs); i += 2 {
		b.s.WriteByte(' ')
		b.s.WriteString(attrs[i])
		if attrs[i+1] != "" {
			b.s.WriteString(`="`)
			b.s.WriteString(escape(attrs[i+1]))
			b.s.WriteByte('"')
		}
	}
	b.s.WriteByte('>')
}

func (b *builder) close(tag string) {
	b.s.WriteString("</")
	b.s.WriteString(tag)
	b.s.WriteString(">\n")
}

// leaf writes an element holding only text.
func (b *builder) leaf(tag, text string, attrs ...string) {
	b.open(tag, attrs...)
	b.s.WriteString(escape(text))
	b.close(tag)
}

func (b *builder) text(t string) { b.s.WriteString(escape(t)) }

func (b *builder) append(o *builder) {
	b.s.WriteString(o.s.String())
	b.count += o.count
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func escape(s string) string { return escaper.Replace(s) }

// gen holds the generator's state: a fixed-seed xorshift and an id counter.
type gen struct {
	rng uint64
	ids int
}

func (g *gen) next() uint64 {
	g.rng ^= g.rng << 13
	g.rng ^= g.rng >> 7
	g.rng ^= g.rng << 17
	return g.rng
}

// intn returns a number in [lo, hi].
func (g *gen) intn(lo, hi int) int { return lo + int(g.next()%uint64(hi-lo+1)) }

func (g *gen) pick(list []string) string { return list[g.next()%uint64(len(list))] }

func (g *gen) id(prefix string) string {
	g.ids++
	return fmt.Sprintf("%s-%d", prefix, g.ids)
}

var words = strings.Fields(`account activity agenda alert analytics archive audit backlog balance
	batch billing board branch budget build calendar campaign channel checklist client cluster
	comment contract cost customer dashboard dataset deadline delivery deployment digest draft
	estimate event export feedback filter forecast goal group guide history import incident
	insight inventory invoice issue journey label launch ledger library limit log market meeting
	member metric milestone mobile module monitor note notice office order owner partner pipeline
	plan policy portfolio priority product profile project proposal quota queue quarter region
	release report request resource review revenue roadmap schedule segment server service
	shipment sprint stage status storage summary supplier support survey task team template
	ticket timeline traffic trend update upload usage vendor version widget workflow workspace`)

var verbs = strings.Fields(`tracks shows groups compares lists updates summarises highlights
	collects measures filters explains links records flags sorts`)

var headings = []string{"Overview", "Recent activity", "Team updates", "Release notes", "Usage this month",
	"Open requests", "Shared reports", "Upcoming deadlines", "Customer feedback", "Service health",
	"Quarterly goals", "Project board", "Announcements", "Resources", "Integrations", "Audit trail"}

var people = []string{"Ana Costa", "Ben Okafor", "Chloé Martin", "Dev Patel", "Eva Novak", "Farid Haddad",
	"Grace Lin", "Hugo Weber", "Ines Silva", "Jonas Berg", "Kemi Adeyemi", "Luca Rossi"}

var statuses = []string{"Open", "In review", "Blocked", "Done", "Scheduled", "Draft"}

func cap1(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// phrase returns n lower-case words.
func (g *gen) phrase(n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = g.pick(words)
	}
	return strings.Join(w, " ")
}

func (g *gen) title() string { return cap1(g.phrase(g.intn(2, 4))) }

func (g *gen) sentence() string {
	return fmt.Sprintf("The %s %s %s for each %s.", g.phrase(g.intn(1, 2)), g.pick(verbs), g.phrase(g.intn(2, 6)), g.pick(words))
}

// body writes header, main and footer with exactly n elements in all.
func (g *gen) body(b *builder, n int) {
	var header, footer builder
	g.header(&header)
	g.footer(&footer)
	if header.count+footer.count+1 > n {
		// Too small for the chrome: a bare main with paragraphs.
		b.open("main")
		g.fill(b, n-1)
		b.close("main")
		return
	}
	b.append(&header)
	b.open("main")
	left := n - header.count - footer.count - 1
	kinds := []func(*builder){g.article, g.linkList, g.form, g.table, g.tiles, g.toolbar}
	for i := 0; left > 0; i++ {
		var sec builder
		kinds[i%len(kinds)](&sec)
		if sec.count > left {
			// Try the other kinds once before filling the rest.
			fitted := false
			for j := 1; j < len(kinds) && !fitted; j++ {
				var alt builder
				kinds[(i+j)%len(kinds)](&alt)
				if alt.count <= left {
					sec, fitted = alt, true
				}
			}
			if !fitted {
				g.fill(b, left)
				break
			}
		}
		b.append(&sec)
		left -= sec.count
	}
	b.close("main")
	b.append(&footer)
}

// fill writes exactly n elements: short note sections, then paragraphs.
func (g *gen) fill(b *builder, n int) {
	for n >= 4 {
		k := min(n-2, 4) // section + h2 + k paragraphs
		b.open("section")
		b.leaf("h2", g.title())
		for range k {
			b.leaf("p", g.sentence())
		}
		b.close("section")
		n -= 2 + k
	}
	for range n {
		b.leaf("p", g.sentence())
	}
}

func (g *gen) header(b *builder) {
	b.open("header")
	b.leaf("div", "Northwind Console", "class", "brand")
	b.open("nav", "aria-label", "Main")
	b.open("ul")
	for i, item := range []string{"Home", "Projects", "Reports", "Team", "Settings"} {
		b.open("li")
		b.leaf("a", item, "href", "#"+strings.ToLower(item))
		if i == 2 {
			b.open("ul", "class", "menu")
			for _, sub := range []string{"Weekly digest", "Usage", "Billing history", "Exports"} {
				b.open("li")
				b.leaf("a", sub, "href", "#"+strings.ReplaceAll(strings.ToLower(sub), " ", "-"))
				b.close("li")
			}
			b.close("ul")
		}
		b.close("li")
	}
	b.close("ul")
	b.close("nav")
	b.open("form", "role", "search", "action", "#")
	b.leaf("label", "Search", "for", "q")
	b.open("input", "id", "q", "type", "search", "name", "q", "placeholder", "Search the workspace")
	b.leaf("button", "Go", "type", "submit")
	b.close("form")
	b.close("header")
}

func (g *gen) footer(b *builder) {
	b.open("footer")
	b.leaf("p", "© Northwind Console. All rights reserved.")
	b.open("ul")
	for _, item := range []string{"Privacy", "Terms", "Status"} {
		b.open("li")
		b.leaf("a", item, "href", "#"+strings.ToLower(item))
		b.close("li")
	}
	b.close("ul")
	b.close("footer")
}

// article: heading, paragraphs with inline links and emphasis, maybe a list.
func (g *gen) article(b *builder) {
	b.open("section", "id", g.id("s"))
	b.leaf("h2", g.pick(headings))
	for range g.intn(2, 4) {
		b.open("p")
		b.text(g.sentence() + " ")
		switch g.intn(0, 2) {
		case 0:
			b.leaf("a", "Read the "+g.pick(words)+" guide", "href", "#"+g.id("guide"))
		case 1:
			b.leaf("strong", cap1(g.phrase(2)))
		default:
			b.leaf("em", g.phrase(3))
		}
		b.text(" " + g.sentence())
		b.close("p")
	}
	if g.intn(0, 1) == 1 {
		b.open("ul")
		for range g.intn(3, 5) {
			b.leaf("li", g.sentence())
		}
		b.close("ul")
	}
	b.close("section")
}

// linkList: a heading and a list of links.
func (g *gen) linkList(b *builder) {
	b.open("section", "id", g.id("s"))
	b.leaf("h2", g.pick(headings))
	b.open("ul")
	for range g.intn(5, 12) {
		b.open("li")
		b.leaf("a", g.title(), "href", "#"+g.id("item"))
		b.close("li")
	}
	b.close("ul")
	b.close("section")
}

// form: labelled inputs, a select, a checkbox, radios, a textarea, buttons.
func (g *gen) form(b *builder) {
	b.open("section", "id", g.id("s"))
	b.leaf("h2", "New "+g.pick(words))
	b.open("form", "action", "#")
	fields := [][2]string{{"Title", "text"}, {"Owner", "text"}, {"Contact email", "email"},
		{"Due date", "date"}, {"Budget (EUR)", "number"}, {"Website", "url"}}
	for _, f := range fields[:g.intn(2, len(fields))] {
		id := g.id("f")
		b.open("div", "class", "field")
		b.leaf("label", f[0], "for", id)
		b.open("input", "id", id, "name", strings.ToLower(strings.Fields(f[0])[0]), "type", f[1])
		b.close("div")
	}
	id := g.id("f")
	b.open("div", "class", "field")
	b.leaf("label", "Status", "for", id)
	b.open("select", "id", id, "name", "status")
	chosen := g.intn(0, len(statuses)-1)
	for i, s := range statuses {
		if i == chosen {
			b.leaf("option", s, "selected", "")
		} else {
			b.leaf("option", s)
		}
	}
	b.close("select")
	b.close("div")
	if g.intn(0, 1) == 1 {
		b.open("fieldset")
		b.leaf("legend", "Priority")
		group := g.id("prio")
		for i, p := range []string{"Low", "Normal", "High"} {
			b.open("label")
			if i == 1 {
				b.open("input", "type", "radio", "name", group, "value", strings.ToLower(p), "checked", "")
			} else {
				b.open("input", "type", "radio", "name", group, "value", strings.ToLower(p))
			}
			b.text(" " + p)
			b.close("label")
		}
		b.close("fieldset")
	} else {
		id = g.id("f")
		b.open("div", "class", "field")
		b.leaf("label", "Notes", "for", id)
		b.leaf("textarea", g.sentence(), "id", id, "name", "notes", "rows", "2")
		b.close("div")
	}
	b.open("label")
	b.open("input", "type", "checkbox", "name", "notify", "checked", "")
	b.text(" Notify the team")
	b.close("label")
	b.open("div")
	b.leaf("button", "Save", "type", "submit")
	b.leaf("button", "Cancel", "type", "button")
	b.close("div")
	b.close("form")
	b.close("section")
}

// table: caption, column headers, row headers, links and buttons in cells.
func (g *gen) table(b *builder) {
	b.open("section", "id", g.id("s"))
	b.leaf("h2", g.pick(headings))
	b.open("table")
	b.leaf("caption", cap1(g.pick(words))+" list, week "+fmt.Sprint(g.intn(1, 52)))
	b.open("thead")
	b.open("tr")
	for _, h := range []string{"Item", "Owner", "Status", "Updated", "Actions"} {
		b.leaf("th", h, "scope", "col")
	}
	b.close("tr")
	b.close("thead")
	b.open("tbody")
	for range g.intn(3, 10) {
		ref := fmt.Sprintf("%s-%d", strings.ToUpper(g.pick(words)[:3]), g.intn(100, 9999))
		b.open("tr")
		b.leaf("th", ref, "scope", "row")
		b.leaf("td", g.pick(people))
		b.leaf("td", g.pick(statuses))
		b.leaf("td", fmt.Sprintf("2025-%02d-%02d", g.intn(1, 12), g.intn(1, 28)))
		b.open("td")
		b.leaf("a", "Open", "href", "#"+strings.ToLower(ref))
		if g.intn(0, 2) == 0 {
			b.leaf("button", "Assign", "type", "button")
		}
		b.close("td")
		b.close("tr")
	}
	b.close("tbody")
	b.close("table")
	b.close("section")
}

// tiles: a grid of small summary tiles, each with a heading, text and a link.
func (g *gen) tiles(b *builder) {
	b.open("section", "id", g.id("s"))
	b.leaf("h2", g.pick(headings))
	b.open("div", "class", "tiles")
	for range g.intn(3, 6) {
		b.open("article", "class", "tile")
		b.leaf("h3", g.title())
		b.open("p")
		b.leaf("strong", fmt.Sprint(g.intn(1, 999)))
		b.text(" " + g.phrase(2) + " this week")
		b.close("p")
		b.leaf("a", "Details", "href", "#"+g.id("tile"))
		b.close("article")
	}
	b.close("div")
	b.close("section")
}

// toolbar: buttons, one opening a dropdown menu that is hidden (display:none,
// by class or inline style, or the hidden attribute).
func (g *gen) toolbar(b *builder) {
	b.open("section", "id", g.id("s"))
	b.leaf("h2", g.pick(headings))
	b.open("div", "class", "toolbar", "role", "toolbar", "aria-label", "Actions")
	b.leaf("button", "New", "type", "button")
	b.leaf("button", "Share", "type", "button")
	menu := g.id("menu")
	b.leaf("button", "More", "type", "button", "aria-haspopup", "menu", "aria-expanded", "false", "aria-controls", menu)
	switch g.intn(0, 2) {
	case 0:
		b.open("ul", "id", menu, "class", "menu", "role", "menu")
	case 1:
		b.open("ul", "id", menu, "role", "menu", "style", "display:none")
	default:
		b.open("ul", "id", menu, "role", "menu", "hidden", "")
	}
	for _, item := range []string{"Duplicate", "Move", "Export", "Archive", "Delete"}[:g.intn(3, 5)] {
		b.open("li", "role", "none")
		b.leaf("a", item, "href", "#"+strings.ToLower(item), "role", "menuitem")
		b.close("li")
	}
	b.close("ul")
	b.close("div")
	for range g.intn(1, 2) {
		b.leaf("p", g.sentence())
	}
	b.close("section")
}
