package policy

import (
	"fmt"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Profile is one session's authority.
type Profile struct {
	// Name is the profile's name: its file's name without .toml, or
	// "launch" / "default" for the built-in ones.
	Name string
	// Path is the file the profile was read from; "" for a built-in one.
	Path string
	// EditRefused, when not nil, says why the file as it is now cannot be
	// used (an *Error): the profile is its last good version, kept in force
	// by the Store until the file is fixed.
	EditRefused error
	// Sites are the origins the session may see and act on.
	Sites []Site
	// Ask: a site not on Sites is asked for in the browser (Allow once,
	// Always, Deny) instead of refused outright.
	Ask bool
	// Tools are the tool names the session may call; nil means every tool.
	Tools []string
	// Credentials are the vault ids the session may use with login.
	Credentials []string
	// Frames is FramesMask (never read a frame) or FramesSites (frames
	// whose origin is on Sites may be read).
	Frames string
	// OperatorWrite lets the session's client arrange the operator's view
	// (the screen tool).
	OperatorWrite bool
	// UploadDir is the only folder files may be uploaded from; "" means none.
	UploadDir string
	// DownloadDir is the only folder downloads of the session's tabs are
	// saved in; "" means downloads are refused.
	DownloadDir string
	// AuditImages keeps the masked image of every observation in the audit
	// log's artifact store (default true, false for the launch profile).
	AuditImages bool
	// TreeChars bounds the tree of one observation, in characters.
	TreeChars int
	// Marks bounds the marks of one observation.
	Marks int
	// ImageLongSide bounds the observation image's longer side, in pixels.
	ImageLongSide int
	// CallTimeout bounds one tool call.
	CallTimeout time.Duration
	// DownloadBytes bounds the size of one download.
	DownloadBytes int64
	// Downloads bounds the number of downloads of one session.
	Downloads int
	// HandoffTimeout bounds how long a handoff waits for the person.
	HandoffTimeout time.Duration
	// Confirm lists the kinds of step (ConfirmKinds) the person approves
	// each time, before the step runs.
	Confirm []string
	// ConfirmAlways are the kinds of step the person allowed for good on a
	// site ("Always for this site and kind"): they are not asked again.
	ConfirmAlways []ConfirmAllowed
	// Private are the sites whose text does not leave for another origin
	// without the person's approval (flow.go).
	Private []Site
	// ReadOnly are the sites the session may look at but not change.
	ReadOnly []Site
}

// ConfirmAllowed is one "Always for this site and kind": a kind of step
// the person need not approve on the sites of Site. For ConfirmShare, Site
// is the private site the text was read on and To the site it may go to.
type ConfirmAllowed struct {
	Kind string
	Site Site
	To   Site
}

// String returns the entry as a profile file writes it: "kind pattern",
// or "share from-pattern to-pattern".
func (a ConfirmAllowed) String() string {
	if a.Kind == ConfirmShare {
		return a.Kind + " " + a.Site.String() + " " + a.To.String()
	}
	return a.Kind + " " + a.Site.String()
}

// Kinds of step a profile's confirm may list: paying or ordering, any form
// submission, uploading a file, downloading one, and logging in.
const (
	ConfirmPurchase = "purchase"
	ConfirmSubmit   = "submit"
	ConfirmUpload   = "upload"
	ConfirmDownload = "download"
	ConfirmLogin    = "login"
)

// ConfirmKinds are the kinds of step confirm may list, in the order the
// person reads them. ConfirmShare is among them as the contract lists it,
// but it is asked whenever the profile lists private sites, listed or not.
var ConfirmKinds = []string{ConfirmPurchase, ConfirmSubmit, ConfirmUpload, ConfirmDownload, ConfirmLogin, ConfirmShare}

// Confirms reports whether the person wants to approve a step of kind on
// origin before it runs: kind is in Confirm and they did not allow it for
// good on that site.
func (p Profile) Confirms(kind, origin string) bool {
	if !slices.Contains(p.Confirm, kind) {
		return false
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return true
	}
	for _, a := range p.ConfirmAlways {
		if a.Kind == kind && a.Site.matches(u) {
			return false
		}
	}
	return true
}

// ConfirmsAny reports whether the profile asks before any kind of step
// (a share, when it lists private sites).
func (p Profile) ConfirmsAny() bool { return len(p.Confirm) > 0 || len(p.Private) > 0 }

// Frame policies.
const (
	FramesMask  = "mask"
	FramesSites = "sites"
)

// Default budgets: with them no observation goes much beyond ~12,000
// tokens of text.
const (
	DefaultTreeChars     = 24000
	DefaultMarks         = 250
	DefaultImageLongSide = 1568
	DefaultCallTimeout   = 60 * time.Second
	DefaultDownloadBytes = 100 << 20
	DefaultDownloads     = 50
	DefaultHandoff       = 600 * time.Second
)

// Built-in profile names.
const (
	LaunchName  = "launch"
	DefaultName = "default"
)

// Launch is the built-in profile of `diwall mcp --launch`: its browser holds
// none of the person's data, so every http(s) site is allowed.
func Launch() Profile {
	p := defaults(LaunchName)
	p.Sites = []Site{{Scheme: "http", Host: "*", Port: "*"}, {Scheme: "https", Host: "*", Port: "*"}}
	// Its browser is the agent's alone: its audit log keeps the calls and
	// the screenshots asked for, not every observation's image.
	p.AuditImages = false
	return p
}

// Default is the everyday browser's profile when no default.toml exists:
// no sites, every site is asked for, and so is every purchase.
func Default() Profile {
	p := defaults(DefaultName)
	p.Ask = true
	p.Confirm = []string{ConfirmPurchase}
	return p
}

func defaults(name string) Profile {
	return Profile{
		Name:          name,
		AuditImages:   true,
		Frames:        FramesMask,
		TreeChars:     DefaultTreeChars,
		Marks:         DefaultMarks,
		ImageLongSide: DefaultImageLongSide,
		CallTimeout:   DefaultCallTimeout,

		DownloadBytes:  DefaultDownloadBytes,
		Downloads:      DefaultDownloads,
		HandoffTimeout: DefaultHandoff,
	}
}

// Permits reports whether the profile lets a session call the tool.
func (p Profile) Permits(tool string) bool {
	if p.Tools == nil {
		return true
	}
	for _, t := range p.Tools {
		if t == tool {
			return true
		}
	}
	return false
}

// WithSites returns p restricted to the sites of a comma-separated list of
// origin patterns.
func (p Profile) WithSites(patterns string) (Profile, error) {
	var sites []Site
	for _, raw := range strings.Split(patterns, ",") {
		raw = strings.TrimSpace(raw)
		if raw == "" {
			continue
		}
		s, err := ParseSite(raw)
		if err != nil {
			return p, err
		}
		sites = append(sites, s)
	}
	if len(sites) == 0 {
		return p, fmt.Errorf("no site patterns in %q", patterns)
	}
	p.Sites = sites
	return p, nil
}

// Site is an origin pattern: scheme://host[:port], where host may be "*" or
// start with "*." (the domain and its subdomains) and port may be "*".
type Site struct {
	Scheme string
	Host   string
	Port   string // "" means the scheme's default port
}

// String returns the pattern as ParseSite reads it.
func (s Site) String() string {
	host := s.Host
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	if s.Port == "" {
		return s.Scheme + "://" + host
	}
	return s.Scheme + "://" + host + ":" + s.Port
}

// ParseSite parses an origin pattern such as https://*.example.com or
// http://127.0.0.1:*.
func ParseSite(raw string) (Site, error) {
	s, reason := parseSite(raw)
	if reason != "" {
		return Site{}, fmt.Errorf("site %q: %s", raw, reason)
	}
	return s, nil
}

// parseSite parses an origin pattern; when it is not one, reason says why.
func parseSite(raw string) (s Site, reason string) {
	scheme, rest, ok := strings.Cut(raw, "://")
	scheme = strings.ToLower(scheme)
	if !ok || (scheme != "http" && scheme != "https") {
		return Site{}, "want http://host[:port] or https://host[:port]"
	}
	rest = strings.TrimSuffix(rest, "/")
	if strings.ContainsAny(rest, "/?#@") || rest == "" {
		return Site{}, "an origin pattern has no path, query or user"
	}
	host, port := rest, ""
	if h, p, err := net.SplitHostPort(rest); err == nil {
		host, port = h, p // an IPv6 host was in brackets, now removed
	} else {
		if strings.HasSuffix(rest, ":*") {
			host, port = strings.TrimSuffix(rest, ":*"), "*"
		}
		if h, ok := strings.CutPrefix(host, "["); ok && strings.HasSuffix(h, "]") {
			host = strings.TrimSuffix(h, "]")
		} else if strings.Contains(host, ":") {
			return Site{}, "an IPv6 address goes in brackets, as in http://[::1]:8080"
		}
	}
	host = strings.ToLower(host)
	if host == "" {
		return Site{}, "no host"
	}
	for _, c := range host {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || strings.ContainsRune(".-_*:", c)) {
			if c >= 0x80 {
				return Site{}, fmt.Sprintf("bad character %q in host: write a non-ASCII name in its xn-- form", c)
			}
			return Site{}, fmt.Sprintf("bad character %q in host", c)
		}
	}
	if port != "" && port != "*" {
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || port[0] < '0' || port[0] > '9' {
			return Site{}, fmt.Sprintf("bad port %q", port)
		}
	}
	if host != "*" && strings.Contains(strings.TrimPrefix(host, "*."), "*") {
		return Site{}, "* may only be the whole host or its first label (*.example.com)"
	}
	return Site{Scheme: scheme, Host: host, Port: port}, ""
}

// Allows reports whether an origin (scheme://host[:port], as browser.Origin
// gives it) is one of p's sites.
func (p Profile) Allows(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	for _, s := range p.Sites {
		if s.matches(u) {
			return true
		}
	}
	return false
}

func (s Site) matches(u *url.URL) bool {
	if strings.ToLower(u.Scheme) != s.Scheme {
		return false
	}
	host := strings.ToLower(u.Hostname())
	switch {
	case s.Host == "*":
	case strings.HasPrefix(s.Host, "*."):
		base := s.Host[2:]
		if host != base && !strings.HasSuffix(host, "."+base) {
			return false
		}
	case host != s.Host:
		return false
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[s.Scheme]
	}
	switch s.Port {
	case "*":
		return true
	case "":
		return port == map[string]string{"http": "80", "https": "443"}[s.Scheme]
	}
	return port == s.Port
}
