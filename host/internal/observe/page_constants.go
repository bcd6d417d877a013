package observe

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"strings"
)

// pageConstantsJSON holds what the host and its page scripts must agree
// on: the bits of the actionable facts the serializer reports and the
// autocomplete tokens of secrets. It is the one copy: the host reads it
// here, and withPageConstants writes it into serializer.js and guard.js
// where they name pageConstantsPlaceholder.
//
//go:embed page_constants.json
var pageConstantsJSON []byte

// pageConstantsPlaceholder is the name the page scripts read the constants
// by; its declaration for the type-check is in page_scripts.d.ts.
const pageConstantsPlaceholder = "__PAGE_CONSTANTS__"

// pageConstants is page_constants.json.
type pageConstants struct {
	// Act are the bits of rawNode.Act.
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
}

var shared = decodePageConstants(pageConstantsJSON)

func decodePageConstants(data []byte) pageConstants {
	var c pageConstants
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(&c); err != nil {
		panic("observe: page_constants.json: " + err.Error())
	}
	return c
}

// withPageConstants puts the constants, as a JavaScript object literal, in
// place of the page script's placeholder.
func withPageConstants(script string) string {
	var compact bytes.Buffer
	if err := json.Compact(&compact, pageConstantsJSON); err != nil {
		panic("observe: page_constants.json: " + err.Error())
	}
	return strings.Replace(script, pageConstantsPlaceholder, compact.String(), 1)
}
