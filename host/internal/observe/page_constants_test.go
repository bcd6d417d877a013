package observe

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// The action bits are distinct single bits, and the host reads the ones it
// uses from page_constants.json.
func TestPageConstantsActBits(t *testing.T) {
	v := reflect.ValueOf(shared.Act)
	seen := 0
	for i := range v.NumField() {
		bit := int(v.Field(i).Int())
		name := v.Type().Field(i).Name
		if bit <= 0 || bit&(bit-1) != 0 {
			t.Errorf("act bit %s is %d, not a single bit", name, bit)
		}
		if seen&bit != 0 {
			t.Errorf("act bit %s (%d) is used twice", name, bit)
		}
		seen |= bit
	}
	if actInteractive != shared.Act.Interactive || actPointer != shared.Act.Pointer || actEditable != shared.Act.Editable {
		t.Errorf("the host's act bits %d %d %d differ from page_constants.json", actInteractive, actPointer, actEditable)
	}
}

// The host's check withholds every token the page scripts withhold.
func TestPageConstantsAutocomplete(t *testing.T) {
	if len(shared.SensitiveAutocomplete) == 0 {
		t.Fatal("no sensitive autocomplete tokens")
	}
	// The page scripts join the tokens into a regular expression as they
	// are: a token must not hold a character special to it.
	plain := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	for _, tok := range shared.SensitiveAutocomplete {
		if !plain.MatchString(tok) {
			t.Errorf("token %q is not lower-case words joined by hyphens", tok)
		}
		if !Sensitive(Cues{Autocomplete: "section-x " + strings.ToUpper(tok)}) {
			t.Errorf("the host does not withhold a field with autocomplete %q", tok)
		}
	}
	if len(sensitiveAutocomplete) != len(shared.SensitiveAutocomplete) {
		t.Errorf("%d tokens held for %d listed: a token is listed twice", len(sensitiveAutocomplete), len(shared.SensitiveAutocomplete))
	}
}

// The page scripts read the constants only from the copy Go writes into
// them: each names the placeholder once, the scripts sent to the page
// carry the JSON in its place, and no script keeps a copy of its own.
func TestPageScriptsShareTheConstants(t *testing.T) {
	var compact bytes.Buffer
	if err := json.Compact(&compact, pageConstantsJSON); err != nil {
		t.Fatal(err)
	}
	for name, file := range map[string]string{"serializer.js": walkerSource, "guard.js": guardFile} {
		if n := strings.Count(file, pageConstantsPlaceholder); n != 1 {
			t.Errorf("%s names %s %d times, want once", name, pageConstantsPlaceholder, n)
		}
	}
	for name, sent := range map[string]string{"serializer": serializerSource, "guard": guardSource} {
		if strings.Contains(sent, pageConstantsPlaceholder) {
			t.Errorf("the %s sent to the page still names %s", name, pageConstantsPlaceholder)
		}
		if n := strings.Count(sent, compact.String()); n != 1 {
			t.Errorf("the %s sent to the page holds page_constants.json %d times, want once", name, n)
		}
	}
	literalBit := regexp.MustCompile(`\bact \|= \d`)
	for name, file := range map[string]string{"serializer.js": walkerSource, "guard.js": guardFile, "roles.js": rolesSource, "accname.js": accnameSource} {
		for _, tok := range shared.SensitiveAutocomplete {
			if strings.Contains(file, tok) {
				t.Errorf("%s spells the token %q itself", name, tok)
			}
		}
		if literalBit.MatchString(file) {
			t.Errorf("%s sets an action bit by its number: %q", name, literalBit.FindString(file))
		}
	}
}
