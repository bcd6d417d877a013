package downloads

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The page scripts as the host sends them, pinned by their digest while
// they move into a package of their own: the move changes no byte.
func TestPageScriptsPinned(t *testing.T) {
	for _, p := range []struct{ name, text, sha256 string }{
		{"downloadFetch", pageFetchSource, "636598f707fd2fc8c4b69f5e15d7285e9ebe57165de497565c7a99e68846b954"},
	} {
		sum := sha256.Sum256([]byte(p.text))
		if got := hex.EncodeToString(sum[:]); got != p.sha256 {
			t.Errorf("%s: sha256 %s, pinned %s", p.name, got, p.sha256)
		}
	}
}
