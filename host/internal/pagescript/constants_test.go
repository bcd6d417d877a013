package pagescript

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The page scripts read the constants only from page_constants.json: the
// modules that use them import it, the scripts sent to the page carry its
// values, and no script keeps a copy of its own.
func TestPageScriptsShareTheConstants(t *testing.T) {
	for _, name := range []string{"serializer.js", "sensitive.js", "act.js"} {
		if !strings.Contains(module(t, name), `import constants from "./page_constants.json";`) {
			t.Errorf("%s does not import page_constants.json", name)
		}
	}
	for name, sent := range map[string]string{"serializer": Serializer, "guard": Guard} {
		for _, tok := range Shared.SensitiveAutocomplete {
			if !strings.Contains(sent, strconv.Quote(tok)) {
				t.Errorf("the %s sent to the page does not hold the token %q", name, tok)
			}
		}
	}
	// The modules that read the constants, and those they import. (login.js
	// names autocomplete tokens too, to find a login form's fields, not to
	// withhold them.)
	literalBit := regexp.MustCompile(`\bact \|= \d`)
	for _, name := range []string{"serializer.js", "guard.js", "sensitive.js", "roles.js", "accname.js"} {
		file := module(t, name)
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

// Each bundle is a function expression in strict mode, as ./bundle
// writes it: the host defines it in a world by assigning it.
func TestBundlesAreFunctionExpressions(t *testing.T) {
	for name, sent := range map[string]string{"serializer": Serializer, "guard": Guard, "act": Act, "login": Login} {
		if !strings.HasPrefix(sent, `(()=>{"use strict";`) || !strings.HasSuffix(sent, "})()") {
			t.Errorf("the %s bundle is %.30q…%q", name, sent, sent[max(0, len(sent)-10):])
		}
	}
}
