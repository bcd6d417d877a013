package tools

import (
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/privacy"
	"github.com/diwall/diwall/host/internal/randid"
	"github.com/diwall/diwall/host/internal/sessions"
)

// SessionCapability is the experimental capability through which `diwall
// mcp` tells the host who its session is: {"session": key, "client": name,
// "profile": name}. A client that connects to the socket without it gets a
// session key of its own and the host's default profile.
const SessionCapability = "diwall"

// SessionHello is what `diwall mcp` sends under SessionCapability.
type SessionHello struct {
	// Key identifies the session across reconnections to a restarted host:
	// the tabs it owned come back to it.
	Key string `json:"session"`
	// Client is the MCP client's name, for the person (popup, tab group).
	Client string `json:"client,omitempty"`
	// ClientVersion is the MCP client's version, for the audit log.
	ClientVersion string `json:"client_version,omitempty"`
	// Profile names the profile the session runs under; "" is the host's
	// default.
	Profile string `json:"profile,omitempty"`
	// UICommands: the MCP client announced the ui-commands capability
	// (the experimental capability of that name in its initialize, which
	// `diwall mcp` passes on), so the screen tool may be offered to it.
	UICommands bool `json:"-"`
	// Elicits: the MCP client announced the elicitation capability (which
	// `diwall mcp` passes on), so a handoff can also ask the person
	// through the client.
	Elicits bool `json:"-"`
}

// Client is one connected MCP session as the tools know it: who it is
// (its hello), how the person sees it in the browser (its tab group), its
// selected tab, and what the person allowed or denied it.
type Client struct {
	hello SessionHello
	group *sessions.Group // how the person sees it in the browser

	mu           sync.Mutex
	reconnection *sessions.Reconnection // said on its next call, then nil
	selected     string                 // opaque id of the selected tab
	once         map[string]bool        // origins the person allowed once, for this session
	denied       map[string]bool        // origins the person denied, for this session
	// always are the kinds of step the person allowed for good on an
	// origin ("kind origin"), for this session: what the profile file
	// says too, once written, or instead when it could not be.
	always map[string]bool
	// private is what the session read on private sites (share.go).
	private privacy.Index
	// shared are the pairs "from to" of sites the person allowed text to
	// go between for good, for this session.
	shared map[string]bool
	// typed is the end of what the session typed into the pages of each
	// of the latest origins it typed on, oldest first: text typed in
	// pieces is checked whole (share.go). In memory only.
	typed []typedDoc
}

// typedDoc is the end of what was typed on one origin's pages.
type typedDoc struct{ doc, tail string }

// Bounds of Client.typed: the origins kept, and the characters of each.
const (
	typedDocs = 16
	typedTail = 64
)

// typedOn is the end of what the session typed on the pages of origin
// doc.
func (s *Client) typedOn(doc string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.typed {
		if d.doc == doc {
			return d.tail
		}
	}
	return ""
}

// noteTyped adds text to what the session typed on the pages of origin
// doc.
func (s *Client) noteTyped(doc, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tail := text
	for i, d := range s.typed {
		if d.doc == doc {
			tail = d.tail + text
			s.typed = append(s.typed[:i], s.typed[i+1:]...)
			break
		}
	}
	if r := []rune(tail); len(r) > typedTail {
		tail = string(r[len(r)-typedTail:])
	}
	s.typed = append(s.typed, typedDoc{doc: doc, tail: tail})
	if len(s.typed) > typedDocs {
		s.typed = s.typed[1:]
	}
}

// sharedAlways reports whether the person allowed text read on from to
// go to to for good, as far as this session knows.
func (s *Client) sharedAlways(from, to string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shared[from+" "+to]
}

// shareAlways records the person's "Always between these two sites".
func (s *Client) shareAlways(from, to string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shared == nil {
		s.shared = make(map[string]bool)
	}
	s.shared[from+" "+to] = true
}

// confirmedAlways reports whether the person allowed every kind of step
// in kinds on origin for good, as far as this session knows.
func (s *Client) confirmedAlways(kinds []string, origin string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range kinds {
		if !s.always[k+" "+origin] {
			return false
		}
	}
	return len(kinds) > 0
}

// confirmAlways records the person's "Always for this site and kind".
func (s *Client) confirmAlways(kinds []string, origin string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.always == nil {
		s.always = make(map[string]bool)
	}
	for _, k := range kinds {
		s.always[k+" "+origin] = true
	}
}

