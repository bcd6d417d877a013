package tools

import (
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

// The text block of a result is the envelope as JSON, like its
// structuredContent, except where the model reads an observation: there
// the elements are the lines observe.ElementLines writes, only what the
// tree's marked lines do not already say, instead of an object a mark, and
// an observation an act brings leaves out the title and URL the act's page
// content already gives (docs/contract.md §3, "The text the model reads").
// structuredContent keeps the typed objects for clients. The server part's
// text is textserver.go's.

// textRendered is page content whose text differs from its structured
// content.
type textRendered interface{ textForm() any }

// textForm is page content as the text block gives it.
func textForm(page any) any {
	if t, ok := page.(textRendered); ok {
		return t.textForm()
	}
	return page
}

// observeText is an observation's page content in the text block.
type observeText struct {
	Title    string          `json:"title,omitempty"`
	URL      string          `json:"url,omitempty"`
	Tree     []string        `json:"tree"`
	Elements []string        `json:"elements,omitempty"`
	Dialog   *browser.Dialog `json:"dialog,omitempty"`
}

func (p observePage) textForm() any { return p.text() }

func (p *observePage) text() *observeText {
	if p == nil {
		return nil
	}
	return &observeText{Title: p.Title, URL: p.URL, Tree: p.Tree, Elements: observe.ElementLines(p.Tree, p.Elements), Dialog: p.Dialog}
}

// observedText is the page content of an act, a login or a handoff that
// brings an observation, in the text block.
type observedText struct {
	pageInfo
	Observation *observeText `json:"observation,omitempty"`
}

func (p *actPage) textForm() any     { return observed(p.pageInfo, p.Observation) }
func (p *loginPage) textForm() any   { return observed(p.pageInfo, p.Observation) }
func (p *handoffPage) textForm() any { return observed(p.pageInfo, p.Observation) }

// observed is the text of a result's page and the observation it brings,
// whose title and URL are left out where they are the page's own.
func observed(page pageInfo, obs *observePage) observedText {
	text := obs.text()
	if text != nil {
		if text.Title == page.Title {
			text.Title = ""
		}
		if text.URL == page.URL {
			text.URL = ""
		}
	}
	return observedText{page, text}
}
