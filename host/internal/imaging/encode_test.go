package imaging

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// encodePNG's strips must join into a PNG that decodes to the same pixels,
// whatever the size and however many strips it makes.
func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sz := range []image.Point{{1, 1}, {3, 2}, {7, 31}, {5, 64}, {33, 65}, {640, 257}, {100, 1000}} {
		for _, opaque := range []bool{true, false} {
			img := image.NewRGBA(image.Rect(0, 0, sz.X, sz.Y))
			for i := range img.Pix {
				img.Pix[i] = byte(rng.IntN(4) * 60) // compressible, not constant
			}
			for i := 3; i < len(img.Pix); i += 4 {
				if opaque {
					img.Pix[i] = 0xff
				} else if img.Pix[i-1] > img.Pix[i] { // keep it premultiplied
					img.Pix[i-1] = img.Pix[i]
				}
				img.Pix[i-2], img.Pix[i-3] = min(img.Pix[i-2], img.Pix[i]), min(img.Pix[i-3], img.Pix[i])
			}
			b, err := encodePNG(img, opaque)
			if err != nil {
				t.Fatal(err)
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("%v opaque=%v: %v", sz, opaque, err)
			}
			// image/png's own round trip is the reference (un-premultiplying
			// for PNG loses precision at low alpha).
			var ref bytes.Buffer
			if err := png.Encode(&ref, img); err != nil {
				t.Fatal(err)
			}
			want, err := png.Decode(&ref)
			if err != nil {
				t.Fatal(err)
			}
			for y := range sz.Y {
				for x := range sz.X {
					if g, w := got.At(x, y), want.At(x, y); g != w {
						t.Fatalf("%v opaque=%v: pixel (%d,%d) is %v, want %v", sz, opaque, x, y, g, w)
					}
				}
			}
		}
	}
}

func TestAdler32Combine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 300000)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	for _, cut := range []int{0, 1, 5552, 65521, 65522, 150000, len(data)} {
		a, b := data[:cut], data[cut:]
		got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), len(b))
		if want := adler32.Checksum(data); got != want {
			t.Errorf("cut %d: %08x, want %08x", cut, got, want)
		}
	}
}
