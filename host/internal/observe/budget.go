package observe

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// The budgets of an observation (docs/contract.md §3) are spent from the viewport
// outward: every actionable element in the viewport gets a mark whatever
// the marks budget, the rest go to the nearest; the tree keeps every marked
// element's line and spends what is left of its budget on the lines nearest
// the viewport. Marks stay in reading order, and the tree in page order:
// only which nodes make the cut depends on distance.

// positions gives each node the box it is found at: its own, or for a node
// without one (text, an element of no size) its nearest ancestor's.
func positions(nodes []*node) [][]float64 {
	where := make([][]float64, len(nodes))
	for i, n := range nodes {
		switch {
		case n.Box != nil:
			where[i] = n.Box
		case n.Parent >= 0:
			where[i] = where[n.Parent]
		}
	}
	return where
}

// distance is how far a box lies from the viewport (w by h at 0,0), in CSS
// pixels: 0 when it intersects it; +Inf when there is no box.
func distance(b []float64, w, h float64) float64 {
	if b == nil {
		return math.Inf(1)
	}
	x, y, bw, bh := b[0], b[1], b[2], b[3]
	dx := math.Max(0, math.Max(x-w, -(x+bw)))
	dy := math.Max(0, math.Max(y-h, -(y+bh)))
	if x+bw <= 0 || x >= w {
		dx = math.Max(dx, 1e-3) // touching an edge is outside
	}
	if y+bh <= 0 || y >= h {
		dy = math.Max(dy, 1e-3)
	}
	return math.Hypot(dx, dy)
}

// chooseMarked picks the actionable nodes that get a mark: all of them when
// they fit the budget; otherwise every one in the viewport, then the
// nearest to it until the budget is spent (ties in reading order). It says
// whether any actionable node was left without a mark.
func chooseMarked(actionable []bool, where [][]float64, w, h float64, budget int) ([]bool, bool) {
	chosen := make([]bool, len(actionable))
	var cands []int
	for i, a := range actionable {
		if a {
			cands = append(cands, i)
		}
	}
	if len(cands) <= budget {
		for _, i := range cands {
			chosen[i] = true
		}
		return chosen, false
	}
	dist := make(map[int]float64, len(cands))
	for _, i := range cands {
		dist[i] = distance(where[i], w, h)
	}
	slices.SortStableFunc(cands, func(a, b int) int {
		switch da, db := dist[a], dist[b]; {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	for k, i := range cands {
		if k >= budget && dist[i] > 0 {
			break
		}
		chosen[i] = true
	}
	return chosen, true
}

// treeLine is one line of the tree before the budget: its text, rendered
// only when the budget needs it (most lines of a large page never are).
type treeLine struct {
	render func() string
	marked bool    // it carries a mark: it is always kept
	dist   float64 // its node's distance from the viewport
	text   string
	done   bool
}

func (l *treeLine) str() string {
	if !l.done {
		l.text, l.done = l.render(), true
	}
	return l.text
}

// cost is what the line takes to send: its quotes and backslashes count
// twice, as JSON escapes them.
func (l *treeLine) cost() int {
	s := l.str()
	return len(s) + strings.Count(s, `"`) + strings.Count(s, `\`)
}

// fitTree keeps the lines within budget characters (a line costs its
// length, escapes counted twice, plus a newline): every marked line, then the others nearest the
// viewport first (ties in page order) until the next one does not fit.
// Each run of lines left out becomes one line "… (N nodes omitted)"; the
// budget pays for those too. It says whether anything was left out.
func fitTree(lines []treeLine, budget int) ([]string, bool) {
	total := 0
	for i := range lines {
		if total += lines[i].cost() + 1; total > budget {
			break
		}
	}
	if total <= budget {
		out := make([]string, len(lines))
		for i := range lines {
			out[i] = lines[i].str()
		}
		return out, false
	}
	// Every cut line costs at most this much.
	cut := len(omitted(len(lines))) + 1
	keep := make([]bool, len(lines))
	used, gaps := 0, 1 // nothing kept yet: one run of everything
	// gapsIfKept is how the number of runs left out changes when line i
	// is kept: its run splits in two, shrinks or closes.
	gapsIfKept := func(i int) int {
		d := -1
		if i > 0 && !keep[i-1] {
			d++
		}
		if i < len(lines)-1 && !keep[i+1] {
			d++
		}
		return d
	}
	take := func(i int) {
		gaps += gapsIfKept(i)
		keep[i] = true
		used += lines[i].cost() + 1
	}
	var rest []int
	for i := range lines {
		if lines[i].marked {
			take(i)
		} else {
			rest = append(rest, i)
		}
	}
	slices.SortStableFunc(rest, func(a, b int) int {
		switch da, db := lines[a].dist, lines[b].dist; {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return 0
	})
	for _, i := range rest {
		if used+lines[i].cost()+1+(gaps+gapsIfKept(i))*cut > budget {
			break
		}
		take(i)
	}
	var out []string
	cutAny := false
	for i := 0; i < len(lines); {
		if keep[i] {
			out = append(out, lines[i].str())
			i++
			continue
		}
		j := i
		for j < len(lines) && !keep[j] {
			j++
		}
		out = append(out, omitted(j-i))
		cutAny = true
		i = j
	}
	return out, cutAny
}

func omitted(n int) string { return fmt.Sprintf("… (%d nodes omitted)", n) }
