package tools

import (
	"context"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/browser"
)

type tabsIn struct {
	Action string `json:"action" jsonschema:"list, open, close or select"`
	URL    string `json:"url,omitempty" jsonschema:"for open: http(s) URL to load"`
	TabID  string `json:"tab_id,omitempty" jsonschema:"for close/select; close defaults to the current tab"`
}

type tabsListServer struct {
	*Base
	Tabs     []tabEntry `json:"tabs"`
	Selected string     `json:"selected,omitempty"`
}

type tabServer struct {
	*Base
	Origin     string     `json:"origin"`
	Navigation *navResult `json:"navigation,omitempty"`
	DialogOpen bool       `json:"dialog_open"`
}

type tabEntry struct {
	TabID   string `json:"tab_id"`
	Origin  string `json:"origin"`
	Loading bool   `json:"loading"`
}

type tabsPage struct {
	Tabs []tabPage `json:"tabs"`
}

// keep drops what the pages of tabs outside the sites wrote: the server
// part still lists those tabs, with their origins.
func (p *tabsPage) keep(allowed func(url string) bool) {
	kept := p.Tabs[:0]
	for _, t := range p.Tabs {
		if allowed(t.URL) {
			kept = append(kept, t)
		}
	}
	p.Tabs = kept
}

func (p *tabsPage) pages() []pageContent {
	out := make([]pageContent, len(p.Tabs))
	for i, t := range p.Tabs {
		out[i] = t.pageInfo
	}
	return out
}

// sourceURLs: none for the whole; the gate keeps the entries whose page
// the session may see (keep).
func (p *tabsPage) sourceURLs() []string { return nil }

type tabPage struct {
	TabID string `json:"tab_id"`
	pageInfo
}

func tabsDef() def {
	return newDef(&mcp.Tool{
		Name:        "tabs",
		Description: "List, open, close or select your tabs (you see only those you opened); open and select make a tab current.",
		Annotations: &mcp.ToolAnnotations{Title: "Tabs", DestructiveHint: ptr(false), OpenWorldHint: ptr(true)},
	}, map[string][]any{"action": {"list", "open", "close", "select"}}, answersOf[*tabsListServer, *tabsPage]().or(answersOf[*tabServer, dialogPage]()), (*Server).tabs).withBudget(asksBeforeSharing)
}

func (s *Server) tabs(ctx context.Context, c *Call, in tabsIn) (Outcome, error) {
	switch in.Action {
	case "list":
		return s.tabsList(ctx, c)
	case "open":
		if in.URL != "" {
			if err := browser.CheckURL(in.URL); err != nil {
				return Outcome{}, err
			}
			if err := c.admit(ctx, in.URL); err != nil {
				return c.refused(in.URL), err
			}
			if err := c.opening(ctx, in.URL); err != nil {
				return Outcome{}, err
			}
		}
		t, nav, err := s.b.Open(ctx, c.Client.Key(), in.URL)
		if t != nil {
			c.Client.Select(t.ID)
		}
		if err != nil && (t == nil || nav.Status == "") {
			return Outcome{}, err
		}
		if err == nil {
			err = navOutcome(c, nav)
		}
		return s.tabOutcome(c, t, &nav), err
	case "close":
		t, err := s.tab(c, in.TabID)
		if err != nil {
			return Outcome{}, err
		}
		if err := t.Close(ctx); err != nil {
			// The tab is still there (its page asks first, say): what it shows.
			return s.tabOutcome(c, t, nil), err
		}
		c.Base.Notice("closed tab " + t.ID)
		return s.tabsList(ctx, c)
	case "select":
		if in.TabID == "" {
			return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "select needs a tab_id; call tabs {action:\"list\"} to see them.")
		}
		t, err := s.tab(c, in.TabID)
		if err != nil {
			return Outcome{}, err
		}
		// The session's current tab, not Chrome's active one: the person's
		// tab stays in front.
		c.Client.Select(t.ID)
		return s.tabOutcome(c, t, nil), nil
	}
	return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument, "Unknown action %q; use list, open, close or select.", in.Action)
}

func (s *Server) tabsList(ctx context.Context, c *Call) (Outcome, error) {
	infos, err := s.b.List(ctx, c.Client.Key())
	if err != nil {
		return Outcome{}, err
	}
	srv := &tabsListServer{Base: c.Base, Tabs: []tabEntry{}}
	page := tabsPage{Tabs: []tabPage{}}
	selected := c.Client.Selected()
	for _, info := range infos {
		srv.Tabs = append(srv.Tabs, tabEntry{TabID: info.ID, Origin: info.Origin, Loading: info.Loading})
		page.Tabs = append(page.Tabs, tabPage{TabID: info.ID, pageInfo: pageInfo{URL: info.URL, Title: info.Title}})
		if info.ID == selected {
			srv.Selected = selected
		}
	}
	return Outcome{Server: srv, Page: &page}, nil
}

func (s *Server) tabOutcome(c *Call, t *browser.Tab, nav *browser.Navigation) Outcome {
	info := t.Info()
	page := describe(c, info)
	return Outcome{
		Server: &tabServer{Base: c.Base, Origin: info.Origin, Navigation: navOf(nav), DialogOpen: info.Dialog != nil},
		Page:   page,
	}
}

func ptr[T any](v T) *T { return &v }
