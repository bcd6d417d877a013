package imaging

import (
	"image"
	"math"
)

// Placement. Each marked element gets a 1 px outline just outside its box,
// in its label's colour (neighbours get different colours), and the label
// goes where it touches that outline (outside it or inside it) and, if at
// all possible, covers neither another element's text nor another label,
// and never a mask. On a line of running text, in a dense column of links
// and in a form, the label stays level with its element; above or below it
// (on the neighbouring line, where it would read as that line's) only over
// blank space, with no other element just above, below or level with it.
//
// Among the free places the label covers what shows least: the place with
// the fewest edge pixels ("ink") under it, with a small preference for the
// conventional spots, so a text field's label goes to the blank margin
// beside it or the empty end of the field rather than over its first
// characters or its caption.

// placer holds what placement needs to know about the whole image.
type placer struct {
	bounds image.Rectangle
	masks  []image.Rectangle
	img    *image.RGBA // the image before any label is drawn, to measure ink
	elems  []image.Rectangle
	boxes  []image.Rectangle // the distinct element boxes
	texts  gridIndex         // their text areas, indexed like boxes
	badges gridIndex         // labels placed so far
	lines  gridIndex         // outlines of the labels placed so far
	placed []PlacedLabel
	luma   []int32 // ink's scratch rows
}

// placeLabels places labels (in result pixels at scale) in the order given
// and returns those placed. Labels with a negative mark or an invalid box,
// whose element does not intersect bounds, or that find no room outside the
// masks are left out. img is the image the labels will be drawn on; it is
// only read.
func placeLabels(img *image.RGBA, masks []image.Rectangle, labels []Label, scale float64) []PlacedLabel {
	bounds := img.Bounds()
	p := &placer{bounds: bounds, masks: masks, img: img, elems: make([]image.Rectangle, len(labels)),
		texts: newGridIndex(bounds), badges: newGridIndex(bounds), lines: newGridIndex(bounds)}
	seen := make(map[image.Rectangle]bool, len(labels))
	for i, l := range labels {
		var e image.Rectangle
		if l.Mark >= 0 && validRect(l.Box) {
			e = pixelRect(l.Box, scale).Intersect(bounds)
		}
		p.elems[i] = e
		if !e.Empty() && !seen[e] { // the same box twice hides the same text
			seen[e] = true
			p.boxes = append(p.boxes, e)
			p.texts.add(textArea(e))
		}
	}
	p.placed = make([]PlacedLabel, 0, len(labels))
	for i, l := range labels {
		e := p.elems[i]
		if e.Empty() {
			continue
		}
		outline := p.outline(e)
		box, ok := p.place(i, outline, labelSize(l.Mark))
		if !ok {
			continue
		}
		pl := PlacedLabel{Mark: l.Mark, X: box.Min.X, Y: box.Min.Y, W: box.Dx(), H: box.Dy(), Outline: outline}
		pl.color = p.chooseColor(pl)
		p.placed = append(p.placed, pl)
		p.badges.add(box)
		p.lines.add(outline)
	}
	return p.placed
}

// outline is the rectangle outlined for element box e: e grown by a pixel,
// and grown to take in a mask that covers most of e (a sensitive field's
// mask has a margin), so that the outline shows around the mask and the
// label touches it; clipped to the image.
func (p *placer) outline(e image.Rectangle) image.Rectangle {
	o := e.Inset(-1)
	for _, m := range p.masks {
		if 2*overlapArea(e, m) >= e.Dx()*e.Dy() {
			o = o.Union(m.Inset(-1))
		}
	}
	return o.Intersect(p.bounds)
}

// textArea is the part of an element's box where its text can be: the box
// less 2 px at the top and bottom and 1 px at the sides, where line boxes of
// neighbouring lines and words touch or overlap without any ink.
func textArea(e image.Rectangle) image.Rectangle {
	if e.Empty() {
		return e
	}
	dy, dx := min(2, e.Dy()/4), min(1, e.Dx()/4)
	return image.Rect(e.Min.X+dx, e.Min.Y+dy, e.Max.X-dx, e.Max.Y-dy)
}

// spot is a candidate position for a label's top-left corner, with a
// penalty in ink pixels that orders equally clear spots.
type spot struct {
	at  image.Point
	pen int
}

// isTall reports whether an element with this outline is treated as a
// block (a card, an image, a text area) rather than a line (a link, a
// button, a field with its mask, a check box): taller than three labels.
func isTall(outline image.Rectangle, h int) bool { return outline.Dy() > 3*h }

