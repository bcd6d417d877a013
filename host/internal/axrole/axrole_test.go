package axrole

import "testing"

func TestOf(t *testing.T) {
	for in, want := range map[string]string{
		"StaticText": "text", "GenericContainer": "generic", "LayoutTableCell": "generic", "sectionheader": "generic",
		"SvgRoot": "generic", "LineBreak": "none", "image": "img", "DisclosureTriangle": "button", "ColorWell": "button",
		"MenuListOption": "option", "Figcaption": "caption", "Date": "textbox", "InputTime": "textbox",
		"TextFieldWithComboBox": "combobox", "MathMLMath": "math", "MathMLFraction": "generic", "rowgroup": "rowgroup",
		"doc-chapter": "doc-chapter", "button": "button",
	} {
		if got := Of(in); got != want {
			t.Errorf("Of(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNeutral(t *testing.T) {
	for role, want := range map[string]bool{"generic": true, "none": true, "text": false, "button": false, "": false} {
		if got := Neutral(role); got != want {
			t.Errorf("Neutral(%q) = %v, want %v", role, got, want)
		}
	}
	// Chrome's container roles map to a neutral role; a role of its own
	// does not.
	if !Neutral(Of("GenericContainer")) || !Neutral(Of("LineBreak")) || Neutral(Of("StaticText")) {
		t.Error("Of's neutral roles are not Neutral")
	}
}
