package observe

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// The page scripts as the host sends them, pinned by their digest while
// they move into a package of their own: the move changes no byte.
func TestPageScriptsPinned(t *testing.T) {
	for _, p := range []struct{ name, text, sha256 string }{
		{"serializer", serializerFunc, "2441fe778c3e1275318af667dfdc55a67a6e7b038e39af2dd949b32affa45ed1"},
		{"guard", guardStart.Source, "98586955b6d1ce38ee2b1383c08517f13da5e4c5d793fa860bdfe5979497c7ac"},
		{"guardFinish", guardFinish, "1c99c12ae0718faad98598f61e94dcdc0b38811283c62caf000a15ecbca49239"},
		{"frameBoxes", frameBoxes, "076d7ad762ee3df6e425a91be8f245b67fe0df7ced46840c40b2a79632e472c1"},
		{"coverQuestions", coverQuestions, "866aca12089450b1627a1b0fa412a1c0278b64497b404e3e8efe45f1a6463edc"},
		{"elementOf", elementOf, "fd0e3248b1a1a9a54a76c10b6c8351790554e95ab1ea3e11ea9f429f39443a09"},
		{"setAside", setAside, "588b3807396a8de5c8414370ad1ac3a9328293f000bb5b4d1d0a4ed606061d91"},
		{"putBack", putBack, "286045308a79a850230a862118711abc60632b8565d36b94fb3033793d43579f"},
	} {
		sum := sha256.Sum256([]byte(p.text))
		if got := hex.EncodeToString(sum[:]); got != p.sha256 {
			t.Errorf("%s: sha256 %s, pinned %s", p.name, got, p.sha256)
		}
	}
}
