package tools

import (
	"encoding/json"
	"strings"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/privacy"
)

// What a session read on private sites (docs/contract.md §11). What a
// session is given from a page of a private site (the profile's private
// key) is kept in its index (package privacy, in memory) as it passes the
// gate (keepPrivate): every result passes there, so no tool's page content
// escapes it. share.go asks before it leaves; the audit log never holds
// it (withholdPrivate).

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
