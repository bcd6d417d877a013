package pagescript

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The page scripts are single closures that share no code (see
// pagescript.go), so a few helpers live in two of them. These tests hold
// the copies to each other, until the scripts can share code.

// functionText is the text of function name in the script src, from its
// declaration to its closing brace, with each line's indentation dropped.
func functionText(t *testing.T, src, name string) string {
	t.Helper()
	start := strings.Index(src, "function "+name+"(")
	if start < 0 {
		t.Fatalf("no function %s", name)
	}
	depth := 0
	for i := strings.Index(src[start:], "{") + start; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				lines := strings.Split(src[start:i+1], "\n")
				for k, l := range lines {
					lines[k] = strings.TrimSpace(l)
				}
				return strings.Join(lines, "\n")
			}
		}
	}
	t.Fatalf("function %s does not end", name)
	return ""
}

// TestLabelsForIsOneFunction: the guard and the serializer find a field's
// labels the same way.
func TestLabelsForIsOneFunction(t *testing.T) {
	guard, serializer := functionText(t, source("guard.js"), "labelsFor"), functionText(t, source("serializer.js"), "labelsFor")
	if guard != serializer {
		t.Errorf("labelsFor differs between guard.js and serializer.js:\n%s\n---\n%s", guard, serializer)
	}
}

// TestGuardReadsEveryCueTheSerializerDoes: the guard, which decides which
// fields to watch while the image is taken, reads every attribute the
// serializer reads to find a sensitive field (and more: the fields it
// watches are a superset of those masked), and both read the same cues of
// the host's (sensitive.go's regular expressions, page_constants.json's
// autocomplete tokens).
func TestGuardReadsEveryCueTheSerializerDoes(t *testing.T) {
	attrs := func(body string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`getAttribute\("([a-z-]+)"\)`).FindAllStringSubmatch(body, -1) {
			out = append(out, m[1])
		}
		return out
	}
	guard := functionText(t, source("guard.js"), "sensitiveField")
	serializer := functionText(t, source("serializer.js"), "sensitiveCues")
	for _, a := range attrs(serializer) {
		if !slices.Contains(attrs(guard), a) {
			t.Errorf("the serializer reads %q to find a sensitive field, the guard does not", a)
		}
	}
	for _, cue := range []string{"sensitiveRe", "notSensitiveRe", "sensitiveAutocomplete", `"password"`} {
		if !strings.Contains(guard, cue) || !strings.Contains(serializer, cue) {
			t.Errorf("the guard and the serializer do not both use %s", cue)
		}
	}
}
