package cli

import (
	"strings"
	"testing"
)

// TestPrintObservation: `diwall observe` prints the page, where the image
// went (or why there is none), the notices, the tree and the elements with
// their values and states; an unnamed element shows its text.
func TestPrintObservation(t *testing.T) {
	env := []byte(`{"ok":true,"server":{"notices":["tree truncated"],"capture":"ok","image":{"width":1280,"height":713}},
	"page_content":{"title":"Sign in","url":"https://example.test/login","tree":["heading \"Sign in\" level=1","textbox \"Email\" [1]"],
	"elements":[{"mark":1,"role":"textbox","name":"Email","value":"ada@example.test"},{"mark":2,"role":"checkbox","name":"Remember me","state":["checked"]},{"mark":3,"role":"button","name":"","text":"Go"}]}}`)
	var b strings.Builder
	if err := printObservation(&b, env, "x.png", true); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Sign in\nhttps://example.test/login\n",
		"marked image: x.png (1280×713)\n",
		"notice: tree truncated\n",
		"tree (2 lines):\n  heading \"Sign in\" level=1\n  textbox \"Email\" [1]\n",
		"elements (3):\n",
		`  [1] textbox "Email" value="ada@example.test"` + "\n",
		`  [2] checkbox "Remember me" (checked)` + "\n",
		`  [3] button "" text="Go"` + "\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}

	b.Reset()
	if err := printObservation(&b, []byte(`{"server":{"capture":"failed: the tab is hidden"},"page_content":{"title":"T","url":"u"}}`), "x.png", false); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "no image: capture failed: the tab is hidden\n") || !strings.Contains(b.String(), "elements (0):") {
		t.Errorf("without an image:\n%s", b.String())
	}
	if err := printObservation(&b, []byte(`{"server":`), "x.png", false); err == nil {
		t.Error("a malformed result was printed")
	}
}
