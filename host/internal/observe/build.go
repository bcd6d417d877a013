package observe

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Budgets bound one observation.
type Budgets struct {
	TreeChars int
	Marks     int
	// PriorMarks, for read, maps a snapshot's node indexes to their marks:
	// the marks shown are the snapshot's, and none are made.
	PriorMarks map[int]int
	// Stable, for an observation of what changed, maps the node indexes of
	// the snapshot it follows to their marks: an element that stayed keeps
	// its mark, a new one gets a number above them all, and the elements
	// are listed in mark order.
	Stable map[int]int
}

// Element is one marked node, as the model sees it in page_content.
type Element struct {
	Mark  int      `json:"mark"`
	Role  string   `json:"role"`
	Name  string   `json:"name"`
	Value *string  `json:"value,omitempty"`
	State []string `json:"state,omitempty"`
	// Text is the content of an element with no name (a clickable span).
	Text string `json:"text,omitempty"`
	// Change, in an observation of what changed: added, changed or
	// removed (a removed element has its mark, role and name alone).
	Change string `json:"change,omitempty"`
}

// Counters are what an observation left out, and its sizes (docs/contract.md §3).
type Counters struct {
	OmittedNotVisible int  `json:"omitted_not_visible"`
	RedactedFields    int  `json:"redacted_fields"`
	FramesMasked      int  `json:"frames_masked"`
	Marks             int  `json:"marks"`
	MarksTruncated    bool `json:"marks_truncated"`
	TreeLines         int  `json:"tree_lines"`
	TreeTruncated     bool `json:"tree_truncated"`

	// OmittedInert counts subtrees left out because they are inert (the
	// inert attribute, or outside a <dialog> opened with showModal()).
	OmittedInert int `json:"omitted_inert"`
}

// Box is a rectangle in CSS pixels, relative to the viewport.
type Box struct{ X, Y, W, H float64 }

// Built is the host's reading of one serialized page.
type Built struct {
	Tree     []string
	Elements []Element
	Counters Counters
	// Masks are the viewport boxes of sensitive fields and frames.
	Masks []Box
	// Secret are the node indexes of every sensitive field and frame, in
	// the viewport or not: the capture guard must have watched them all.
	Secret []int
	// Labels are the in-viewport marks with their boxes.
	Labels []MarkBox
	// MarkNode maps a mark to the serializer's node index, which is the
	// index of the element in the page's globalThis.__diwall.els.
	MarkNode map[int]int
	// Pays says the page holds a card field or a payment provider's frame
	// (payment.go), in the viewport or not.
	Pays bool
}

// SecretMarks returns the marks of sensitive fields.
func (b Built) SecretMarks() map[int]bool {
	secret := make(map[int]bool, len(b.Secret))
	for _, i := range b.Secret {
		secret[i] = true
	}
	out := map[int]bool{}
	for mark, node := range b.MarkNode {
		if secret[node] {
			out[mark] = true
		}
	}
	return out
}

// MarkBox is a mark drawn on the image.
type MarkBox struct {
	Mark int
	Box  Box
}

// node is a raw node with the host's decisions.
type node struct {
	*rawNode
	idx       int
	kept      bool
	depth     int
	mark      int
	sensitive bool
	hideKids  bool   // under a sensitive field: withheld
	textOnly  string // a kept node whose only content is text: that text
	// hideName: the tree leaves out the node's name from content, which
	// its children's lines say (the elements still carry it).
	hideName bool
}

