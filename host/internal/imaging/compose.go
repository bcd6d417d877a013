package imaging

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
)

// Rect is a rectangle in CSS pixels, relative to the viewport's top-left.
type Rect struct{ X, Y, W, H float64 }

// Label asks for mark number Mark to be drawn on the element whose box is Box.
type Label struct {
	Mark int
	Box  Rect
}

// Options tells Compose how the capture relates to CSS pixels and how large
// the result may be.
type Options struct {
	// Scale is capture pixels per CSS pixel: the device pixel ratio the
	// capture was taken at (1 in headless). Zero means 1.
	Scale float64
	// MaxLongSide is the longest side of the result in pixels; a larger
	// capture is downscaled to fit. Zero means DefaultMaxLongSide.
	MaxLongSide int
}

// DefaultMaxLongSide is the long side models take well (docs/contract.md §3).
const DefaultMaxLongSide = 1568

// PlacedLabel is a label as drawn: its mark, its box in result pixels, and
// the outline drawn around its element in the label's colour.
type PlacedLabel struct {
	Mark       int
	X, Y, W, H int
	// Outline is the rectangle whose 1 px frame is drawn: the element's box
	// grown by a pixel, clipped to the image. The label touches it or lies
	// inside it.
	Outline image.Rectangle
	color   int // index in labelColors
}

// Color is the colour of the label's background and of its outline.
func (p PlacedLabel) Color() color.RGBA { return labelColors[p.color] }

// Rectangle returns the label's box as an image.Rectangle.
func (p PlacedLabel) Rectangle() image.Rectangle {
	return image.Rect(p.X, p.Y, p.X+p.W, p.Y+p.H)
}

// Result is the composed image.
type Result struct {
	PNG           []byte
	Width, Height int
	// Scale is result pixels per CSS pixel: Options.Scale times the
	// downscale factor.
	Scale float64
	// Masks are the masked boxes in result pixels, clipped to the image
	// (empty ones left out). Every pixel inside them is MaskColor.
	Masks []image.Rectangle
	// Labels are the labels drawn, in the order of the input. A label whose
	// element does not intersect the image is left out, and so is one that
	// found no room outside the masks.
	Labels []PlacedLabel
}

// Errors returned by Compose. A decode failure wraps ErrDecode.
var (
	ErrEmpty       = errors.New("imaging: empty capture")
	ErrFormat      = errors.New("imaging: capture is neither JPEG nor PNG")
	ErrDecode      = errors.New("imaging: cannot decode capture")
	ErrTooLarge    = errors.New("imaging: capture too large")
	ErrBadGeometry = errors.New("imaging: invalid scale or mask rectangle")
)

// Compose decodes capture (JPEG or PNG), paints masks, downscales to
// opts.MaxLongSide, draws labels and encodes the result as PNG: a palette
// PNG for an opaque capture (see quantize.go), else truecolour with alpha.
//
// A mask with a non-finite coordinate or a negative size is an error rather
// than skipped: a mask that cannot be placed must not leave a field visible.
// Labels are placed in the order given; a label with a negative mark or a
// non-finite box is skipped.
func Compose(capture []byte, masks []Rect, labels []Label, opts Options) (Result, error) {
	c, err := Decode(capture)
	if err != nil {
		return Result{}, err
	}
	return c.Compose(masks, labels, opts)
}

// Capture is a decoded capture, waiting for its masks and labels. Decoding
// apart lets a caller decode while it still gathers the rest.
type Capture struct {
	img    *image.RGBA
	opaque bool
}

// Decode decodes a JPEG or PNG capture.
func Decode(capture []byte) (*Capture, error) {
	img, opaque, err := decode(capture)
	if err != nil {
		return nil, err
	}
	return &Capture{img: img, opaque: opaque}, nil
}

// Width is the capture's width in pixels.
func (c *Capture) Width() int { return c.img.Rect.Dx() }

// Release returns the capture's buffer when it will not be composed.
func (c *Capture) Release() { putRGBA(c.img) }

// Compose paints masks, downscales, draws labels and encodes, as the
// function Compose does; it uses up the capture.
func (c *Capture) Compose(masks []Rect, labels []Label, opts Options) (Result, error) {
	out, opaque, res, err := c.render(masks, labels, opts)
	if err != nil {
		return Result{}, err
	}
	defer putRGBA(out)
	// Masks, labels and scaling keep an opaque image opaque. An opaque image
	// (every capture a browser makes) goes out as a palette PNG; the rare
	// translucent one as truecolour with alpha.
	if opaque {
		pal, idx := quantize(out, drawnColors())
		res.PNG, err = encodePalettePNG(pal, idx, res.Width, res.Height)
		putIndexes(idx)
	} else {
		res.PNG, err = encodePNG(out, false)
	}
	if err != nil {
		return Result{}, fmt.Errorf("imaging: encode png: %w", err)
	}
	return res, nil
}

// render does all of Compose but the encoding: it returns the finished
// image (pooled: the caller puts it back), whether it is opaque, and the
// result without its encoded bytes. It uses up the capture.
func (c *Capture) render(masks []Rect, labels []Label, opts Options) (*image.RGBA, bool, Result, error) {
	img, opaque := c.img, c.opaque
	scale, maxSide, err := checkOptions(opts)
	if err == nil {
		for i, m := range masks {
			if !validRect(m) {
				err = fmt.Errorf("%w: mask %d is %+v", ErrBadGeometry, i, m)
				break
			}
		}
	}
	if err != nil {
		putRGBA(img)
		return nil, false, Result{}, err
	}

	// 1. Masks on the capture itself, before anything else.
	bounds := img.Bounds()
	for _, m := range masks {
		fillRect(img, pixelRect(m, scale).Intersect(bounds), MaskColor)
	}

	// 2. Downscale, then paint the masks again in result pixels.
	out, f := downscale(img, maxSide)
	if out != img {
		putRGBA(img)
	}
	final := scale * f
	res := Result{Width: out.Rect.Dx(), Height: out.Rect.Dy(), Scale: final}
	bounds = out.Bounds()
	for _, m := range masks {
		r := pixelRect(m, final).Intersect(bounds)
		if r.Empty() {
			continue
		}
		fillRect(out, r, MaskColor)
		res.Masks = append(res.Masks, r)
	}

	// 3. Labels, never over a mask, and their elements' outlines, which
	// the masks are painted over once more.
	res.Labels = placeLabels(out, res.Masks, labels, final)
	for _, l := range res.Labels {
		drawOutline(out, l)
	}
	for _, m := range res.Masks {
		fillRect(out, m, MaskColor)
	}
	for _, l := range res.Labels {
		drawLabel(out, l)
	}
	return out, opaque, res, nil
}

func checkOptions(opts Options) (scale float64, maxSide int, err error) {
	scale = opts.Scale
	if scale == 0 {
		scale = 1
	}
	if math.IsNaN(scale) || math.IsInf(scale, 0) || scale <= 0 || scale > 64 {
		return 0, 0, fmt.Errorf("%w: scale %v", ErrBadGeometry, opts.Scale)
	}
	maxSide = opts.MaxLongSide
	if maxSide == 0 {
		maxSide = DefaultMaxLongSide
	}
	if maxSide < 1 {
		return 0, 0, fmt.Errorf("%w: max long side %d", ErrBadGeometry, opts.MaxLongSide)
	}
	return scale, maxSide, nil
}
