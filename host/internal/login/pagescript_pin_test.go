package login

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The page scripts as the host sends them, pinned by their digest while
// they move into a package of their own: the move changes no byte.
func TestPageScriptsPinned(t *testing.T) {
	for _, p := range []struct{ name, text, sha256 string }{
		{"login", helperSource, "07f080468571bfd14339376f6baafce8075bfa6a72c3d3251c969dbed408afbd"},
	} {
		sum := sha256.Sum256([]byte(p.text))
		if got := hex.EncodeToString(sum[:]); got != p.sha256 {
			t.Errorf("%s: sha256 %s, pinned %s", p.name, got, p.sha256)
		}
	}
}
