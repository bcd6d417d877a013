package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/privacy"
	"github.com/diwall/diwall/internal/policy"
)

// Private sites (docs/contract.md §11). What a session is given from a
// page of a private site (the profile's private key) is kept in its index
// (package privacy) as it passes the gate (keepPrivate): every result
// passes there, so no tool's page content escapes it. Before text the
// session would send to another origin leaves (typed into a page, a URL
// opened, a prompt's answer), askShare looks for it there, and asks the
// person (a step of kind share) when it is found.

// textSources is page content whose text came from somewhere its
// sourceURLs do not say (a download's text: the origin it came from).
type textSources interface{ textOrigins() []string }

// keepPrivate indexes the page's words of a result that carries a page of
// a private site, once the gate let it out.
func (s *Server) keepPrivate(c *Call, urls []string, page pageContent) {
	if len(c.Profile.Private) == 0 || page == nil {
		return
	}
	var origins []string
	for _, u := range urls {
		origins = append(origins, browser.Origin(u))
	}
	if t, ok := page.(textSources); ok {
		origins = append(origins, t.textOrigins()...)
	}
	from := ""
	for _, o := range origins {
		if c.Profile.IsPrivate(o) {
			from = o
			break
		}
	}
	if from == "" {
		return
	}
	data, err := json.Marshal(page)
	if err != nil {
		return
	}
	var v any
	if json.Unmarshal(data, &v) != nil {
		return
	}
	c.Client.private.Add(from, pageWords(v, "", nil)...)
}

// pageWords are the words a page wrote in page content (as JSON): every
// string but the tree's own words (a line's role and states: only its
// quoted strings are the page's) and the fields Diwall writes (role,
// state, change); of a URL, what may carry text (privacy.URLText).
func pageWords(v any, key string, out []string) []string {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			switch k {
			case "role", "state", "change", "mark", "kind", "download_id":
				continue
			}
			out = pageWords(e, k, out)
		}
	case []any:
		for _, e := range v {
			out = pageWords(e, key, out)
		}
	case string:
		switch key {
		case "url":
			out = append(out, privacy.URLText(v))
		case "tree", "lines":
			out = append(out, quotedParts(v)...)
		default:
			out = append(out, v)
		}
	}
	return out
}

// quotedParts are the quoted strings of a tree line: the page's words in it.
func quotedParts(line string) []string {
	var out []string
	for {
		i := strings.IndexByte(line, '"')
		if i < 0 {
			return out
		}
		line = line[i+1:]
		end := 0
		for end < len(line) && line[end] != '"' {
			if line[end] == '\\' {
				end++
			}
			end++
		}
		out = append(out, line[:min(end, len(line))])
		if end >= len(line) {
			return out
		}
		line = line[end+1:]
	}
}

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
	if a.origin == "" || a.st.private.Empty() {
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

// withholdPrivate withholds, in a call's arguments as the audit log keeps
// them, every string that holds text the session read on a private site:
// the log never holds it, wherever it went.
func withholdPrivate(x *privacy.Index, args map[string]any) {
	if x.Empty() {
		return
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				v[k] = walk(e)
			}
		case []any:
			for i, e := range v {
				v[i] = walk(e)
			}
		case string:
			if _, found := x.Find(v, "", nil); found {
				return Withheld
			}
		}
		return v
	}
	walk(args)
}
