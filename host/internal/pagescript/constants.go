package pagescript

import (
	"bytes"
	"encoding/json"
)

// ConstantsJSON holds what the host and its page scripts must agree on:
// the bits of the actionable facts the serializer reports, the
// autocomplete tokens of secrets and the words of payment fields. It is
// the one copy: the host reads it (Shared), and the page scripts' modules
// import it (sensitive.js, serializer.js, act.js), which their bundles
// carry.
var ConstantsJSON = func() []byte {
	b, err := files.ReadFile("js/page_constants.json")
	if err != nil {
		panic("pagescript: " + err.Error())
	}
	return b
}()

// Constants is page_constants.json.
type Constants struct {
	// Act are the bits of the serializer's actionable facts (observe's
	// rawNode.Act).
	Act struct {
		Interactive int `json:"interactive"` // an interactive tag or ARIA widget role
		TabIndex    int `json:"tabIndex"`    // tabindex >= 0
		OnClick     int `json:"onClick"`     // an onclick attribute
		Pointer     int `json:"pointer"`     // its own cursor: pointer
		Editable    int `json:"editable"`    // contenteditable root
		Roving      int `json:"roving"`      // tabindex < 0 inside a composite widget (roving tabindex)
		Draggable   int `json:"draggable"`   // draggable="true": a drag source
	} `json:"act"`
	// SensitiveAutocomplete lists the autocomplete tokens of secrets.
	SensitiveAutocomplete []string `json:"sensitiveAutocomplete"`
	// PaymentCue is a regular expression (case aside, the same in Go and
	// JavaScript) for the words a card field's name, id, label or
	// placeholder says; PaymentFrame for a payment provider's frame's.
	PaymentCue   string `json:"paymentCue"`
	PaymentFrame string `json:"paymentFrame"`
}

// Shared is page_constants.json, as the host reads it.
var Shared = decodeConstants(ConstantsJSON)

func decodeConstants(data []byte) Constants {
	var c Constants
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		panic("pagescript: page_constants.json: " + err.Error())
	}
	return c
}
