package pagescript

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// pinned are the digests of the scripts as the host sends them. The
// serializer, the guard and act's helpers are byte for byte what the host
// sent before this package assembled them; login's helpers, the download
// fetcher and the small functions that were Go strings changed only by
// what their type-check and lint asked (types in comments, braces, the
// parentheses that make each file a script) and a comment that says what
// each does. A change to a script changes its digest here
// too: update it when the change is meant.
var pinned = map[string]string{
	"serializer":       "2441fe778c3e1275318af667dfdc55a67a6e7b038e39af2dd949b32affa45ed1",
	"guard":            "ea776d0c823affc705367e0665df4070af69d9a1d755b1f9c99bc55e96e982c6",
	"act":              "04751b5aeb21e1705f45d8b5ec91166140d4ff2851e798b5c99f82ebac0c27f5",
	"login":            "7018f4e8f8ba9b180862038c1122c9775ce9b4bec3b2e413cd6ef567ed49c095",
	"downloadFetch":    "a32da3f8ae09994170cc64040933673e35626ddc55d65f02c0fe70a923238107",
	"guardFinish":      "6e1cac5b15d6ee76b65810733decab056d006739827ade3edb9acf270e63b88e",
	"frameBoxes":       "771c193b8f75437a08b5e5feef7981c28ce13f6e665d58aa1848ea3607042aea",
	"coverQuestions":   "b27de8c4b314883e4ced8dc68a78e7abb539659e0f347f561a67a7c3852a6b5e",
	"keysWithin":       "fe38ac08d58b64b262f45a180fb1a22eae98da70a3d79ed77ad3749275c1e080",
	"elementOf":        "8c9e7488f6bb834b594d1309061512967bad0d4f7de3fa8f986da75d1e08a459",
	"holdClosedRoot":   "cd2d1d9f5d2d2a5b8af40aa9c8a96af509bf1cf833d9aa8246778e3240737bd5",
	"setSnapshotAside": "00055617204992938c15b6a43c09f6f1388952cd5cec14d1fe1d3ec3a0ef9c88",
	"putSnapshotBack":  "1f21088574dfa7d3573b58aac4129d4ba4b4c6fff770a1fe8713b93c768f872f",
}

// TestScriptsPinned: the assembled text changes only on purpose.
func TestScriptsPinned(t *testing.T) {
	names := map[string]bool{}
	for _, s := range All() {
		names[s.Name] = true
		sum := sha256.Sum256([]byte(s.Text))
		if got := hex.EncodeToString(sum[:]); got != pinned[s.Name] {
			t.Errorf("%s: sha256 %s, pinned %q: the text the host sends changed (update the pin if that was meant)", s.Name, got, pinned[s.Name])
		}
	}
	for name := range pinned {
		if !names[name] {
			t.Errorf("%s is pinned but not among the scripts", name)
		}
	}
}

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
