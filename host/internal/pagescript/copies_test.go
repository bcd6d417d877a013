package pagescript

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The guard and the serializer share their helpers as modules: labels.js
// and sensitive.js. These tests hold the scripts to using them.

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

// TestSharedHelpersAreNotCopied: labelsFor, and the tests of a sensitive
// field's kind and words, are each written once, in their module, and
// the guard and the serializer import them.
func TestSharedHelpersAreNotCopied(t *testing.T) {
	entries, err := files.ReadDir("js")
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]bool{"labels.js": true, "sensitive.js": true}
	copied := regexp.MustCompile(`function labelsFor\(|new RegExp\((cues|opts)\.(sensitive|notSensitive)|sensitiveAutocomplete\.join`)
	for _, e := range entries {
		if own[e.Name()] || !strings.HasSuffix(e.Name(), ".js") {
			continue
		}
		if m := copied.FindString(module(t, e.Name())); m != "" {
			t.Errorf("js/%s has its own copy of a shared helper: %q", e.Name(), m)
		}
	}
	for _, name := range []string{"guard.js", "serializer.js"} {
		src := module(t, name)
		for _, imp := range []string{`import { labelsFinder } from "./labels.js";`, `import { cueTest, secretByKind } from "./sensitive.js";`} {
			if !strings.Contains(src, imp) {
				t.Errorf("%s does not %s", name, imp)
			}
		}
	}
}

// TestGuardReadsEveryCueTheSerializerDoes: the guard, which decides which
// fields to watch while the image is taken, reads every attribute the
// serializer reads to find a sensitive field (and more: the fields it
// watches are a superset of those masked), and both test them the same
// way (sensitive.js: the kind of field, then its words against the host's
// cues).
func TestGuardReadsEveryCueTheSerializerDoes(t *testing.T) {
	attrs := func(body string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`getAttribute\("([a-z-]+)"\)`).FindAllStringSubmatch(body, -1) {
			out = append(out, m[1])
		}
		return out
	}
	guard := functionText(t, module(t, "guard.js"), "sensitiveField")
	serializer := functionText(t, module(t, "serializer.js"), "sensitiveCues")
	for _, a := range attrs(serializer) {
		if !slices.Contains(attrs(guard), a) {
			t.Errorf("the serializer reads %q to find a sensitive field, the guard does not", a)
		}
	}
	for _, cue := range []string{"secretByKind(el)", "sensitiveText("} {
		if !strings.Contains(guard, cue) || !strings.Contains(serializer, cue) {
			t.Errorf("the guard and the serializer do not both use %s", cue)
		}
	}
}
