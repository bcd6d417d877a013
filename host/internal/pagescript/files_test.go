package pagescript

import (
	"strings"
	"testing"
)

// TestEveryFileIsSent: the assembler reads each script of js/, so none is
// dead, checked and tested but never sent.
func TestEveryFileIsSent(t *testing.T) {
	entries, err := files.ReadDir("js")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".js") && !read[e.Name()] {
			t.Errorf("js/%s is in no script the host sends", e.Name())
		}
	}
}
