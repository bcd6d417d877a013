package imaging

import (
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// fontSize is the digits' size in result pixels. Go Mono Bold at 14 px with
// full hinting draws each digit in an 8x12 cell with strokes about 2 px wide
// and a marked zero: heavier than basicfont.Face7x13, whose 1 px strokes go
// grey when a model's client resamples the image, and still small enough
// (a 16 px tall label) not to hide much of a button.
const fontSize = 14

// Label colours: white digits on one of a few saturated dark colours,
// inside a 1 px white border that separates the label from dark pages. Each
// marked element's box is outlined in its label's colour, and neighbours get
// different colours, so a label is seen to belong to its own element. White
// on each has a contrast ratio of at least 5.3:1; none is close to MaskColor.
var (
	labelColors = [...]color.RGBA{
		{0xb0, 0x00, 0x1a, 0xff}, // red, 7.3:1
		{0x1a, 0x57, 0xc8, 0xff}, // blue, 6.5:1
		{0x0f, 0x6b, 0x2f, 0xff}, // green, 6.6:1
		{0x7b, 0x1f, 0xa2, 0xff}, // purple, 8.2:1
		{0xa3, 0x4d, 0x00, 0xff}, // brown, 5.8:1
		{0x00, 0x69, 0x5c, 0xff}, // teal, 6.6:1
	}
	labelFG     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	labelBorder = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// Label layout around the digits, in pixels.
const (
	labelBorderW = 1
	labelPadX    = 2
	labelPadY    = 1
)

// inkLevels is how many levels of coverage a digit's edge pixels keep
// (besides none and full): few enough that every colour a label can contain
// is known in advance and has its own exact palette entry (see drawnColors).
const inkLevels = 2

// digitTiles holds, for each label colour and digit, the digit's cell
// already composited in labelFG over that colour, so drawing a label is only
// row copies.
type digitTiles struct {
	w, h  int
	tiles [len(labelColors)][10]*image.RGBA
}

var (
	digitsOnce sync.Once
	digits     digitTiles
)

func loadDigits() *digitTiles {
	digitsOnce.Do(func() { digits = renderDigits() })
	return &digits
}

// inkColor is labelFG over bg at coverage level k of inkLevels+1.
func inkColor(bg color.RGBA, k int) color.RGBA {
	mix := func(a, b uint8) uint8 {
		return uint8((int(a)*(inkLevels+1-k) + int(b)*k + (inkLevels+1)/2) / (inkLevels + 1))
	}
	return color.RGBA{mix(bg.R, labelFG.R), mix(bg.G, labelFG.G), mix(bg.B, labelFG.B), 0xff}
}

// drawnColors lists every colour Compose draws: the mask, the labels'
// border, backgrounds and digits with their edge levels. The palette keeps
// each of them exactly.
func drawnColors() []color.RGBA {
	out := []color.RGBA{MaskColor, labelFG}
	for _, bg := range labelColors {
		out = append(out, bg)
		for k := 1; k <= inkLevels; k++ {
			out = append(out, inkColor(bg, k))
		}
	}
	return out
}

// renderDigits draws 0-9 with Go Mono Bold. It panics only if the font
// embedded in x/image fails to parse, which would be a build defect.
func renderDigits() digitTiles {
	f, err := opentype.Parse(gomonobold.TTF)
	if err != nil {
		panic("imaging: parse Go Mono Bold: " + err.Error())
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: fontSize, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("imaging: Go Mono Bold face: " + err.Error())
	}
	defer face.Close()

	// One cell size for all digits: the union of their ink bounds, and at
	// least the (monospace) advance wide.
	var ink fixed.Rectangle26_6
	adv := fixed.I(0)
	for d := '0'; d <= '9'; d++ {
		b, a, _ := face.GlyphBounds(d)
		if d == '0' {
			ink = b
		} else {
			ink = ink.Union(b)
		}
		adv = max(adv, a)
	}
	x0, y0 := ink.Min.X.Floor(), ink.Min.Y.Floor()
	w := max(ink.Max.X.Ceil()-x0, adv.Ceil())
	h := ink.Max.Y.Ceil() - y0

	t := digitTiles{w: w, h: h}
	for d := range 10 {
		cov := image.NewAlpha(image.Rect(0, 0, w, h))
		dr := &font.Drawer{Dst: cov, Src: image.Opaque, Face: face}
		// Centre the advance in the cell; the dot sits on the baseline.
		dr.Dot = fixed.Point26_6{X: fixed.I(-x0 + (w-adv.Ceil())/2), Y: fixed.I(-y0)}
		dr.DrawString(string(rune('0' + d)))
		for c, bg := range labelColors {
			tile := image.NewRGBA(image.Rect(0, 0, w, h))
			for i, a := range cov.Pix {
				// Round the coverage to one of inkLevels+2 levels.
				k := (int(a)*(inkLevels+1) + 127) / 255
				tile.SetRGBA(i%w, i/w, inkColor(bg, k))
			}
			t.tiles[c][d] = tile
		}
	}
	return t
}