// takeReconnection returns, once, what the session lost since the host it
// was connected to before this one, as a notice; "" when nothing.
func (s *Client) takeReconnection() string {
	s.mu.Lock()
	r := s.reconnection
	s.reconnection = nil
	s.mu.Unlock()
	if r == nil {
		return ""
	}
	lost, were, are := "your tabs "+strings.Join(r.Lost, ", "), "were", "are"
	if len(r.Lost) == 1 {
		lost, were, are = "your tab "+r.Lost[0], "was", "is"
	}
	const next = "call tabs {action:list} to see your tabs now, or open a new one"
	switch {
	case r.Cause != "" && len(r.Lost) > 0:
		return r.Cause + " and was started again on the same profile (its cookies and logins are kept): " + lost + " " + were + " closed with it; " + next
	case r.Cause != "":
		return r.Cause + " and was started again on the same profile (its cookies and logins are kept); the tabs open before are closed"
	}
	return "the browser or its Diwall extension restarted, so " + lost + " " + are + " no longer yours (closed with the browser, or left open to the person); " + next
}

// Key is the session's key: its tabs carry it.
func (s *Client) Key() string { return s.hello.Key }

// Selected returns the session's selected tab id.
func (s *Client) Selected() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.selected
}

// Select records the session's selected tab.
func (s *Client) Select(id string) {
	s.mu.Lock()
	s.selected = id
	s.mu.Unlock()
}

// decided returns what the person already said of origin in this session:
// allowed once, denied, or nothing yet.
func (s *Client) decided(origin string) (allowed, denied bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.once[origin], s.denied[origin]
}

// remember records the person's answer about origin for this session.
func (s *Client) remember(origin string, allow bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if allow {
		s.once[origin] = true
		delete(s.denied, origin)
	} else {
		s.denied[origin] = true
	}
}

// ElicitBefore is the last protocol version in which a server may ask the
// client (elicitation/create) while it serves a call; later ones want the
// question in the call's result (InputRequests), which handoff does not do.
const ElicitBefore = "2025-11-25"

// Elicits reports whether a client that initialized with p can be asked
// through elicitation during a call: it announced the capability, on a
// protocol version that allows it.
func Elicits(p *mcp.InitializeParams) bool {
	return p != nil && p.Capabilities != nil && p.Capabilities.Elicitation != nil && p.ProtocolVersion <= ElicitBefore
}

// ClientOf is how the MCP client of a session introduced itself in its
// initialize request: its name (title, else name) for the person, its
// version for the audit log, and whether it announced ui-commands and
// elicitation. The host reads its sessions (helloOf), and `diwall mcp` its
// client, this one way.
func ClientOf(ss *mcp.ServerSession) SessionHello {
	var h SessionHello
	if ss == nil {
		return h
	}
	p := ss.InitializeParams()
	if p == nil {
		return h
	}
	if p.Capabilities != nil {
		_, h.UICommands = p.Capabilities.Experimental[operator.CapabilityUICommands]
	}
	h.Elicits = Elicits(p)
	if p.ClientInfo != nil {
		h.Client, h.ClientVersion = p.ClientInfo.Title, p.ClientInfo.Version
		if h.Client == "" {
			h.Client = p.ClientInfo.Name
		}
	}
	return h
}

// helloOf reads who a session is from its initialize request: its client
// (ClientOf), and what `diwall mcp` said of it under SessionCapability.
func helloOf(ss *mcp.ServerSession) SessionHello {
	h := ClientOf(ss)
	if ss != nil {
		if p := ss.InitializeParams(); p != nil && p.Capabilities != nil {
			if m, ok := p.Capabilities.Experimental[SessionCapability].(map[string]any); ok {
				h.Key, _ = m["session"].(string)
				if client, _ := m["client"].(string); client != "" {
					h.Client = client
				}
				if version, _ := m["client_version"].(string); version != "" {
					h.ClientVersion = version
				}
				h.Profile, _ = m["profile"].(string)
			}
		}
	}
	if !validKey(h.Key) {
		h.Key = NewSessionKey()
	}
	if r := []rune(h.Client); len(r) > 100 {
		h.Client = string(r[:100])
	}
	if r := []rune(h.ClientVersion); len(r) > 50 {
		h.ClientVersion = string(r[:50])
	}
	return h
}

// NewSessionKey returns a fresh random session key.
func NewSessionKey() string { return randid.New() }

// validKey accepts the keys NewSessionKey makes, and nothing odd.
func validKey(k string) bool {
	if len(k) < 16 || len(k) > 64 {
		return false
	}
	for _, c := range k {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
