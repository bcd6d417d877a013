package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// What the tests read is the host's text, every script of it, and the
// constants as the host reads them.
func TestWritesTheHostsText(t *testing.T) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	var got printed
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	all := pagescript.All()
	if len(got.Scripts) != len(all) {
		t.Errorf("%d scripts printed, %d sent", len(got.Scripts), len(all))
	}
	for _, s := range all {
		if got.Scripts[s.Name] != s.Text {
			t.Errorf("%s printed is not the text the host sends", s.Name)
		}
	}
	var c pagescript.Constants
	if err := json.Unmarshal(got.Constants, &c); err != nil || c.Act != pagescript.Shared.Act || len(c.SensitiveAutocomplete) != len(pagescript.Shared.SensitiveAutocomplete) {
		t.Errorf("constants %s: %v", got.Constants, err)
	}
}