// spots lists the preferred positions for a label of size sz on an element
// whose outline is o, best first.
//
// A line-like element keeps its label level with it, vertically centred,
// in the margin before or after it; then above or below it (where, see
// place, only blank space qualifies); then inside at its right end (the
// empty end of a field) or its left end. A
// block gets its label in a corner: inside top-left or top-right, above it,
// beside its top, then at the bottom.
func spots(o image.Rectangle, sz image.Point) []spot {
	w, h := sz.X, sz.Y
	l, t, r, b := o.Min.X, o.Min.Y, o.Max.X, o.Max.Y
	if !isTall(o, h) {
		cy := t + (o.Dy()-h)/2
		return []spot{
			{image.Pt(l-w, cy), 0}, {image.Pt(r, cy), 6}, {image.Pt(l, t-h), 16}, {image.Pt(r-w, t-h), 18},
			{image.Pt(l, b), 20}, {image.Pt(r-w, b), 22}, {image.Pt(r-w, cy), 24}, {image.Pt(l, cy), 30},
		}
	}
	return []spot{
		{image.Pt(l, t), 0}, {image.Pt(r-w, t), 4}, {image.Pt(l, t-h), 10}, {image.Pt(l-w, t), 14},
		{image.Pt(r, t), 18}, {image.Pt(l, b-h), 24}, {image.Pt(l, b), 28}, {image.Pt(r-w, b-h), 30},
	}
}

// place returns the box for the label of element i (outline o, label size
// sz), and false if there is none.
//
// The order of choice: among the preferred spots that touch the outline
// and are clear of masks, labels and other elements' text (and, above or
// below the element, of their surroundings), the one with the least ink
// plus penalty; then the same among every spot along the outline (outside
// it, and inside along its top and bottom), the penalty growing with the
// distance from the first preferred spot; then a spot along the outline
// clear of masks and labels, covering least of other elements' text; then
// a spot clear of masks and labels near the element; then, clear of masks
// only, the spot along the outline overlapping labels least; then the
// nearest spot anywhere clear of masks.
func (p *placer) place(i int, o image.Rectangle, sz image.Point) (image.Rectangle, bool) {
	if sz.X > p.bounds.Dx() || sz.Y > p.bounds.Dy() {
		return image.Rectangle{}, false
	}
	e := p.elems[i]
	var best, fallback image.Rectangle
	bestCost, fallbackCost, fallbackLabels := math.MaxInt, math.MaxInt, 0
	try := func(at image.Point, pen int) {
		box := clampInto(image.Rectangle{Min: at, Max: at.Add(sz)}, p.bounds)
		if !box.Inset(-1).Overlaps(o) || p.hitsMask(box) {
			return
		}
		labels, text := p.badgeOverlap(box), p.textOverlap(box, e)
		// Above or below its element a label is on the neighbouring line
		// and may read as that line's: there it must keep clear of other
		// elements by a few pixels, have none level with it close by, and
		// should hide (almost) nothing.
		cy := (box.Min.Y + box.Max.Y) / 2
		offLine, crowded := cy < o.Min.Y || cy >= o.Max.Y, 0
		inkWeight := 1
		if offLine {
			above := image.Rect(box.Min.X-1, box.Min.Y-offLineClear, box.Max.X+1, box.Max.Y+offLineClear)
			beside := image.Rect(box.Min.X-offLineReach, box.Min.Y, box.Max.X+offLineReach, box.Max.Y)
			crowded = p.textOverlap(above, e) + p.textOverlap(beside, e)
			inkWeight = offLineInk
		} else if p.textOverlap(box.Inset(-nearClear), e) > 0 {
			// Touching a neighbour's box, the label could be either's.
			pen += nearPenalty
		}
		if labels == 0 && text == 0 && crowded == 0 {
			if pen >= bestCost {
				return
			}
			if c := pen + inkWeight*p.ink(box, (bestCost-pen)/inkWeight); c < bestCost {
				best, bestCost = box, c
			}
			return
		}
		// Not clear: rank by what it covers, labels worst.
		c := 64*labels + 4*text + crowded + pen
		if c >= fallbackCost {
			return
		}
		if c += inkWeight * p.ink(box, (fallbackCost-c)/inkWeight); c < fallbackCost {
			fallback, fallbackCost, fallbackLabels = box, c, labels
		}
	}
	first := spots(o, sz)
	for _, s := range first {
		try(s.at, s.pen)
	}
	if bestCost < math.MaxInt {
		return best, true
	}
	p.alongOutline(o, sz, func(at image.Point) {
		d := at.Sub(first[0].at)
		try(at, 20+(abs(d.X)+abs(d.Y))/2)
	})
	if bestCost < math.MaxInt {
		return best, true
	}
	if fallbackCost < math.MaxInt && fallbackLabels == 0 { // near a neighbour's text, or over some, but no label
		return fallback, true
	}
	// Every spot along the outline covers a label: a spot clear of labels
	// close by is better than hiding another number.
	if box, ok := p.search(i, o.Min, sz, 2*sz.Y+max(o.Dx(), o.Dy()), o.Inset(-2*sz.Y), true); ok {
		return box, true
	}
	if fallbackCost < math.MaxInt {
		return fallback, true
	}
	// Every spot along the outline is on a mask (the element is covered by
	// a mask larger than itself, say): take the nearest spot off the masks.
	return p.search(i, o.Min, sz, max(p.bounds.Dx(), p.bounds.Dy()), p.bounds, false)
}

