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
