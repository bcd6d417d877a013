package imaging

import (
	"image"
	"image/color"
	"image/draw"
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

// Label colours: white digits on a saturated dark red, inside a 1 px white
// border that separates the label from dark pages. White on #b0001a has a
// contrast ratio of 7.3:1.
var (
	labelBG     = color.RGBA{0xb0, 0x00, 0x1a, 0xff}
	labelFG     = color.RGBA{0xff, 0xff, 0xff, 0xff}
	labelBorder = color.RGBA{0xff, 0xff, 0xff, 0xff}
)

// Label layout around the digits, in pixels.
const (
	labelBorderW = 1
	labelPadX    = 2
	labelPadY    = 1
)

// digitTiles holds, for each digit, its cell already composited in labelFG
// over labelBG, so drawing a label is only row copies.
type digitTiles struct {
	w, h  int
	tiles [10]*image.RGBA
}

var (
	digitsOnce sync.Once
	digits     digitTiles
)

func loadDigits() *digitTiles {
	digitsOnce.Do(func() { digits = renderDigits() })
	return &digits
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
		tile := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(tile, tile.Rect, image.NewUniform(labelBG), image.Point{}, draw.Src)
		dr := &font.Drawer{Dst: tile, Src: image.NewUniform(labelFG), Face: face}
		// Centre the advance in the cell; the dot sits on the baseline.
		dr.Dot = fixed.Point26_6{X: fixed.I(-x0 + (w-adv.Ceil())/2), Y: fixed.I(-y0)}
		dr.DrawString(string(rune('0' + d)))
		t.tiles[d] = tile
	}
	return t
}