// alongOutline calls fn with label positions that touch outline o: outside
// each side, and inside along the top and bottom, in steps that keep the
// count near 120 whatever the element's size.
func (p *placer) alongOutline(o image.Rectangle, sz image.Point, fn func(image.Point)) {
	w, h := sz.X, sz.Y
	l, t, r, b := o.Min.X, o.Min.Y, o.Max.X, o.Max.Y
	step := max(2, (2*(o.Dx()+o.Dy())+4*(w+h))/120)
	for y := t - h + 1; y < b; y += step {
		fn(image.Pt(l-w, y))
		fn(image.Pt(r, y))
	}
	for x := l - w + 1; x < r; x += step {
		fn(image.Pt(x, t-h))
		fn(image.Pt(x, b))
	}
	for x := l; x <= r-w; x += step {
		fn(image.Pt(x, t))
		fn(image.Pt(x, b-h))
	}
}

// search looks for a label position for element i in square rings of
// growing radius around at, up to radius, stepping by half the label
// height, among positions that touch near and are clear of masks. Within
// the first ring that has any such position it takes the one overlapping
// labels least, then other elements' text least; with free set, it only
// takes positions clear of labels.
func (p *placer) search(i int, at, sz image.Point, radius int, near image.Rectangle, free bool) (image.Rectangle, bool) {
	step := max(1, sz.Y/2)
	e := p.elems[i]
	best, bestCost := image.Rectangle{}, math.MaxInt
	try := func(x, y int) bool {
		box := clampInto(image.Rect(x, y, x+sz.X, y+sz.Y), p.bounds)
		if !box.Overlaps(near) || p.hitsMask(box) {
			return false
		}
		labels := p.badgeOverlap(box)
		if free && labels > 0 {
			return false
		}
		text := p.textOverlap(box, e)
		if c := 16*labels + text; c < bestCost {
			best, bestCost = box, c
		}
		return bestCost == 0
	}
	for d := step; d <= radius+step; d += step {
		for k := -d; k <= d; k += step {
			if try(at.X+k, at.Y-d) || try(at.X+k, at.Y+d) || try(at.X-d, at.Y+k) || try(at.X+d, at.Y+k) {
				return best, true
			}
		}
		if bestCost < math.MaxInt {
			return best, true
		}
	}
	return image.Rectangle{}, false
}

func (p *placer) hitsMask(box image.Rectangle) bool {
	for _, m := range p.masks {
		if box.Overlaps(m) {
			return true
		}
	}
	return false
}

// badgeOverlap is the area of box over labels already placed.
func (p *placer) badgeOverlap(box image.Rectangle) int {
	n := 0
	p.badges.each(box, func(_ int, q image.Rectangle) { n += overlapArea(box, q) })
	return n
}

// textOverlap is the area of box over the text of elements other than
// the element e and those containing it: a label may cover its own
// element and the card or list item it sits in, not a neighbour.
func (p *placer) textOverlap(box image.Rectangle, e image.Rectangle) int {
	n := 0
	p.texts.each(box, func(j int, q image.Rectangle) {
		if !e.In(p.boxes[j]) {
			n += overlapArea(box, q)
		}
	})
	return n
}

// inkThreshold is the difference in luma (0-255) between neighbouring
// pixels that counts as an edge: text and lines, not JPEG noise or a
// gradient.
const inkThreshold = 40

