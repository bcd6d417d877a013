package tools

import (
	"strconv"
	"strings"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

// The text block of a result is the envelope as the model reads it
// (docs/contract.md §2 and §3, "The text the model reads"): one line of
// JSON, the envelope without its page content's line lists, and then each
// list that has lines under a header naming where it belongs
// ("page_content.tree:"), one entry a line, outside JSON, so that the
// quotes of every line's names are not escaped a second time. An
// observation's elements there are the lines observe.ElementLines writes,
// only what the tree's marked lines do not already say, instead of an
// object a mark, and an observation an act brings leaves out the title and
// URL the act's page content already gives. structuredContent keeps the
// typed objects for clients. The server part's text is textserver.go's.
//
// No page can write a line of its own there: every word a page wrote is a
// quoted JSON string within its line (observe's renderLine), and a line
// that holds a line break is written with it escaped (oneLine).

// lineBlock is a list of page lines the text block gives after its JSON,
// under the header path + ":".
type lineBlock struct {
	path  string
	lines []string
}

// textRendered is page content whose text differs from its structured
// content.
type textRendered interface {
	textForm() (any, []lineBlock)
}

// textForm is page content as the text block's JSON gives it, and the line
// lists that follow the JSON.
func textForm(page any) (any, []lineBlock) {
	if t, ok := page.(textRendered); ok {
		return t.textForm()
	}
	return page, nil
}

// observeText is an observation's page content in the text block's JSON;
// its tree and elements are line blocks.
type observeText struct {
	Title  string          `json:"title,omitempty"`
	URL    string          `json:"url,omitempty"`
	Dialog *browser.Dialog `json:"dialog,omitempty"`
}

func (p observePage) textForm() (any, []lineBlock) { return p.text("page_content") }

// text is the observation's JSON part and its line blocks under path.
func (p *observePage) text(path string) (*observeText, []lineBlock) {
	if p == nil {
		return nil, nil
	}
	blocks := appendBlock(nil, path+".tree", p.Tree)
	blocks = appendBlock(blocks, path+".elements", observe.ElementLines(p.Tree, p.Elements))
	return &observeText{Title: p.Title, URL: p.URL, Dialog: p.Dialog}, blocks
}

func (p readPage) textForm() (any, []lineBlock) {
	return empty, appendBlock(nil, "page_content.lines", p.Lines)
}

// appendBlock adds lines under path when there are any.
func appendBlock(blocks []lineBlock, path string, lines []string) []lineBlock {
	if len(lines) == 0 {
		return blocks
	}
	return append(blocks, lineBlock{path, lines})
}

// observedText is the page content of an act, a login or a handoff that
// brings an observation, in the text block's JSON.
type observedText struct {
	pageInfo
	Observation *observeText `json:"observation,omitempty"`
}

func (p *actPage) textForm() (any, []lineBlock)     { return observed(p.pageInfo, p.Observation) }
func (p *loginPage) textForm() (any, []lineBlock)   { return observed(p.pageInfo, p.Observation) }
func (p *handoffPage) textForm() (any, []lineBlock) { return observed(p.pageInfo, p.Observation) }

// observed is the text of a result's page and the observation it brings,
// whose title and URL are left out where they are the page's own; an
// observation with nothing left in its JSON part is given by its blocks
// alone.
func observed(page pageInfo, obs *observePage) (any, []lineBlock) {
	text, blocks := obs.text("page_content.observation")
	if text != nil {
		if text.Title == page.Title {
			text.Title = ""
		}
		if text.URL == page.URL {
			text.URL = ""
		}
		if *text == (observeText{}) {
			text = nil
		}
	}
	return observedText{page, text}, blocks
}

// writeBlocks writes each block after the JSON: its header, then its lines.
func writeBlocks(b *strings.Builder, blocks []lineBlock) {
	for _, bl := range blocks {
		b.WriteByte('\n')
		b.WriteString(bl.path)
		b.WriteByte(':')
		for _, l := range bl.lines {
			b.WriteByte('\n')
			b.WriteString(oneLine(l))
		}
	}
}

// oneLine is l with whatever would end or break a line (a control
// character, U+2028, U+2029) escaped as JSON escapes it, so that a line
// stays one line whatever it holds.
func oneLine(l string) string {
	if !strings.ContainsFunc(l, breaksLine) {
		return l
	}
	var b strings.Builder
	for _, r := range l {
		if !breaksLine(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRuneToASCII(r) // '\n' or '\u2028', quotes included
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

func breaksLine(r rune) bool {
	return r < 0x20 || r == 0x7f || r == '\u2028' || r == '\u2029'
}
