package pagescript

import (
	"strings"
	"testing"
)

// module is the text of the file js/name, a module or a script.
func module(t *testing.T, name string) string {
	t.Helper()
	b, err := files.ReadFile("js/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// isModule says whether a file of js/ is an ES module (bundled by
// ./bundle, whose test holds each to a bundle) rather than a script sent
// as it is.
func isModule(src string) bool {
	for _, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, "import ") || strings.HasPrefix(l, "export ") {
			return true
		}
	}
	return false
}

// TestEveryFileIsSent: each script of js/ is sent as it is, or is a
// module (./bundle's test holds every module to a bundle), so none is
// dead, checked and tested but never sent.
func TestEveryFileIsSent(t *testing.T) {
	entries, err := files.ReadDir("js")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".js") {
			continue
		}
		switch src := module(t, name); {
		case isModule(src) && read[name]:
			t.Errorf("js/%s is a module, sent as it is", name)
		case !isModule(src) && !read[name]:
			t.Errorf("js/%s is in no script the host sends", name)
		}
	}
}
