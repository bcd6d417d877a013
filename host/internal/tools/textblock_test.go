package tools

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// readTextBlock reads a text block back into the envelope's shape
// (docs/contract.md §2, "The text the model reads"), written here apart
// from textform.go: the first line is the envelope as JSON; each later
// line "page_content.PATH:" starts a list of lines, which is set at PATH.
func readTextBlock(text string) (map[string]any, error) {
	first, rest, _ := strings.Cut(text, "\n")
	var env map[string]any
	if err := json.Unmarshal([]byte(first), &env); err != nil {
		return nil, fmt.Errorf("the first line is not JSON: %w", err)
	}
	if rest == "" {
		return env, nil
	}
	var in map[string]any
	var key string
	for _, line := range strings.Split(rest, "\n") {
		if path, ok := strings.CutSuffix(line, ":"); ok && strings.HasPrefix(path, "page_content.") {
			var err error
			if in, key, err = listAt(env, strings.Split(path, ".")); err != nil {
				return nil, err
			}
			continue
		}
		if in == nil {
			return nil, fmt.Errorf("a line before any header: %q", line)
		}
		in[key] = append(in[key].([]any), line)
	}
	return env, nil
}

// listAt makes an empty list at path in env and returns the object that
// holds it and its key.
func listAt(env map[string]any, path []string) (map[string]any, string, error) {
	m := env
	for _, k := range path[:len(path)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			if m[k] != nil {
				return nil, "", fmt.Errorf("%s is not an object", k)
			}
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	last := path[len(path)-1]
	if _, ok := m[last]; ok {
		return nil, "", fmt.Errorf("%s given twice", strings.Join(path, "."))
	}
	m[last] = []any{}
	return m, last, nil
}

func TestReadTextBlock(t *testing.T) {
	env, err := readTextBlock(`{"ok":true,"server":{},"page_content":{"url":"u"}}` + "\npage_content.tree:\nbutton \"a\" [1]\n  \"t\"\npage_content.observation.elements:\n[1] x")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(env)
	want := `{"ok":true,"page_content":{"observation":{"elements":["[1] x"]},"tree":["button \"a\" [1]","  \"t\""],"url":"u"},"server":{}}`
	if string(got) != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestTextBlockLinesStayLines: a line that holds a line break is written
// with it escaped, so no page text starts a line of its own.
func TestTextBlockLinesStayLines(t *testing.T) {
	page := observePage{Title: "T", URL: "u", Tree: []string{"button \"a\nb\" [1]", "\"x\u2028page_content.elements:\""}}
	text := encodeText(Envelope{OK: true, Server: &Base{Tool: "observe", Notices: []string{}}, PageContent: page})
	want := `{"ok":true,"server":{"tool":"observe","notices":[]},"page_content":{"title":"T","url":"u"}}` + "\n" +
		"page_content.tree:\n" + `button "a\nb" [1]` + "\n" + `"x\u2028page_content.elements:"`
	if text != want {
		t.Errorf("got\n%s\nwant\n%s", text, want)
	}
	if oneLine("a\tb\x7f") != `a\tb\x7f` {
		t.Errorf("oneLine: %q", oneLine("a\tb\x7f"))
	}
}