// build turns the serializer's facts into the tree, the elements, the
// marks and the masks, applying the budgets.
func build(r *raw, b Budgets) Built {
	nodes := make([]*node, len(r.Nodes))
	for i := range r.Nodes {
		nodes[i] = &node{rawNode: &r.Nodes[i], idx: i}
	}
	out := Built{MarkNode: map[int]int{}}
	out.Counters.OmittedNotVisible = r.Hidden
	out.Counters.OmittedInert = r.Inert
	for _, n := range nodes {
		cleanNode(n.rawNode)
	}

	// Decide sensitivity, actionability and which nodes are kept.
	actionable := make([]bool, len(nodes))
	for i, n := range nodes {
		if n.Cues != nil {
			n.sensitive = n.PageSens == 1 || Sensitive(Cues{
				Type: n.Cues.Type, Autocomplete: n.Cues.Autocomplete, Name: n.Cues.Name,
				ID: n.Cues.ID, Placeholder: n.Cues.Placeholder, Label: n.Name,
			})
			if n.sensitive {
				n.Value = nil
				out.Counters.RedactedFields++
			}
		}
		if n.Frame == 1 {
			out.Counters.FramesMasked++
		}
		actionable[i] = n.Act != 0 && n.Frame == 0 && !n.States.Disabled && n.Role != "text"
		n.kept = keep(n, nodes)
	}
	// Nothing under a field that holds a secret is shown (the text of an
	// editable region).
	for _, n := range nodes {
		if n.Parent >= 0 && (nodes[n.Parent].sensitive || nodes[n.Parent].hideKids) {
			n.hideKids = true
			n.kept = false
			actionable[n.idx] = false
		}
	}
	// A click-handling wrapper (known only by its pointer cursor) with an
	// actionable descendant is not itself a target.
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		if actionable[i] && n.Parent >= 0 {
			for p := n.Parent; p >= 0; p = nodes[p].Parent {
				if nodes[p].Act == actPointer {
					actionable[p] = false
				}
			}
		}
	}
	groupsOnly(nodes, actionable)
	where := positions(nodes)
	if b.PriorMarks != nil {
		for _, n := range nodes {
			if n.Prior != nil && b.PriorMarks[*n.Prior] > 0 {
				n.mark = b.PriorMarks[*n.Prior]
				n.kept = true
				out.Counters.Marks++
			}
		}
	} else {
		var chosen []bool
		chosen, out.Counters.MarksTruncated = chooseMarked(actionable, where, r.VP.W, r.VP.H, b.Marks)
		next := stableNext(b.Stable)
		for i, n := range nodes {
			if !chosen[i] {
				continue
			}
			out.Counters.Marks++
			n.mark = out.Counters.Marks
			if b.Stable != nil {
				n.mark = 0
				if n.Prior != nil {
					if m := b.Stable[*n.Prior]; m > 0 {
						if _, taken := out.MarkNode[m]; !taken {
							n.mark = m
						}
					}
				}
				if n.mark == 0 {
					n.mark = next
					next++
				}
			}
			n.kept = true
			out.MarkNode[n.mark] = i
		}
	}
	markOf := func(i int) int {
		if i >= 0 && i < len(nodes) {
			return nodes[i].mark
		}
		return 0
	}

	// Depths and text-only nodes.
	for _, n := range nodes {
		if !n.kept {
			continue
		}
		d := 0
		for p := n.Parent; p >= 0; p = nodes[p].Parent {
			if nodes[p].kept {
				d = nodes[p].depth + 1
				break
			}
		}
		n.depth = d
	}
	contentNames(nodes)
	dropLabelText(nodes)
	joinText(nodes)
	foldText(nodes)
	nameCards(nodes)
	pruneEmpty(nodes)

	// Elements, masks and labels.
	for _, n := range nodes {
		if n.mark > 0 {
			el := Element{Mark: n.mark, Role: n.Role, Name: n.Name, Value: n.Value, State: stateWords(n, markOf)}
			if el.Value != nil && *el.Value == "" {
				el.Value = nil // an empty field says nothing more without it
			}
			if n.Name == "" {
				el.Text = n.textOnly
			}
			out.Elements = append(out.Elements, el)
			if n.InView == 1 && n.Box != nil {
				out.Labels = append(out.Labels, MarkBox{n.mark, boxOf(n)})
			}
		}
		if n.sensitive || n.Frame == 1 {
			out.Secret = append(out.Secret, n.idx)
		}
		out.Pays = out.Pays || paysNode(n.rawNode)
		if (n.sensitive || n.Frame == 1) && n.Box != nil {
			bx := boxOf(n)
			if n.sensitive {
				// A margin for the capture's JPEG blocks around the field.
				bx = Box{bx.X - maskMargin, bx.Y - maskMargin, bx.W + 2*maskMargin, bx.H + 2*maskMargin}
			}
			if bx.X < r.VP.W && bx.Y < r.VP.H && bx.X+bx.W > 0 && bx.Y+bx.H > 0 {
				out.Masks = append(out.Masks, bx)
			}
		}
	}
	if b.Stable != nil {
		slices.SortFunc(out.Elements, func(a, b Element) int { return a.Mark - b.Mark })
	}
	out.Tree, out.Counters.TreeTruncated = renderTree(nodes, b.TreeChars, markOf, func(n *node) float64 {
		return distance(where[n.idx], r.VP.W, r.VP.H)
	})
	out.Counters.TreeLines = len(out.Tree)
	return out
}

