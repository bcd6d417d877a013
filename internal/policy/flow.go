package policy

import (
	"fmt"
	"net/url"
	"strings"
)

// Private and read-only sites (docs/contract.md §11).
//
// A private site's text stays there: what the session read on a page of
// one of Private's origins does not leave for another origin (typed into
// it, or carried in a URL it opens) unless the person allows it, asked as
// a step of kind ConfirmShare. "Always" for a pair of sites is a
// confirm_always entry "share FROM TO". A read-only site is one the
// session may look at but not change: ReadOnly's origins.

// ConfirmShare is the kind of step that carries text read on a private
// site to another origin. It is asked whenever the profile lists private
// sites, whatever confirm says.
const ConfirmShare = "share"

// IsPrivate reports whether origin is one of the profile's private sites.
func (p Profile) IsPrivate(origin string) bool { return anyMatches(p.Private, origin) }

// IsReadOnly reports whether origin is one of the profile's read-only
// sites.
func (p Profile) IsReadOnly(origin string) bool { return anyMatches(p.ReadOnly, origin) }

// ReadOnlyRule is the read_only pattern that makes origin read-only, ""
// when none does: what a refusal names.
func (p Profile) ReadOnlyRule(origin string) string {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return ""
	}
	for _, s := range p.ReadOnly {
		if s.matches(u) {
			return s.String()
		}
	}
	return ""
}

// Shares reports whether the person allowed for good ("Always for these
// two sites") text read on the private origin from to go to origin to.
func (p Profile) Shares(from, to string) bool {
	f, errF := url.Parse(from)
	t, errT := url.Parse(to)
	if errF != nil || errT != nil || f.Host == "" || t.Host == "" {
		return false
	}
	for _, a := range p.ConfirmAlways {
		if a.Kind == ConfirmShare && a.Site.matches(f) && a.To.matches(t) {
			return true
		}
	}
	return false
}

func anyMatches(sites []Site, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false
	}
	for _, s := range sites {
		if s.matches(u) {
			return true
		}
	}
	return false
}

// parseShareAllowed reads the patterns of a confirm_always "share FROM TO"
// entry (rest is "FROM TO"); when they are not two patterns, reason says
// why.
func parseShareAllowed(rest string) (ConfirmAllowed, string) {
	fields := strings.Fields(rest)
	if len(fields) != 2 {
		return ConfirmAllowed{}, `want "share private-origin-pattern receiving-origin-pattern", such as "share https://mail.example.com https://forms.example.org"`
	}
	from, reason := parseSite(fields[0])
	if reason != "" {
		return ConfirmAllowed{}, reason
	}
	to, reason := parseSite(fields[1])
	if reason != "" {
		return ConfirmAllowed{}, reason
	}
	return ConfirmAllowed{Kind: ConfirmShare, Site: from, To: to}, ""
}

// AllowShared adds "share FROM TO" to the confirm_always of the profile
// name, as the person's "Always" answer to a share question does: text
// read on from may go to to without asking again. Like AllowConfirmed, it
// changes only the text of that array.
func AllowShared(configDir, name, from, to string) error {
	a, reason := parseShareAllowed(from + " " + to)
	if reason != "" {
		return fmt.Errorf("profile %s: share %s %s: %s", name, from, to, reason)
	}
	return allowEntry(configDir, name, a)
}

// AllowShared is AllowShared on the folder's profile name.
func (f Files) AllowShared(name, from, to string) error {
	return AllowShared(string(f), name, from, to)
}
