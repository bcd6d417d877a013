package imaging

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// checkBelonging checks what makes a label visibly its element's: it
// touches or lies inside its element's outline, the outline is the box
// grown by a pixel (or by a mask over it), it covers no other label and no
// other element's text area (elements containing its own aside), and it
// stays off the masks and inside the image.
func checkBelonging(t *testing.T, res Result, labels []Label, scale float64) {
	t.Helper()
	checkLabelInvariants(t, res)
	if o := overlapping(res.Labels); len(o) > 0 {
		t.Errorf("overlapping labels: %v", o)
	}
	b := image.Rect(0, 0, res.Width, res.Height)
	boxes := map[int]image.Rectangle{}
	var all []image.Rectangle
	for _, l := range labels {
		r := pixelRect(l.Box, scale).Intersect(b)
		boxes[l.Mark] = r
		all = append(all, r)
	}
	for _, l := range res.Labels {
		e := boxes[l.Mark]
		r := l.Rectangle()
		if !e.Inset(-1).Intersect(b).In(l.Outline) {
			t.Errorf("mark %d: outline %v does not frame its box %v", l.Mark, l.Outline, e)
		}
		if !r.Inset(-1).Overlaps(l.Outline) {
			t.Errorf("mark %d: label %v neither touches nor lies inside its outline %v", l.Mark, r, l.Outline)
		}
		for _, other := range all {
			if other == e || e.In(other) {
				continue
			}
			if r.Overlaps(textArea(other)) {
				t.Errorf("mark %d: label %v covers the text of the element at %v", l.Mark, r, other)
			}
		}
	}
}

// level reports whether label l is beside its element, on the same line:
// its middle row is within the element's outline.
func level(l PlacedLabel) bool {
	cy := l.Y + l.H/2
	return cy >= l.Outline.Min.Y && cy < l.Outline.Max.Y
}

var linkBlue = color.RGBA{0x33, 0x66, 0xcc, 0xff}

// A dense column of links, as in a sidebar or a list of headlines: line
// boxes 1 px apart, touching, and overlapping by a pixel. Every label is
// beside its own link, on its line.
func TestPlacementDenseColumn(t *testing.T) {
	for _, pitch := range []float64{18, 17, 16} {
		t.Run(fmt.Sprintf("pitch%v", pitch), func(t *testing.T) {
			p := newPage(400, 720, 1)
			words := []string{"Main page", "Contents", "Current events", "Random article", "About", "Contact us", "Help", "Learn to edit", "Community portal", "Recent changes", "Upload file"}
			for i := range int(700 / pitch) {
				y := 4 + float64(i)*pitch
				w := p.text(30, y+13, 13, linkBlue, words[i%len(words)])
				p.element(Rect{30, y, w, 17})
			}
			res, err := Compose(encodePNGBytes(t, p.img), nil, p.labels, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Labels) != len(p.labels) {
				t.Fatalf("%d of %d labels placed", len(res.Labels), len(p.labels))
			}
			checkBelonging(t, res, p.labels, 1)
			dump(t, "dense-"+t.Name()[len("TestPlacementDenseColumn/"):], res)
			for _, l := range res.Labels {
				if !level(l) {
					t.Errorf("mark %d at %v is not level with its link %v", l.Mark, l.Rectangle(), l.Outline)
				}
			}
		})
	}
}

