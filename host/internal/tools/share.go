package tools

import (
	"context"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/privacy"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
)

// Asking before text read on a private site leaves (docs/contract.md
// §11). Before text the session would send to another origin leaves
// (typed into a page, a URL opened or a link followed, a request its page
// sends, a prompt's answer), askShare looks for what the session read on
// private sites in it (private.go), and asks the person, a step of kind
// share, when it is found.

// asksBeforeSharing is the budget of a tool that may ask the person a
// share question (navigate, tabs, dialog): confirmWait more, once, when
// the profile lists private sites.
func asksBeforeSharing(p policy.Profile, usual time.Duration) time.Duration {
	if len(p.Private) > 0 {
		return usual + confirmWait
	}
	return usual
}

// shareOf is the act batch's question about text going to another
// origin (act.Options.Share); nil while the session read nothing on a
// private site.
func (s *Server) shareOf(c *Call) func(context.Context, act.Question, string, string, bool) error {
	if c.Client.private.Empty() {
		return nil
	}
	return func(ctx context.Context, q act.Question, to, text string, isURL bool) error {
		a := stepAsk{st: c.Client, profile: c.Profile, tab: c.Tab, origin: to, q: q, call: c, noImage: true}
		if isURL {
			return s.askShare(ctx, a, text, true)
		}
		// Typed in pieces ("482" in one field, "913" in the next, or on
		// the next page of the site), the text is what was typed on the
		// site before it, and it.
		if err := s.askShare(ctx, a, c.Client.typedOn(to)+text, false); err != nil {
			return err
		}
		c.Client.noteTyped(to, text)
		return nil
	}
}

// askShare asks the person before text (a URL, when isURL) goes to
// a.origin when it holds text the session read on another, private, site
// that they have not allowed to go there; nil: it may go.
func (s *Server) askShare(ctx context.Context, a stepAsk, text string, isURL bool) error {
	if a.st.private.Empty() {
		return nil
	}
	if isURL {
		text = privacy.URLText(text)
	}
	m, found := a.st.private.Find(text, a.origin, func(from string) bool {
		return a.profile.Shares(from, a.origin) || a.st.sharedAlways(from, a.origin) || a.call.sharedOnce(from, a.origin)
	})
	if !found {
		return nil
	}
	if a.origin == "" {
		// (A frame whose document could not be told, a URL with no site:
		// no one can be asked what would go where.)
		return toolerr.Errorf(toolerr.CodePermissionDenied,
			"This step would send text read on a private site (%s) where its site cannot be told (a frame, or an address with no site): it was not run. Do not retry; ask the person.", m.Origin)
	}
	a.q.Kinds = []string{policy.ConfirmShare}
	a.from = m.Origin
	a.q.Detail = fmt.Sprintf("read on %s: %s", m.Origin, privacy.Mask(m.Text))
	if isURL {
		a.q.Detail += " (in the address it would open)"
	}
	if err := s.askStep(ctx, a); err != nil {
		return err
	}
	// Allowed: what the call then sends from that site to this one (the
	// page's own request with the text just typed) is not asked again.
	a.call.shareOnce(m.Origin, a.origin)
	return nil
}

// sharedOnce reports whether the person allowed, during this call, text
// read on from to go to to.
func (c *Call) sharedOnce(from, to string) bool {
	if c == nil {
		return false
	}
	c.sharedMu.Lock()
	defer c.sharedMu.Unlock()
	return c.shared[from+" "+to]
}

// shareOnce records that the person allowed, for the rest of this call,
// text read on from to go to to.
func (c *Call) shareOnce(from, to string) {
	if c == nil {
		return
	}
	c.sharedMu.Lock()
	defer c.sharedMu.Unlock()
	if c.shared == nil {
		c.shared = map[string]bool{}
	}
	c.shared[from+" "+to] = true
}

// opening asks the person before the session opens url when it carries
// text read on a private site of another origin (navigate, tabs open).
func (c *Call) opening(ctx context.Context, url string) error {
	return c.srv.askShare(ctx, stepAsk{st: c.Client, profile: c.Profile, tab: c.Tab, origin: browser.Origin(url),
		q: act.Question{Action: c.Tool}, call: c, noImage: true}, url, true)
}

// giving asks the person before the session gives the page of its tab
// text read on a private site of another origin (a prompt's answer).
func (c *Call) giving(ctx context.Context, text string) error {
	return c.srv.askShare(ctx, stepAsk{st: c.Client, profile: c.Profile, tab: c.Tab, origin: c.Tab.Info().Origin,
		q: act.Question{Action: c.Tool}, call: c, noImage: true}, text, false)
}
