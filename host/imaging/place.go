package imaging

import "image"

// placer chooses where each label goes: never over a mask, never outside the
// image, and not over another label while a free spot is near its element.
type placer struct {
	bounds image.Rectangle
	masks  []image.Rectangle
	placed []image.Rectangle
}

// placeLabels places labels (in result pixels at scale) in the order given
// and returns those placed. Labels with a negative mark or an invalid box,
// whose element does not intersect bounds, or that find no room outside the
// masks are left out.
func placeLabels(bounds image.Rectangle, masks []image.Rectangle, labels []Label, scale float64) []PlacedLabel {
	p := placer{bounds: bounds, masks: masks, placed: make([]image.Rectangle, 0, len(labels))}
	out := make([]PlacedLabel, 0, len(labels))
	for _, l := range labels {
		if l.Mark < 0 || !validRect(l.Box) {
			continue
		}
		elem := pixelRect(l.Box, scale).Intersect(bounds)
		if elem.Empty() {
			continue
		}
		r, ok := p.place(elem, labelSize(l.Mark))
		if !ok {
			continue
		}
		p.placed = append(p.placed, r)
		out = append(out, PlacedLabel{Mark: l.Mark, X: r.Min.X, Y: r.Min.Y, W: r.Dx(), H: r.Dy()})
	}
	return out
}

// place returns the box for a label of size sz on element elem (its visible
// part, in result pixels), and false if there is none.
//
// The candidates, in order of preference: inside the element's top-left
// corner (or, for an element less than twice as tall as the label, above it
// on the left first), above it on the left, inside its top-right corner, below it on the
// left, left of it, right of it, above it on the right, inside its bottom
// corners, below it on the right, and diagonally above-left. Each is moved
// inside the image. The first that touches neither a mask nor a label wins;
// then a free spot near the element's top-left; then the candidate clear of
// masks that overlaps labels least; then the nearest spot clear of masks.
func (p *placer) place(elem image.Rectangle, sz image.Point) (image.Rectangle, bool) {
	if sz.X > p.bounds.Dx() || sz.Y > p.bounds.Dy() {
		return image.Rectangle{}, false
	}
	w, h := sz.X, sz.Y
	l, t, r, b := elem.Min.X, elem.Min.Y, elem.Max.X, elem.Max.Y
	cands := [...]image.Point{
		{l, t}, {l, t - h}, {r - w, t}, {l, b}, {l - w, t}, {r, t},
		{r - w, t - h}, {l, b - h}, {r - w, b - h}, {r - w, b}, {l - w, t - h},
	}
	if 2*h > elem.Dy() {
		// The label would hide most of a short element (a link, a line of
		// text, a checkbox): try above it first.
		cands[0], cands[1] = cands[1], cands[0]
	}
	best, bestOverlap := image.Rectangle{}, -1
	for _, c := range cands {
		box := clampInto(image.Rectangle{Min: c, Max: c.Add(sz)}, p.bounds)
		if p.hitsMask(box) {
			continue
		}
		o := p.labelOverlap(box)
		if o == 0 {
			return box, true
		}
		if bestOverlap < 0 || o < bestOverlap {
			best, bestOverlap = box, o
		}
	}
	// A free spot on the element or close to it beats an overlap; further
	// away it would read as belonging to another element.
	near := elem.Inset(-2 * h)
	if box, ok := p.search(elem.Min, sz, max(elem.Dx(), elem.Dy())+2*h, near, true); ok {
		return box, true
	}
	if bestOverlap >= 0 {
		return best, true
	}
	// Every candidate is on a mask (the element is a masked field, say, in
	// a crowded spot): take the nearest spot off the masks, anywhere.
	return p.search(elem.Min, sz, max(p.bounds.Dx(), p.bounds.Dy()), p.bounds, false)
}

// search looks for a label position in square rings of growing radius around
// at, up to radius, stepping by half the label height, among positions that
// touch near. It returns the first position clear of masks and, if free is
// set, of labels as well; without free it prefers, within the first ring that
// has any spot clear of masks, the one overlapping labels least.
func (p *placer) search(at, sz image.Point, radius int, near image.Rectangle, free bool) (image.Rectangle, bool) {
	step := max(1, sz.Y/2)
	best, bestOverlap := image.Rectangle{}, -1
	try := func(x, y int) bool {
		box := clampInto(image.Rect(x, y, x+sz.X, y+sz.Y), p.bounds)
		if !box.Overlaps(near) || p.hitsMask(box) {
			return false
		}
		o := p.labelOverlap(box)
		if o == 0 {
			best, bestOverlap = box, 0
			return true
		}
		if !free && (bestOverlap < 0 || o < bestOverlap) {
			best, bestOverlap = box, o
		}
		return false
	}
	for d := step; d <= radius+step; d += step {
		for k := -d; k <= d; k += step {
			if try(at.X+k, at.Y-d) || try(at.X+k, at.Y+d) || try(at.X-d, at.Y+k) || try(at.X+d, at.Y+k) {
				return best, true
			}
		}
		if bestOverlap >= 0 {
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

func (p *placer) labelOverlap(box image.Rectangle) int {
	n := 0
	for _, q := range p.placed {
		n += overlapArea(box, q)
	}
	return n
}
