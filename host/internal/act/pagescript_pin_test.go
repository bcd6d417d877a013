package act

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The page scripts as the host sends them, pinned by their digest while
// they move into a package of their own: the move changes no byte.
func TestPageScriptsPinned(t *testing.T) {
	for _, p := range []struct{ name, text, sha256 string }{
		{"act", pageSource, "04751b5aeb21e1705f45d8b5ec91166140d4ff2851e798b5c99f82ebac0c27f5"},
		{"keysWithin", withinSource, "29d46e9e46de0de9a3745d369a66fbf8f97feada36fd956e06c8e610e4d465bd"},
	} {
		sum := sha256.Sum256([]byte(p.text))
		if got := hex.EncodeToString(sum[:]); got != p.sha256 {
			t.Errorf("%s: sha256 %s, pinned %s", p.name, got, p.sha256)
		}
	}
}
