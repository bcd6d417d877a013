package tools

import (
	"context"
	"fmt"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/browser"
)

type navigateIn struct {
	URL    string `json:"url,omitempty" jsonschema:"http(s) URL to load"`
	Action string `json:"action,omitempty" jsonschema:"back, forward or reload instead of a url"`
	TabID  string `json:"tab_id,omitempty" jsonschema:"default: current tab"`
}

type navigateServer struct {
	*Base
	Origin     string     `json:"origin"`
	Navigation *navResult `json:"navigation"`
	DialogOpen bool       `json:"dialog_open"`
}

// navResult is how a navigation ended, in the server's words.
type navResult struct {
	Status     browser.NavStatus `json:"status"`
	Error      string            `json:"error,omitempty"`       // Chrome's net error name
	HTTPStatus int               `json:"http_status,omitempty"` // the document's response status
}

func navOf(nav *browser.Navigation) *navResult {
	if nav == nil || nav.Status == "" {
		return nil
	}
	return &navResult{Status: nav.Status, Error: nav.Error, HTTPStatus: nav.HTTPStatus}
}

// navOutcome turns how a navigation ended into the call's notices and
// error: a page Chrome could not load fails the call; a 4xx or 5xx answer,
// or a load that did not finish, is a notice.
func navOutcome(c *Call, nav browser.Navigation) error {
	switch nav.Status {
	case browser.NavFailed:
		if nav.Error == "net::ERR_ABORTED" {
			return toolerr.Errorf(toolerr.CodeNavigationFailed,
				"Nothing was loaded (net::ERR_ABORTED): the server sent no page (an empty answer or a download), or the load was cancelled. The tab stays where it was; observe it.")
		}
		name := nav.Error
		if name == "" {
			name = "a network error"
		}
		return toolerr.Errorf(toolerr.CodeNavigationFailed,
			"The page could not be loaded (%s). Check the URL; if it is right, the site may be down or unreachable: try again later or go elsewhere.", name)
	case browser.NavStillLoading:
		c.Base.Notice("the page had not finished loading; what is there can be observed")
	}
	switch s := nav.HTTPStatus; {
	case s >= 500:
		c.Base.Notice(fmt.Sprintf("the server answered HTTP %d (a server error): the page may be an error page; try again later or go elsewhere", s))
	case s == 404 || s == 410:
		c.Base.Notice(fmt.Sprintf("the server answered HTTP %d (not found): check the URL", s))
	case s == 401 || s == 403:
		c.Base.Notice(fmt.Sprintf("the server answered HTTP %d (not allowed): you may need to log in", s))
	case s >= 400:
		c.Base.Notice(fmt.Sprintf("the server answered HTTP %d (a client error)", s))
	}
	return nil
}

func navigateDef() def {
	return newDef(&mcp.Tool{
		Name: "navigate",
		Description: "Load a URL in the current tab (opening a tab if you have none), or go back, forward or reload. " +
			"Waits for the load (at most 15 s, else still_loading) and says the HTTP status.",
		Annotations: &mcp.ToolAnnotations{Title: "Navigate", DestructiveHint: ptr(false), OpenWorldHint: ptr(true)},
	}, map[string][]any{"action": {"back", "forward", "reload"}}, answersOf[*navigateServer, dialogPage](), (*Server).navigate).withBudget(asksBeforeSharing)
}

func (s *Server) navigate(ctx context.Context, c *Call, in navigateIn) (Outcome, error) {
	switch {
	case in.URL == "" && in.Action == "":
		return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument,
			"navigate needs url (an http or https URL to load) or action (back, forward or reload).")
	case in.URL != "" && in.Action != "":
		return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument,
			"Give url (to load a page) or action (back, forward or reload), not both: call navigate once for each.")
	}
	var t *browser.Tab
	var err error
	if in.TabID != "" || in.URL == "" {
		if t, err = s.tab(c, in.TabID); err != nil {
			return Outcome{}, err
		}
		c.Base.TabID = t.ID
	}
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
		if t == nil {
			if t, err = s.ensureTab(ctx, c, ""); err != nil {
				return Outcome{}, err
			}
			c.Base.TabID = t.ID
		}
	}
	// A history entry may also be the tab's first, blank page.
	historyEntry := func(url string) error {
		if url == "about:blank" {
			return nil
		}
		if err := browser.CheckURL(url); err != nil {
			return err
		}
		return c.admit(ctx, url)
	}
	var nav browser.Navigation
	switch in.Action {
	case "":
		nav, err = t.Navigate(ctx, in.URL)
	case "back":
		nav, err = t.History(ctx, -1, historyEntry)
	case "forward":
		nav, err = t.History(ctx, +1, historyEntry)
	case "reload":
		if err = c.admit(ctx, t.Info().URL); err == nil {
			nav, err = t.Reload(ctx)
		}
	}
	info := t.Info()
	page := describe(c, info)
	srv := &navigateServer{Base: c.Base, Origin: info.Origin, Navigation: navOf(&nav), DialogOpen: info.Dialog != nil}
	if err == nil {
		if nav.Status == browser.NavFailed && nav.Error == "net::ERR_ABORTED" && s.downloads.of(c.Client.Key()).HasUnreported() {
			// The URL answered with a download: server.downloads says what
			// became of it, and the tab stays where it was.
			c.Base.Notice("the URL answered with a download, not a page (see downloads); the tab stays where it was")
		} else {
			err = navOutcome(c, nav)
		}
	}
	return Outcome{Server: srv, Page: page}, err
}
