package e2e

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// textBlock is a result's text block read as docs/contract.md §2 gives it:
// the envelope as one line of JSON, then the page's line lists, each under
// its header ("page_content.tree:").
type textBlock struct {
	env    map[string]any
	blocks map[string][]string // by header path
}

// readTextBlock reads a text block, or says why it is not one.
func readTextBlock(text string) (textBlock, error) {
	first, rest, _ := strings.Cut(text, "\n")
	tb := textBlock{blocks: map[string][]string{}}
	if err := json.Unmarshal([]byte(first), &tb.env); err != nil {
		return tb, fmt.Errorf("the first line is not the JSON envelope: %w", err)
	}
	if len(tb.env) != 3 || tb.env["ok"] == nil || tb.env["server"] == nil || tb.env["page_content"] == nil {
		return tb, fmt.Errorf("the envelope's keys are not ok, server, page_content: %s", first)
	}
	if rest == "" {
		return tb, nil
	}
	path := ""
	for _, line := range strings.Split(rest, "\n") {
		if p, ok := strings.CutSuffix(line, ":"); ok && strings.HasPrefix(p, "page_content.") {
			if _, twice := tb.blocks[p]; twice {
				return tb, fmt.Errorf("%s given twice", p)
			}
			path = p
			tb.blocks[p] = []string{}
			continue
		}
		if path == "" {
			return tb, fmt.Errorf("a line before any header: %q", line)
		}
		tb.blocks[path] = append(tb.blocks[path], line)
	}
	return tb, nil
}

var quotedRe = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// unquoted is a page line without its quoted strings: the words Diwall
// wrote on it.
func unquoted(line string) string { return quotedRe.ReplaceAllString(line, `""`) }
