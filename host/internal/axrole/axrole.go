// Package axrole names the roles of Chrome's accessibility tree (the
// DevTools protocol's Accessibility domain) as Diwall's tree does (the
// vocabulary of the page serializer's roles.js): the slow observation path
// maps Chrome's answers with it, and observe's opt-in probe compares the
// serializer with Chrome's own tree through it. (The end-to-end fidelity
// test keeps a ruler of its own, e2e/axroles_test.go.)
package axrole

import "strings"

// Of maps a role name of Chrome's accessibility tree to the one the tree
// uses. Roles that only describe text styling are generic: they are noise
// in the tree.
func Of(r string) string {
	switch r {
	case "StaticText", "InlineTextBox":
		return "text"
	case "RootWebArea", "GenericContainer", "LayoutTable", "LayoutTableRow", "LayoutTableCell",
		"LabelText", "strong", "emphasis", "time", "mark", "subscript", "superscript", "insertion",
		"deletion", "Abbr", "Pre", "Ruby", "RubyAnnotation", "code", "ListMarker", "Canvas", "Legend",
		"SectionHeader", "SectionFooter", "sectionheader", "sectionfooter", "HeaderAsNonLandmark",
		"FooterAsNonLandmark", "Section", "SectionWithoutName", "SvgRoot", "Audio", "Video":
		return "generic"
	case "LineBreak":
		return "none"
	case "image":
		return "img"
	case "DisclosureTriangle", "DisclosureTriangleGrouped", "ToggleButton", "PopUpButton", "ColorWell":
		return "button"
	case "MenuListOption", "ListBoxOption":
		return "option"
	case "MenuListPopup":
		return "none"
	case "Iframe", "IframePresentational":
		return "iframe"
	case "DescriptionList":
		return "list"
	case "DescriptionListTerm":
		return "term"
	case "DescriptionListDetail":
		return "definition"
	case "Details":
		return "group"
	case "Figcaption":
		return "caption"
	case "Date", "DateTime", "InputTime", "TextField":
		return "textbox"
	case "ComboBoxGrouping", "ComboBoxMenuButton", "ComboBoxSelect", "TextFieldWithComboBox":
		return "combobox"
	case "MathMLMath":
		return "math"
	}
	if strings.HasPrefix(r, "MathML") {
		return "generic"
	}
	return r
}

// Neutral reports whether a role says nothing of its own: the serializer's
// generic and Chrome's none (an ignored node) are the same to the tree.
func Neutral(role string) bool { return role == "generic" || role == "none" }
