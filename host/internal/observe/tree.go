package observe

import (
	"fmt"
	"strconv"
	"strings"
)

// stateWords lists a node's states as the model reads them.
func stateWords(n *node, markOf func(int) int) []string {
	var s []string
	st := n.States
	switch c := st.Checked.(type) {
	case bool:
		if c {
			s = append(s, "checked")
		} else {
			s = append(s, "unchecked")
		}
	case string:
		s = append(s, "checked=mixed")
	}
	if st.Disabled {
		s = append(s, "disabled")
	}
	if st.Expanded != nil {
		if *st.Expanded {
			s = append(s, "expanded")
		} else {
			s = append(s, "collapsed")
		}
	}
	if st.Selected != nil && *st.Selected {
		s = append(s, "selected")
	}
	switch p := st.Pressed.(type) {
	case bool:
		if p {
			s = append(s, "pressed")
		} else {
			s = append(s, "not pressed")
		}
	case string:
		s = append(s, "pressed=mixed")
	}
	if st.Required {
		s = append(s, "required")
	}
	if st.ReadOnly {
		s = append(s, "readonly")
	}
	if st.Invalid {
		s = append(s, "invalid")
	}
	if st.HasPopup != "" {
		s = append(s, "haspopup="+st.HasPopup)
	}
	if n.Act&actEditable != 0 && n.Role != "textbox" && n.Role != "searchbox" {
		s = append(s, "editable")
	}
	if n.sensitive {
		s = append(s, "value withheld")
	}
	if n.mark > 0 {
		switch {
		case n.Covered != nil && markOf(*n.Covered) > 0:
			s = append(s, fmt.Sprintf("covered by [%d]", markOf(*n.Covered)))
		case n.Covered != nil:
			s = append(s, "covered")
		case n.InView != 1:
			s = append(s, "offscreen")
		}
	}
	return s
}

// renderTree writes one line per kept node, indented by depth, within the
// character budget; fitTree (budget.go) decides which lines stay.
func renderTree(nodes []*node, budget int, markOf func(int) int, dist func(*node) float64) ([]string, bool) {
	var lines []treeLine
	for _, n := range nodes {
		if n.kept {
			lines = append(lines, treeLine{render: func() string { return renderLine(n, markOf) }, marked: n.mark > 0, dist: dist(n)})
		}
	}
	return fitTree(lines, budget)
}

func renderLine(n *node, markOf func(int) int) string {
	var b strings.Builder
	for range n.depth {
		b.WriteString("  ")
	}
	if n.Role == "text" {
		// Page text is a quoted string, so that no text reads as a line
		// of the tree's own.
		b.WriteString(quote(n.Text))
		return b.String()
	}
	if n.Role == "paragraph" && n.textOnly != "" && n.mark == 0 && n.Name == "" {
		// A paragraph of text is its text.
		b.WriteString(quote(n.textOnly))
		return b.String()
	}
	b.WriteString(n.Role)
	if n.Name != "" && !n.hideName {
		b.WriteByte(' ')
		b.WriteString(quote(n.Name))
	}
	if n.mark > 0 {
		b.WriteString(" [")
		b.WriteString(strconv.Itoa(n.mark))
		b.WriteByte(']')
	}
	if n.States.Level > 0 {
		b.WriteString(" level=")
		b.WriteString(strconv.Itoa(n.States.Level))
	}
	if n.Value != nil && *n.Value != "" {
		b.WriteString(" value=")
		b.WriteString(quote(*n.Value))
	}
	for _, w := range stateWords(n, markOf) {
		if w == "offscreen" {
			continue // the tree covers the whole page; only elements say it
		}
		b.WriteByte(' ')
		b.WriteString(w)
	}
	if n.textOnly != "" {
		b.WriteString(": ")
		b.WriteString(quote(n.textOnly))
	}
	return b.String()
}

// quoter escapes what would end a quoted string or a line. The text is
// clean already (cleanText): no other control character is left.
var quoter = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ")

// quote writes s in double quotes.
func quote(s string) string {
	return `"` + quoter.Replace(s) + `"`
}
