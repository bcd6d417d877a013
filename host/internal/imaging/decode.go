package imaging

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"image/png"
)

// Limits on a capture, checked from its header before decoding it.
const (
	maxSide   = 16384
	maxPixels = 64 << 20
)

var (
	jpegMagic = []byte{0xff, 0xd8, 0xff}
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
)

// decode sniffs and decodes capture into a pooled *image.RGBA with its origin
// at (0, 0), and reports whether it is opaque (known without a scan for a
// JPEG). The caller returns the image with putRGBA.
func decode(capture []byte) (*image.RGBA, bool, error) {
	if len(capture) == 0 {
		return nil, false, ErrEmpty
	}
	var (
		decodeConfig func([]byte) (image.Config, error)
		decodeImage  func([]byte) (image.Image, error)
	)
	switch {
	case bytes.HasPrefix(capture, jpegMagic):
		decodeConfig = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		decodeImage = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
	case bytes.HasPrefix(capture, pngMagic):
		decodeConfig = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
		decodeImage = func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
	default:
		return nil, false, ErrFormat
	}

	cfg, err := decodeConfig(capture)
	if err != nil {
		return nil, false, fmt.Errorf("%w: %w", ErrDecode, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, false, fmt.Errorf("%w: %dx%d", ErrDecode, cfg.Width, cfg.Height)
	}
	if cfg.Width > maxSide || cfg.Height > maxSide || cfg.Width*cfg.Height > maxPixels {
		return nil, false, fmt.Errorf("%w: %dx%d", ErrTooLarge, cfg.Width, cfg.Height)
	}
	src, err := decodeImage(capture)
	if err != nil {
		return nil, false, fmt.Errorf("%w: %w", ErrDecode, err)
	}
	o, ok := src.(interface{ Opaque() bool }) // constant time for YCbCr and Gray
	return toRGBA(src), ok && o.Opaque(), nil
}

// toRGBA copies src into a pooled *image.RGBA at the origin. draw.Draw has
// fast paths for every type the JPEG and PNG decoders return, and the copy is
// split across the CPUs by rows.
func toRGBA(src image.Image) *image.RGBA {
	b := src.Bounds()
	dst := getRGBA(b.Dx(), b.Dy())
	parallelRows(b.Dy(), func(y0, y1 int) {
		r := image.Rect(0, y0, b.Dx(), y1)
		draw.Draw(dst, r, src, b.Min.Add(r.Min), draw.Src)
	})
	return dst
}
