package pagescript

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// The page scripts read the constants only from the copy the assembler
// writes into them: each names the placeholder once, the scripts sent to
// the page carry the JSON in its place, and no script keeps a copy of its
// own.
func TestPageScriptsShareTheConstants(t *testing.T) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, ConstantsJSON); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"serializer.js", "guard.js"} {
		if n := strings.Count(source(name), constantsPlaceholder); n != 1 {
			t.Errorf("%s names %s %d times, want once", name, constantsPlaceholder, n)
		}
	}
	for _, s := range All() {
		if strings.Contains(s.Text, constantsPlaceholder) {
			t.Errorf("the %s sent to the page still names %s", s.Name, constantsPlaceholder)
		}
	}
	for name, sent := range map[string]string{"serializer": Serializer, "guard": Guard} {
		if n := strings.Count(sent, compact.String()); n != 1 {
			t.Errorf("the %s sent to the page holds page_constants.json %d times, want once", name, n)
		}
	}
	// The scripts that read the constants, and those spliced into them.
	// (login.js names autocomplete tokens too, to find a login form's
	// fields, not to withhold them.)
	literalBit := regexp.MustCompile(`\bact \|= \d`)
	for _, name := range []string{"serializer.js", "guard.js", "roles.js", "accname.js"} {
		file := source(name)
		for _, tok := range Shared.SensitiveAutocomplete {
			if strings.Contains(file, tok) {
				t.Errorf("%s spells the token %q itself", name, tok)
			}
		}
		if literalBit.MatchString(file) {
			t.Errorf("%s sets an action bit by its number: %q", name, literalBit.FindString(file))
		}
	}
}

// The action bits are distinct single bits.
func TestConstantsActBits(t *testing.T) {
	bits := map[string]int{
		"interactive": Shared.Act.Interactive, "tabIndex": Shared.Act.TabIndex, "onClick": Shared.Act.OnClick,
		"pointer": Shared.Act.Pointer, "editable": Shared.Act.Editable, "roving": Shared.Act.Roving, "draggable": Shared.Act.Draggable,
	}
	seen := 0
	for name, bit := range bits {
		if bit <= 0 || bit&(bit-1) != 0 {
			t.Errorf("act bit %s is %d, not a single bit", name, bit)
		}
		if seen&bit != 0 {
			t.Errorf("act bit %s (%d) is used twice", name, bit)
		}
		seen |= bit
	}
}

// The serializer's placeholders are each where the assembler looks for
// them, once: a script edited out of shape fails here, not in a page.
func TestSerializerPlaceholders(t *testing.T) {
	src := source("serializer.js")
	if n := strings.Count(src, accnamePlaceholder); n != 1 {
		t.Errorf("serializer.js names %s %d times, want once", accnamePlaceholder, n)
	}
	if !strings.HasSuffix(strings.TrimSpace(src), optionsCall) {
		t.Errorf("serializer.js does not end with %s", optionsCall)
	}
	if strings.Contains(Serializer, accnamePlaceholder) || strings.Contains(Serializer, "__OPTIONS__") {
		t.Error("the serializer sent to the page still names a placeholder")
	}
	if !strings.HasPrefix(Serializer, "(") && !strings.HasPrefix(Serializer, "/") {
		t.Errorf("the serializer starts %.20q", Serializer)
	}
}
