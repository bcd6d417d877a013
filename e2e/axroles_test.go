package e2e

import "strings"

// The fidelity test's ruler: which of Chrome's accessibility roles (the
// DevTools protocol's Accessibility domain, Chromium's internal names for
// what ARIA does not name) count as which role of Diwall's tree. The test
// keeps its own table rather than the host's (host/internal/axrole, which the slow
// observation path maps Chrome's answers with): a black-box test states
// what it expects, so a change of the host's mapping shows as a change of
// the fidelity figure instead of moving the ruler with it.
var chromeRoles = func() map[string]string {
	m := map[string]string{
		"StaticText": "text", "InlineTextBox": "text",
		"LineBreak": "none", "MenuListPopup": "none",
		"image":          "img",
		"MenuListOption": "option", "ListBoxOption": "option",
		"Iframe": "iframe", "IframePresentational": "iframe",
		"DescriptionList": "list", "DescriptionListTerm": "term", "DescriptionListDetail": "definition",
		"Details": "group", "Figcaption": "caption", "MathMLMath": "math",
	}
	for role, as := range map[string]string{
		"generic": "RootWebArea GenericContainer LayoutTable LayoutTableRow LayoutTableCell LabelText strong emphasis " +
			"time mark subscript superscript insertion deletion Abbr Pre Ruby RubyAnnotation code ListMarker Canvas Legend " +
			"SectionHeader SectionFooter sectionheader sectionfooter HeaderAsNonLandmark FooterAsNonLandmark Section " +
			"SectionWithoutName SvgRoot Audio Video",
		"button":   "DisclosureTriangle DisclosureTriangleGrouped ToggleButton PopUpButton ColorWell",
		"textbox":  "Date DateTime InputTime TextField",
		"combobox": "ComboBoxGrouping ComboBoxMenuButton ComboBoxSelect TextFieldWithComboBox",
	} {
		for _, r := range strings.Fields(as) {
			m[r] = role
		}
	}
	return m
}()

// treeRole is the role of Diwall's tree that Chrome's role r counts as.
func treeRole(r string) string {
	if t, ok := chromeRoles[r]; ok {
		return t
	}
	if strings.HasPrefix(r, "MathML") {
		return "generic"
	}
	return r
}

// neutralRole says whether a role says nothing of its own: the tree's
// generic and Chrome's none (an ignored node) count as the same.
func neutralRole(r string) bool { return r == "generic" || r == "none" }