// stableNext is the first mark above those of the snapshot followed.
func stableNext(stable map[int]int) int {
	next := 1
	for _, m := range stable {
		next = max(next, m+1)
	}
	return next
}

// groupsOnly takes the mark from an unnamed container that only takes
// the focus (a tabindex, no role, listener or cursor that acts) and only
// groups others a person acts on: all its text and images lie in
// actionable descendants (a menu or a list focused by script). A person
// acts on what is inside it.
func groupsOnly(nodes []*node, actionable []bool) {
	loose := make([]bool, len(nodes))  // text or an image outside actionable descendants
	acting := make([]bool, len(nodes)) // an actionable descendant
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		if n.Role == "text" && strings.TrimSpace(n.Text) != "" || n.Role == "img" && n.Name != "" {
			loose[i] = true
		}
		if actionable[i] && n.Act&^actFocusOnly == 0 && n.Name == "" && !loose[i] && acting[i] {
			actionable[i] = false
		}
		if p := n.Parent; p >= 0 {
			if actionable[i] {
				acting[p] = true
			} else {
				loose[p] = loose[p] || loose[i]
				acting[p] = acting[p] || acting[i]
			}
		}
	}
}

// maskMargin widens a sensitive field's mask, in CSS pixels.
const maskMargin = 3

func boxOf(n *node) Box { return Box{n.Box[0], n.Box[1], n.Box[2], n.Box[3]} }

// keep decides whether a node gets a line of its own. Generic containers
// without a name, and text that repeats its parent's name, are noise.
func keep(n *node, nodes []*node) bool {
	switch n.Role {
	case "text":
		// Text that is its parent's name (a legend or caption, an
		// aria-label) or value (a spinbutton's) says nothing new. (Names
		// from content are decided by contentNames.)
		if p := keptAncestor(n, nodes); p != nil && (p.Name != "" && sameText(p.Name, n.Text) || p.Value != nil && sameText(*p.Value, n.Text)) {
			return false
		}
		return strings.TrimSpace(n.Text) != ""

	case "generic", "rowgroup":
		// A container's name from its content (a layout table's cell, a
		// focused element) only repeats the text below it.
		return n.Name != "" && n.NameFrom != 1
	case "none":
		return false
	case "form", "region", "group":
		return n.Name != "" || n.Role == "group"
	}
	return true
}

// dropLabelText drops a text line that only repeats the name of the
// control next to it (a label before a textbox, after a radio button).
func dropLabelText(nodes []*node) {
	var prev *node
	pendingText := []*node{}
	for _, n := range nodes {
		if !n.kept {
			continue
		}
		if n.Role == "text" {
			if prev != nil && prev.mark > 0 && sameText(prev.Name, n.Text) {
				n.kept = false
				continue
			}
			pendingText = append(pendingText, n)
			prev = n
			continue
		}
		if n.mark > 0 && len(pendingText) > 0 {
			if last := pendingText[len(pendingText)-1]; sameText(n.Name, last.Text) {
				last.kept = false
			}
		}
		pendingText = pendingText[:0]
		prev = n
	}
}

