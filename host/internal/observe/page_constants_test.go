package observe

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// The action bits are distinct single bits, and the host reads the ones it
// uses from pagescript's page_constants.json.
func TestPageConstantsActBits(t *testing.T) {
	v := reflect.ValueOf(pagescript.Shared.Act)
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
	if actInteractive != pagescript.Shared.Act.Interactive || actPointer != pagescript.Shared.Act.Pointer || actEditable != pagescript.Shared.Act.Editable {
		t.Errorf("the host's act bits %d %d %d differ from page_constants.json", actInteractive, actPointer, actEditable)
	}
}

// The host's check withholds every token the page scripts withhold.
func TestPageConstantsAutocomplete(t *testing.T) {
	if len(pagescript.Shared.SensitiveAutocomplete) == 0 {
		t.Fatal("no sensitive autocomplete tokens")
	}
	// The page scripts join the tokens into a regular expression as they
	// are: a token must not hold a character special to it.
	plain := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	for _, tok := range pagescript.Shared.SensitiveAutocomplete {
		if !plain.MatchString(tok) {
			t.Errorf("token %q is not lower-case words joined by hyphens", tok)
		}
		if !Sensitive(Cues{Autocomplete: "section-x " + strings.ToUpper(tok)}) {
			t.Errorf("the host does not withhold a field with autocomplete %q", tok)
		}
	}
	if len(sensitiveAutocomplete) != len(pagescript.Shared.SensitiveAutocomplete) {
		t.Errorf("%d tokens held for %d listed: a token is listed twice", len(sensitiveAutocomplete), len(pagescript.Shared.SensitiveAutocomplete))
	}
}
