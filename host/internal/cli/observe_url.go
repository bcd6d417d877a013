package cli

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"unicode"
)

// maxShownURL is the most characters of a URL diwall prints: a longer one
// (a search with its tracking parameters) is cut in the middle.
const maxShownURL = 100

// shortURL is u as a person reads it in a line: whole, or, when longer than
// maxShownURL characters, its start and its end around "…".
func shortURL(u string) string {
	r := []rune(u)
	if len(r) <= maxShownURL {
		return u
	}
	head := maxShownURL * 2 / 3
	tail := maxShownURL - head - 1
	return string(r[:head]) + "…" + string(r[len(r)-tail:])
}

// checkPageURL says why `diwall observe` cannot load raw, before it starts a
// browser: it loads http and https pages only, named by a whole URL with a
// host.
func checkPageURL(raw string) error {
	shown := shortURL(raw)
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return fmt.Errorf("%q is not a URL: %w", shown, err)
	}
	switch scheme := strings.ToLower(u.Scheme); {
	case scheme == "" || u.Opaque != "" && unicode.IsDigit(rune(u.Opaque[0])):
		// example.com, or localhost:8000 (which parses as scheme "localhost").
		return fmt.Errorf("%q is not a whole URL: give it with http:// or https://, e.g. https://%s", shown, shortURL(strings.TrimPrefix(raw, "//")))
	case scheme == "file":
		return fmt.Errorf("%q is a file: observe loads http and https pages only; serve its folder (python3 -m http.server, run in that folder) and give the page's http://127.0.0.1:8000/ address", shown)
	case scheme != "http" && scheme != "https":
		return fmt.Errorf("%q: observe loads http and https pages only, not %s: URLs", shown, scheme)
	case u.Hostname() == "":
		return fmt.Errorf("%q has no host: give one, e.g. https://example.com/", shown)
	}
	return nil
}
