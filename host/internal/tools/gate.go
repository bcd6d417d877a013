package tools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// The gate is the one place where the session's sites are enforced. Every
// result passes it before it leaves the host (Server.handler calls
// passGate), and every tool that works on a page is admitted by it before
// it runs (Call.enterPage); a navigation's target is admitted before it
// loads (Call.admit). For a page outside the sites nothing leaves but its
// origin: no title, no URL path or query, no dialog text, no tree, no image.
// What leaves of a private site's page is indexed there (private.go).

// perTab is page content about several tabs: the gate keeps only the
// entries whose page the session may see.
type perTab interface {
	keep(allowed func(url string) bool)
	// pages are what each tab's page wrote, once kept (for keepPrivate).
	pages() []pageContent
}

// allows reports whether the session may see a page at url without asking:
// its origin is one of the profile's sites or one the person allowed for
// this session, or the page is a new tab's empty page.
func (c *Call) allows(url string) bool { return sessionAllows(c.Client, c.Profile, url) }

// sessionAllows is allows for a session under profile p, in a call or not
// (a download that began after its call).
func sessionAllows(st *Client, p policy.Profile, url string) bool {
	if url == "about:blank" {
		return true
	}
	origin := browser.Origin(url)
	if !strings.HasPrefix(origin, "http://") && !strings.HasPrefix(origin, "https://") {
		return false
	}
	if p.Allows(origin) {
		return true
	}
	once, _ := st.decided(origin)
	return once
}

// frameRule is the rule by which an observation or a read reads frames:
// the session's own site rule (allows), when its profile reads the frames
// on its sites; nil (every frame masked) otherwise.
func (c *Call) frameRule() observe.FrameRule {
	if c.Profile.Frames != policy.FramesSites {
		return nil
	}
	return c.allows
}

// admit lets the session use a page at url: at once when it may, after
// asking the person when the profile says to ask, or not at all.
func (c *Call) admit(ctx context.Context, url string) error {
	if c.allows(url) {
		return nil
	}
	origin := browser.Origin(url)
	if !c.Profile.Ask {
		return toolerr.Errorf(toolerr.CodeOriginNotAllowed,
			"%s is outside the sites this session may use, so nothing of that page is shown or touched. Navigate to an allowed site, go back, or close the tab.", shownOrigin(origin))
	}
	if _, denied := c.Client.decided(origin); denied {
		return toolerr.Errorf(toolerr.CodePermissionDenied,
			"The person did not allow this session on %s. Do not retry: ask the person to allow it.", origin)
	}
	if c.srv.opts.NoPerson() {
		return toolerr.Errorf(toolerr.CodePermissionDenied,
			"%s is not one of this session's sites, and no one is at this browser to allow it. Ask the person to add it (diwall profile allow %s %s).", origin, c.Profile.Name, origin)
	}
	decision, err := c.srv.opts.Asker.Ask(ctx, c.Client.hello.Client, origin, nil)
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		return toolerr.Errorf(toolerr.CodePermissionDenied,
			"No one answered in time whether this session may use %s. Ask the person to allow it in the browser, then call again.", origin)
	case err != nil:
		e := toolerr.From(err)
		return &toolerr.Error{Code: toolerr.CodePermissionDenied, Err: err,
			Msg: fmt.Sprintf("The person could not be asked about %s (%s). Ask them to allow it, then call again.", origin, e.Msg)}
	}
	switch decision {
	case protocol.DecisionAlways:
		c.Client.remember(origin, true)
		if c.srv.opts.Remember == nil {
			c.Base.Notice("the person allowed " + origin + " for this session")
		} else if err := c.srv.opts.Remember.AllowSite(c.Profile.Name, origin); err != nil {
			c.srv.log.Warn("could not write an allowed site to the profile", "profile", c.Profile.Name, "err", err)
			c.Base.Notice("the person allowed " + origin + "; it could not be saved in the profile, so it holds for this session only")
		} else {
			c.Base.Notice("the person allowed " + origin + " from now on")
		}
		return nil
	case protocol.DecisionOnce:
		c.Client.remember(origin, true)
		c.Base.Notice("the person allowed " + origin + " for this session")
		return nil
	}
	c.Client.remember(origin, false)
	return toolerr.Errorf(toolerr.CodePermissionDenied,
		"The person did not allow this session on %s. Do not retry: ask the person to allow it.", origin)
}

// shownOrigin is an origin as a message may show it.
func shownOrigin(origin string) string {
	if origin == "" {
		return "This page"
	}
	return origin
}

// enterPage resolves the tab a page tool works on and admits its page
// before the tool reads or touches it.
func (c *Call) enterPage(ctx context.Context, tabID string) error {
	t, err := c.srv.tab(c, tabID)
	if err != nil {
		return err
	}
	c.Tab = t
	c.Base.TabID = t.ID
	if c.srv.opts.Operator.HandedOff(c.Client.Key(), t.ID) {
		return toolerr.Errorf(toolerr.CodePausedByUser,
			"This tab is handed to the person (your handoff waits for their answer). Wait for the handoff's result; do not act on this tab meanwhile.")
	}
	return c.admit(ctx, t.Info().URL)
}

// refusedServer is what a page outside the sites yields: its origin,
// nothing else.
type refusedServer struct {
	*Base
	Origin string `json:"origin"`
}

// passGate is the last step of every call: the result leaves only if every
// page it carries may be seen by the session, now.
func (s *Server) passGate(ctx context.Context, c *Call, out Outcome, err error) (Outcome, error) {
	if m, ok := out.Page.(perTab); ok {
		m.keep(c.allows)
		for _, p := range m.pages() {
			s.keepPrivate(c, p.sourceURLs(), p)
		}
		return out, err
	}
	var urls []string
	if t := c.Tab; t != nil {
		urls = append(urls, t.Info().URL)
	} else if c.Base.TabID != "" {
		if t, ok := s.b.Lookup(c.Client.Key(), c.Base.TabID); ok {
			c.Tab = t
			urls = append(urls, t.Info().URL)
		}
	}
	if d, ok := out.Page.(dialogShown); ok {
		if withheldDialogWords(d.shownDialog(), c.allows) {
			c.Base.Notice("the dialog was opened by a frame outside this session's sites: its words are withheld")
		}
	}
	if out.Page != nil {
		urls = append(urls, out.Page.sourceURLs()...)
	}
	for _, u := range urls {
		if aerr := c.admit(ctx, u); aerr != nil {
			return c.refused(u), aerr
		}
	}
	s.keepPrivate(c, urls, out.Page)
	return out, err
}

// dialogShown is page content that shows the tab's open dialog.
type dialogShown interface{ shownDialog() *browser.Dialog }

// withheldDialogWords withholds the words of a dialog that a frame outside
// the sites opened (the dialog itself is the tab's: it blocks the page),
// and reports whether it did.
func withheldDialogWords(d *browser.Dialog, allowed func(url string) bool) bool {
	if d == nil || d.FrameURL == "" || allowed(d.FrameURL) {
		return false
	}
	d.Message, d.DefaultPrompt = "", ""
	return true
}

// refused is the result of a call refused for the page at url: the
// origin, and nothing else of the page.
func (c *Call) refused(url string) Outcome {
	return Outcome{Server: &refusedServer{Base: c.Base, Origin: browser.Origin(url)}}
}