// ink counts the pixels of box that differ from their right or lower
// neighbour (within box) by more than inkThreshold in luma. It stops
// counting, row by row, once the count passes limit.
func (p *placer) ink(box image.Rectangle, limit int) int {
	img, w := p.img, box.Dx()
	if cap(p.luma) < 2*w {
		p.luma = make([]int32, 2*w)
	}
	cur, next := p.luma[:w], p.luma[w:2*w]
	fill := func(row []int32, y int) {
		o := img.PixOffset(box.Min.X, y)
		for x := range row {
			px := img.Pix[o+4*x : o+4*x+3 : o+4*x+3]
			row[x] = (77*int32(px[0]) + 150*int32(px[1]) + 29*int32(px[2])) >> 8
		}
	}
	edge := func(a, b int32) bool { return a-b > inkThreshold || b-a > inkThreshold }
	fill(cur, box.Min.Y)
	n := 0
	for y := box.Min.Y; y < box.Max.Y; y++ {
		last := y+1 == box.Max.Y
		if !last {
			fill(next, y+1)
		}
		for x, v := range cur {
			if x+1 < w && edge(v, cur[x+1]) || !last && edge(v, next[x]) {
				n++
			}
		}
		if n > limit {
			return n
		}
		cur, next = next, cur
	}
	return n
}

// offLineInk weighs the ink under a label that is not level with its
// element.
const offLineInk = 9

// A label above or below its element keeps offLineClear pixels from other
// elements' text areas above and below it, and offLineReach from those level
// with it on either side.
const (
	offLineClear = 6
	offLineReach = 32
)

// A label within nearClear pixels of another element's text area costs
// nearPenalty more.
const (
	nearClear   = 8
	nearPenalty = 20
)

// colorNear is how far, in pixels, a label's colour is kept different from
// the outlines and labels around it.
const colorNear = 12

// chooseColor picks for l the first label colour that no label or outline
// near l's label or outline has, or failing that the least used there.
func (p *placer) chooseColor(l PlacedLabel) int {
	var used [len(labelColors)]int
	count := func(j int, _ image.Rectangle) { used[p.placed[j].color]++ }
	for _, r := range [...]image.Rectangle{l.Rectangle().Inset(-colorNear), l.Outline.Inset(-colorNear)} {
		p.badges.each(r, count)
		p.lines.each(r, count)
	}
	best := 0
	for c := range used {
		if used[c] < used[best] {
			best = c
		}
		if used[c] == 0 {
			return c
		}
	}
	return best
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// gridIndex finds the rectangles overlapping a query among many, by
// keeping for each cell of a grid of cellSize pixels the rectangles that
// reach it. Rectangles and queries lie within the image (bounds from 0).
type gridIndex struct {
	rects []image.Rectangle
	first []image.Point // the first cell each rectangle reaches
	cols  int
	cells [][]int32
}

const cellSize = 32

func newGridIndex(bounds image.Rectangle) gridIndex {
	cols := (bounds.Max.X + cellSize - 1) / cellSize
	rows := (bounds.Max.Y + cellSize - 1) / cellSize
	return gridIndex{cols: max(1, cols), cells: make([][]int32, max(1, cols)*max(1, rows))}
}

// span returns the range of cells r reaches.
func (g *gridIndex) span(r image.Rectangle) (x0, y0, x1, y1 int) {
	rows := len(g.cells) / g.cols
	return max(0, r.Min.X) / cellSize, max(0, r.Min.Y) / cellSize,
		min(g.cols-1, max(0, r.Max.X-1)/cellSize), min(rows-1, max(0, r.Max.Y-1)/cellSize)
}

// add appends r (which may be empty) and returns its index.
func (g *gridIndex) add(r image.Rectangle) int {
	i := len(g.rects)
	x0, y0, x1, y1 := g.span(r)
	g.rects = append(g.rects, r)
	g.first = append(g.first, image.Pt(x0, y0))
	if r.Empty() {
		return i
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			g.cells[y*g.cols+x] = append(g.cells[y*g.cols+x], int32(i))
		}
	}
	return i
}

// each calls fn once for every rectangle that overlaps q.
func (g *gridIndex) each(q image.Rectangle, fn func(i int, r image.Rectangle)) {
	if q.Empty() {
		return
	}
	x0, y0, x1, y1 := g.span(q)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			for _, i := range g.cells[y*g.cols+x] {
				r := g.rects[i]
				if !r.Overlaps(q) {
					continue
				}
				// Report r only in the first cell both reach.
				if f := g.first[i]; max(x0, f.X) == x && max(y0, f.Y) == y {
					fn(int(i), r)
				}
			}
		}
	}
}