// sameText compares a name and a text, ignoring spacing, case and the
// punctuation labels carry ("Email *", "Name:").
func sameText(a, b string) bool {
	norm := func(s string) string {
		s = strings.ToLower(strings.Join(strings.Fields(s), " "))
		return strings.TrimRight(s, " *:")
	}
	return a != "" && norm(a) == norm(b)
}

// pruneEmpty drops structure left with nothing to say: a paragraph whose
// only text was hidden, an unnamed image, an empty list, a caption that
// only repeats its table's name.
func pruneEmpty(nodes []*node) {
	hasKids := make([]bool, len(nodes))
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		if !n.kept {
			continue
		}
		if n.mark == 0 && n.Name == "" && n.textOnly == "" && n.Value == nil && !hasKids[i] &&
			n.Role != "text" && n.Role != "iframe" && n.Role != "separator" {
			n.kept = false
			continue
		}
		// A caption or legend repeats the name it gives its table or group.
		if p := keptAncestor(n, nodes); n.mark == 0 && !hasKids[i] && p != nil &&
			(n.Role == "caption" || n.Role == "legend") && (sameText(p.Name, n.Name) || sameText(p.Name, n.textOnly)) {
			n.kept = false
			continue
		}
		if p := keptAncestor(n, nodes); p != nil {
			hasKids[p.idx] = true
		}
	}
}

// keptAncestor is the nearest ancestor with a line of its own.
func keptAncestor(n *node, nodes []*node) *node {
	for p := n.Parent; p >= 0; p = nodes[p].Parent {
		if nodes[p].kept {
			return nodes[p]
		}
	}
	return nil
}

// joinText makes one line of a run of text a person reads as one: text
// nodes next to each other in the tree whose elements around and between
// them are all displayed inline (a code listing's coloured spans, a word
// in bold), joined as the page spaced them, up to maxText characters.
func joinText(nodes []*node) {
	var prev *node
	for _, n := range nodes {
		if !n.kept {
			continue
		}
		if prev != nil && n.Role == "text" && prev.Role == "text" && n.depth == prev.depth &&
			utf8.RuneCountInString(prev.Text)+utf8.RuneCountInString(n.Text) < maxText && inlineBetween(nodes, prev, n) {
			if n.SpaceBefore == 1 {
				prev.Text += " "
			}
			prev.Text += n.Text
			n.kept = false
			continue
		}
		prev = n
	}
}

// inlineBetween reports whether text a and text b, lines next to each
// other at one depth (so under the same kept node), lie in one run of
// inline content: every element between them, and between each and the
// element that holds both, is displayed inline.
func inlineBetween(nodes []*node, a, b *node) bool {
	inline := func(i int) bool {
		n := nodes[i]
		return n.Role == "text" || n.Inline == 1 && n.Tag != "br" && n.Tag != "wbr"
	}
	var holders []int // a's ancestors
	for p := a.Parent; p >= 0; p = nodes[p].Parent {
		holders = append(holders, p)
	}
	common := b.Parent
	for common >= 0 && !slices.Contains(holders, common) {
		if !inline(common) {
			return false
		}
		common = nodes[common].Parent
	}
	for p := a.Parent; p != common; p = nodes[p].Parent {
		if !inline(p) {
			return false
		}
	}
	for i := a.idx + 1; i < b.idx; i++ {
		if !inline(i) {
			return false
		}
	}
	return true
}

