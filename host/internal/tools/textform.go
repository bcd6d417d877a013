package tools

import (
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

// The text block of a result is the envelope as JSON, like its
// structuredContent, except where the model reads an observation: there
// the elements are the lines observe.ElementLines writes, only what the
// tree's marked lines do not already say, instead of an object a mark
// (docs/contract.md §3, "The text the model reads"). structuredContent
// keeps the typed objects for clients.

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
	Title    string          `json:"title"`
	URL      string          `json:"url"`
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

func (p *actPage) textForm() any     { return observedText{p.pageInfo, p.Observation.text()} }
func (p *loginPage) textForm() any   { return observedText{p.pageInfo, p.Observation.text()} }
func (p *handoffPage) textForm() any { return observedText{p.pageInfo, p.Observation.text()} }
