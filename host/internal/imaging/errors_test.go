package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"testing"
)

// pngHeader returns a PNG signature and a valid IHDR chunk for w x h, and
// nothing after it.
func pngHeader(w, h uint32) []byte {
	var b bytes.Buffer
	b.Write(pngMagic)
	data := make([]byte, 17)
	copy(data, "IHDR")
	binary.BigEndian.PutUint32(data[4:], w)
	binary.BigEndian.PutUint32(data[8:], h)
	data[12], data[13] = 8, 6 // 8-bit RGBA
	_ = binary.Write(&b, binary.BigEndian, uint32(13))
	b.Write(data)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(data))
	return b.Bytes()
}

func TestBadInput(t *testing.T) {
	good := blankJPEG(t, 64, 48)
	cases := []struct {
		name    string
		capture []byte
		masks   []Rect
		opts    Options
		want    error
	}{
		{name: "nil", capture: nil, want: ErrEmpty},
		{name: "empty", capture: []byte{}, want: ErrEmpty},
		{name: "text", capture: []byte("hello, world"), want: ErrFormat},
		{name: "gif", capture: []byte("GIF89a\x01\x00\x01\x00"), want: ErrFormat},
		{name: "jpeg magic only", capture: jpegMagic, want: ErrDecode},
		{name: "png magic only", capture: pngMagic, want: ErrDecode},
		{name: "truncated jpeg", capture: good[:len(good)/2], want: ErrDecode},
		{name: "jpeg garbage", capture: append(append([]byte{}, jpegMagic...), bytes.Repeat([]byte{0x42}, 100)...), want: ErrDecode},
		{name: "png header only", capture: pngHeader(10, 10), want: ErrDecode},
		{name: "png too large", capture: pngHeader(100000, 100000), want: ErrTooLarge},
		{name: "png too many pixels", capture: pngHeader(16000, 16000), want: ErrTooLarge},
		{name: "nan scale", capture: good, opts: Options{Scale: math.NaN()}, want: ErrBadGeometry},
		{name: "negative scale", capture: good, opts: Options{Scale: -1}, want: ErrBadGeometry},
		{name: "inf scale", capture: good, opts: Options{Scale: math.Inf(1)}, want: ErrBadGeometry},
		{name: "negative max side", capture: good, opts: Options{MaxLongSide: -5}, want: ErrBadGeometry},
		{name: "nan mask", capture: good, masks: []Rect{{X: math.NaN(), W: 10, H: 10}}, want: ErrBadGeometry},
		{name: "inf mask", capture: good, masks: []Rect{{W: math.Inf(1), H: 10}}, want: ErrBadGeometry},
		{name: "negative mask", capture: good, masks: []Rect{{X: 10, Y: 10, W: -5, H: 10}}, want: ErrBadGeometry},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Compose(tc.capture, tc.masks, nil, tc.opts)
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			if res.PNG != nil {
				t.Errorf("an image came back with the error")
			}
		})
	}
}

func TestOddLabelsAreSkipped(t *testing.T) {
	labels := []Label{
		{Mark: -1, Box: Rect{10, 10, 20, 20}},
		{Mark: 2, Box: Rect{math.NaN(), 10, 20, 20}},
		{Mark: 3, Box: Rect{10, 10, -20, 20}},
		{Mark: 4, Box: Rect{math.Inf(-1), 0, math.Inf(1), 20}},
		{Mark: 5, Box: Rect{1e300, -1e300, 1e300, 1e300}},
		{Mark: 6, Box: Rect{10, 10, 20, 20}},
	}
	res, err := Compose(blankJPEG(t, 100, 80), nil, labels, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != 1 || res.Labels[0].Mark != 6 {
		t.Errorf("labels %+v, want only mark 6", res.Labels)
	}
}

func FuzzCompose(f *testing.F) {
	f.Add(blankJPEG(f, 40, 30), 1.0, 10.0, 10.0, 20.0, 5.0)
	f.Add(encodePNGBytes(f, newPage(30, 20, 1).img), 2.0, -5.0, 3.0, 100.0, 1.0)
	f.Add([]byte("nope"), 1.0, 0.0, 0.0, 0.0, 0.0)
	f.Fuzz(func(t *testing.T, capture []byte, scale, x, y, w, h float64) {
		r := Rect{x, y, w, h}
		res, err := Compose(capture, []Rect{r}, []Label{{Mark: 7, Box: r}}, Options{Scale: scale, MaxLongSide: 64})
		if err != nil {
			return
		}
		checkLabelInvariants(t, res)
	})
}
