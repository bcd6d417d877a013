package vault

import (
	"fmt"
	"net/url"
	"strings"
)

// NormalizeOrigin returns an http(s) origin as browsers write it: the
// scheme and host in lower case, no default port, no path. Anything else is
// an error.
func NormalizeOrigin(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not an origin: want https://host or http://host:port", raw)
	}
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || strings.Contains(u.Host, "*") {
		return "", fmt.Errorf("%q is not an origin: give only scheme://host[:port], without a path, a user or a wildcard", raw)
	}
	scheme := strings.ToLower(u.Scheme)
	host := strings.ToLower(u.Hostname())
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	port := u.Port()
	if port == "" || scheme == "http" && port == "80" || scheme == "https" && port == "443" {
		return scheme + "://" + host, nil
	}
	return scheme + "://" + host + ":" + port, nil
}

// ValidID checks a credential id: 1 to 64 of A-Z a-z 0-9 . _ - (the ids a
// profile's credentials key may name).
func ValidID(id string) error {
	ok := id != "" && len(id) <= 64
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			ok = false
		}
	}
	if !ok {
		return fmt.Errorf("%q is not a credential id: want 1 to 64 of A-Z a-z 0-9 . _ -", id)
	}
	return nil
}
