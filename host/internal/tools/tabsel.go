package tools

import (
	"context"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
)

// tab finds the tab a call is about: the one named by id, else the
// session's selected tab, else the session's newest tab. The model can only
// reach its own session's tabs.
func (s *Server) tab(c *Call, id string) (*browser.Tab, error) {
	key := c.Client.Key()
	if id != "" {
		t, ok := s.b.Lookup(key, id)
		if !ok {
			return nil, toolerr.Errorf(toolerr.CodeTabGone, "No tab of yours has id %q (it may have closed). Call tabs {action:\"list\"} to see your tabs.", id)
		}
		return t, nil
	}
	if t, ok := s.b.Lookup(key, c.Client.Selected()); ok {
		return t, nil
	}
	if t, ok := s.b.Newest(key); ok {
		c.Client.Select(t.ID)
		return t, nil
	}
	return nil, toolerr.Errorf(toolerr.CodeTabGone, "You have no tab open. Open one with tabs {action:\"open\", url} or navigate {url}.")
}

// pageInfo is what a tab's page wrote about itself.
type pageInfo struct {
	URL   string `json:"url"`
	Title string `json:"title"`
}

func (p pageInfo) sourceURLs() []string { return []string{p.URL} }

// dialogPage is page_content with an open dialog's words.
type dialogPage struct {
	pageInfo
	Dialog *browser.Dialog `json:"dialog,omitempty"`
}

func (p dialogPage) shownDialog() *browser.Dialog { return p.Dialog }

// describe fills the tab's server fields and returns its page content.
func describe(c *Call, info browser.TabInfo) dialogPage {
	c.Base.TabID = info.ID
	return dialogPage{pageInfo{URL: info.URL, Title: info.Title}, info.Dialog}
}

// ensureTab returns the call's tab, opening a blank one when the model has
// none and may get one.
func (s *Server) ensureTab(ctx context.Context, c *Call, id string) (*browser.Tab, error) {
	t, err := s.tab(c, id)
	if err == nil || id != "" {
		return t, err
	}
	t, _, err = s.b.Open(ctx, c.Client.Key(), "")
	if err != nil {
		return nil, err
	}
	c.Client.Select(t.ID)
	c.Base.Notice("opened a new tab")
	return t, nil
}
