package observe

import "testing"

// TestPaysNode: card fields by their autocomplete or their words, in the
// four languages, and payment providers' frames; not a plain field.
func TestPaysNode(t *testing.T) {
	field := func(tag, name string, c rawCues) *rawNode { return &rawNode{Tag: tag, Name: name, Cues: &c} }
	for _, c := range []struct {
		n    *rawNode
		want bool
	}{
		{field("input", "", rawCues{Autocomplete: "billing cc-number"}), true},
		{field("input", "Card number", rawCues{}), true},
		{field("input", "", rawCues{Name: "cardholderName"}), true},
		{field("select", "Expiry month", rawCues{}), true},
		{field("input", "Número de tarjeta", rawCues{}), true},
		{field("input", "Kartennummer", rawCues{}), true},
		{field("input", "", rawCues{Placeholder: "IBAN"}), true},
		{&rawNode{Tag: "iframe", Name: "Secure payment input frame"}, true},
		{field("input", "Email", rawCues{Autocomplete: "email"}), false},
		{field("textarea", "Card message for the gift", rawCues{}), false},
		{&rawNode{Tag: "iframe", Name: "Map"}, false},
		{&rawNode{Tag: "button", Name: "Pay now"}, false},
	} {
		if got := paysNode(c.n); got != c.want {
			t.Errorf("%+v %+v: %v, want %v", c.n, c.n.Cues, got, c.want)
		}
	}
}