// Running text with a link every few words, lines 22 px apart with 17 px
// line boxes (Wikipedia's 14 px on 1.6), some links side by side with only
// a space between them. No label sits on another line's text: it is level
// with its link, or above or below it where nothing is drawn.
func TestPlacementRunningText(t *testing.T) {
	p := newPage(900, 600, 1)
	words := []string{"Farrowdale", "was", "rebuilt", "after", "Quarrington", "as", "well", "as", "southern", "railway", "of", "western", "gallery", "of", "northern", "chemist.", "Valmont", "Industry", "hosted", "the", "ancient", "senate", "Buzz", "Investing"}
	k := 0
	for line := range 24 {
		base := 20 + float64(line)*22
		x := 10.0
		for {
			s := words[k%len(words)]
			if x+float64(len(s))*9 > 890 {
				break
			}
			c := color.Color(color.RGBA{0x20, 0x21, 0x22, 0xff})
			link := k%3 == 0 || k%7 == 1
			if link {
				c = linkBlue
			}
			w := p.text(x, base, 14, c, s)
			if link {
				p.element(Rect{x, base - 13, w, 17})
			}
			x += w + 4
			k++
		}
	}
	res, err := Compose(encodePNGBytes(t, p.img), nil, p.labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != len(p.labels) {
		t.Fatalf("%d of %d labels placed", len(res.Labels), len(p.labels))
	}
	checkBelonging(t, res, p.labels, 1)
	dump(t, "running-text", res)
	plain := decodeResult(t, mustCompose(t, encodePNGBytes(t, p.img), nil, nil))
	off := 0
	for _, l := range res.Labels {
		if level(l) {
			continue
		}
		off++
		// Off its line, a label hides no ink: at most a few pixels of
		// ascenders or descenders.
		pl := &placer{img: plain}
		if n := pl.ink(l.Rectangle(), math.MaxInt); n > 4 {
			t.Errorf("mark %d at %v is off its line over %d pixels of ink", l.Mark, l.Rectangle(), n)
		}
	}
	t.Logf("%d labels, %d level with their links", len(res.Labels), len(res.Labels)-off)
	if off > len(res.Labels)/4 {
		t.Errorf("%d of %d labels are off their line", off, len(res.Labels))
	}
}

func mustCompose(t *testing.T, capture []byte, masks []Rect, labels []Label) Result {
	t.Helper()
	res, err := Compose(capture, masks, labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// A form: captions above and beside fields, two columns, masked fields
// (their masks 3 px wider than the field), check boxes with their text,
// buttons. No label hides a field's first characters or its caption.
func TestPlacementForm(t *testing.T) {
	p := newPage(800, 600, 1)
	type field struct {
		r         Rect
		value     string
		sensitive bool
	}
	var fields []field
	caption := func(x, y float64, s string) { p.text(x, y, 14, color.Black, s) }
	for row := range 5 {
		y := 30 + float64(row)*70
		caption(40, y+14, "Full name")
		fields = append(fields, field{Rect{40, y + 20, 300, 32}, "Grace Hopper", row == 3})
		caption(360, y+14, "Email")
		fields = append(fields, field{Rect{360, y + 20, 300, 32}, "grace@example.test", row == 4})
	}
	// A caption beside its field, and a short field.
	caption(40, 420, "Username")
	fields = append(fields, field{Rect{120, 402, 160, 28}, "ada_l", false})
	for _, f := range fields {
		p.input(f.r, f.value, false)
		if f.sensitive {
			p.masks = append(p.masks, Rect{f.r.X - 3, f.r.Y - 3, f.r.W + 6, f.r.H + 6})
		}
	}
	for i, s := range []string{"Free", "Team", "Enterprise"} {
		x := 40 + float64(i)*110
		p.frame(Rect{x, 450, 13, 13}, color.Black)
		p.element(Rect{x, 450, 13, 13})
		p.text(x+18, 462, 14, color.Black, s)
	}
	p.button(Rect{40, 490, 120, 36}, color.RGBA{0x2e, 0x7d, 0x32, 0xff}, color.White, "Sign in")
	p.link(180, 513, "Forgot password?")

	res, err := Compose(encodePNGBytes(t, p.img), p.masks, p.labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != len(p.labels) {
		t.Fatalf("%d of %d labels placed", len(res.Labels), len(p.labels))
	}
	checkBelonging(t, res, p.labels, 1)
	dump(t, "form", res)
	for i, f := range fields {
		l := res.Labels[i]
		// The first characters: the value starts 8 px in; 3 characters.
		first := pixelRect(Rect{f.r.X + 6, f.r.Y + 4, 30, f.r.H - 8}, 1)
		if l.Rectangle().Overlaps(first) {
			t.Errorf("field %d: label %v hides its first characters %v", l.Mark, l.Rectangle(), first)
		}
		if !level(l) {
			t.Errorf("field %d: label %v is not level with the field %v", l.Mark, l.Rectangle(), l.Outline)
		}
		if f.sensitive && !l.Outline.In(image.Rect(0, 0, res.Width, res.Height)) {
			t.Errorf("field %d: outline %v", l.Mark, l.Outline)
		}
	}
	// Captions are page text, not elements; no label lies on one.
	plain := &placer{img: decodeResult(t, mustCompose(t, encodePNGBytes(t, p.img), p.masks, nil))}
	for _, l := range res.Labels {
		if n := plain.ink(l.Rectangle(), math.MaxInt); n > 0 && l.Mark <= len(fields) {
			t.Errorf("mark %d: label %v hides %d pixels of ink", l.Mark, l.Rectangle(), n)
		}
	}
}

// dump writes res's image to DIWALL_IMAGING_OUT, if set, to look at.
func dump(t *testing.T, name string, res Result) {
	if dir := os.Getenv("DIWALL_IMAGING_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, name+".png"), res.PNG, 0o644); err != nil {
			t.Error(err)
		}
	}
}