// foldText gives a kept node whose kept children are all text that text
// on its own line ("paragraph: Hello"), and drops those children.
func foldText(nodes []*node) {
	children := make(map[int][]*node)
	for _, n := range nodes {
		if !n.kept {
			continue
		}
		for p := n.Parent; p >= 0; p = nodes[p].Parent {
			if nodes[p].kept {
				children[p] = append(children[p], n)
				break
			}
		}
	}
	for i, kids := range children {
		p := nodes[i]
		if p.Role == "text" || (p.Name != "" && !p.hideName) || len(kids) == 0 {
			continue
		}
		var parts []string
		for _, k := range kids {
			if k.Role != "text" {
				parts = nil
				break
			}
			parts = append(parts, strings.TrimSpace(k.Text))
		}
		if parts == nil {
			continue
		}
		p.textOnly = strings.Join(parts, " ")
		for _, k := range kids {
			k.kept = false
		}
	}
}

// nameCards names a card a person can drag (draggable="true") that Chrome
// leaves unnamed, its role a fallback of Chrome's own, by its text: a
// person drags "Card: write the report", not a group beside some words.
func nameCards(nodes []*node) {
	for _, n := range nodes {
		if n.mark > 0 && n.Act&actDraggable != 0 && n.Name == "" && n.textOnly != "" && (n.Role == "group" || n.Role == "generic") {
			n.Name, n.textOnly = n.textOnly, ""
		}
	}
}

// Sizes past which a name from content does not stand for the nodes it
// was made from: the tree shows those nodes instead.
const foldMaxNodes = 40

// contentNames decides what the tree shows of a node named from its
// content (a link, a button, a heading, a cell). Its name says what its
// descendants say, so the descendants are left out, but for controls
// (marked, or disabled) and frames and what leads to them; when those say
// it all ("row" over its cells), the name is left out instead. A name cut
// short, or made from a large subtree, does not stand for it: then the
// descendants stay and the name is left out.
func contentNames(nodes []*node) {
	last := make([]int, len(nodes)) // the last index in each node's subtree
	speaks := make([]bool, len(nodes))
	below := make([]bool, len(nodes)) // a speaking node in the subtree
	for i, n := range nodes {
		last[i] = i
		speaks[i] = n.kept && (n.mark > 0 || n.Act&actInteractive != 0 || n.Frame == 1)
	}
	for i := len(nodes) - 1; i >= 0; i-- {
		n := nodes[i]
		if n.Parent >= 0 {
			last[n.Parent] = max(last[n.Parent], last[i])
			if below[i] || speaks[i] {
				below[n.Parent] = true
			}
		}
	}
	for i, p := range nodes {
		if !p.kept || p.NameFrom != 1 || p.Name == "" || p.hideName {
			continue
		}
		if p.Role == "row" {
			// A row's name is its cells' words: its cells, headers among
			// them, keep lines of their own, as in Chrome's tree.
			p.hideName = true
			continue
		}
		if utf8.RuneCountInString(p.Name) >= maxName || last[i]-i > foldMaxNodes {
			p.hideName = true
			continue
		}
		var said []string
		for j := i + 1; j <= last[i]; j++ {
			d := nodes[j]
			if !d.kept {
				continue
			}
			if !speaks[j] && !below[j] {
				d.kept = false
				continue
			}
			if speaks[j] && !speakerWithin(d, nodes, speaks, i) {
				said = append(said, d.Name)
			}
		}
		if len(said) > 0 && sameText(p.Name, strings.Join(said, " ")) {
			p.hideName = true
		}
	}
}

// speakerWithin reports whether a speaking node lies between n and the
// node at index top.
func speakerWithin(n *node, nodes []*node, speaks []bool, top int) bool {
	for q := n.Parent; q > top; q = nodes[q].Parent {
		if speaks[q] {
			return true
		}
	}
	return false
}

// cleanNode makes a node's page text fit for the tree (see cleanText).
func cleanNode(n *rawNode) {
	if n.Name != "" {
		n.Name = cleanName(n.Name, maxName)
	}
	if n.Text != "" {
		n.Text = cleanName(n.Text, maxText)
	}
	if n.Value != nil {
		v := cleanName(*n.Value, maxName)
		n.Value = &v
	}
}
