package imaging

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// page draws a synthetic web page in CSS pixels onto a capture at a given
// device pixel ratio, and records the elements and masks it drew.
type page struct {
	img    *image.RGBA
	scale  float64
	labels []Label
	masks  []Rect
	faces  map[float64]font.Face
}

func newPage(w, h int, scale float64) *page {
	img := image.NewRGBA(image.Rect(0, 0, int(math.Round(float64(w)*scale)), int(math.Round(float64(h)*scale))))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	return &page{img: img, scale: scale, faces: map[float64]font.Face{}}
}

func (p *page) px(r Rect) image.Rectangle {
	return image.Rect(int(math.Round(r.X*p.scale)), int(math.Round(r.Y*p.scale)),
		int(math.Round((r.X+r.W)*p.scale)), int(math.Round((r.Y+r.H)*p.scale)))
}

func (p *page) fill(r Rect, c color.Color) {
	draw.Draw(p.img, p.px(r), image.NewUniform(c), image.Point{}, draw.Src)
}

func (p *page) frame(r Rect, c color.Color) {
	p.fill(Rect{r.X, r.Y, r.W, 1}, c)
	p.fill(Rect{r.X, r.Y + r.H - 1, r.W, 1}, c)
	p.fill(Rect{r.X, r.Y, 1, r.H}, c)
	p.fill(Rect{r.X + r.W - 1, r.Y, 1, r.H}, c)
}

func (p *page) face(size float64) font.Face {
	if f, ok := p.faces[size]; ok {
		return f
	}
	tt, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic(err)
	}
	f, err := opentype.NewFace(tt, &opentype.FaceOptions{Size: size * p.scale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	p.faces[size] = f
	return f
}

// text draws s with its baseline at (x, y) CSS pixels and returns its width.
func (p *page) text(x, y, size float64, c color.Color, s string) float64 {
	d := font.Drawer{Dst: p.img, Src: image.NewUniform(c), Face: p.face(size),
		Dot: fixed.P(int(x*p.scale), int(y*p.scale))}
	d.DrawString(s)
	return float64(d.MeasureString(s).Round()) / p.scale
}

// element records an actionable element and returns its mark.
func (p *page) element(r Rect) int {
	m := len(p.labels) + 1
	p.labels = append(p.labels, Label{Mark: m, Box: r})
	return m
}

func (p *page) button(r Rect, bg color.Color, fg color.Color, s string) {
	p.fill(r, bg)
	p.text(r.X+10, r.Y+r.H/2+5, 14, fg, s)
	p.element(r)
}

func (p *page) link(x, y float64, s string) {
	w := p.text(x, y, 14, color.RGBA{0x1a, 0x0d, 0xab, 0xff}, s)
	p.element(Rect{x, y - 14, w, 18})
}

func (p *page) input(r Rect, value string, sensitive bool) {
	p.frame(r, color.RGBA{0x88, 0x88, 0x88, 0xff})
	p.text(r.X+8, r.Y+r.H/2+5, 14, color.Black, value)
	p.element(r)
	if sensitive {
		p.masks = append(p.masks, r)
	}
}

// photo paints a noisy gradient, the kind of region that compresses worst.
func (p *page) photo(r Rect, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	b := p.px(r)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			n := rng.IntN(24)
			p.img.SetRGBA(x, y, color.RGBA{uint8(40 + (x-b.Min.X)*150/b.Dx() + n), uint8(90 + n), uint8(160 - (y-b.Min.Y)*100/b.Dy() + n), 0xff})
		}
	}
}

// paragraph fills lines of grey text from (x, y) within width w.
func (p *page) paragraph(x, y, w float64, lines int) {
	words := []string{"The", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs,", "while", "agents", "observe", "the", "page", "and", "act", "on", "marks."}
	k := 0
	for i := range lines {
		cx := x
		for {
			s := words[k%len(words)]
			if cx+float64(len(s))*8 > x+w {
				break
			}
			cx += p.text(cx, y+float64(i)*20, 14, color.RGBA{0x33, 0x33, 0x33, 0xff}, s) + 4
			k++
		}
	}
}

// loginPage is an 800x500 CSS page: a nav bar, a sign-in form with a masked
// password and card number, a masked iframe, links, a crowded pagination
// row and elements at the edges and corners.
func loginPage(scale float64) *page {
	p := newPage(800, 500, scale)
	navy := color.RGBA{0x1f, 0x3a, 0x68, 0xff}
	p.fill(Rect{0, 0, 800, 48}, navy)
	p.text(16, 30, 18, color.White, "Diwall Demo Shop")
	for i, s := range []string{"Home", "Products", "About", "Contact"} {
		x := 220 + float64(i)*90
		w := p.text(x, 30, 14, color.White, s)
		p.element(Rect{x, 14, w, 20})
	}
	p.fill(Rect{610, 10, 186, 28}, color.White)
	p.input(Rect{610, 10, 186, 28}, "Search", false)

	p.text(24, 90, 22, color.Black, "Sign in to your account")
	p.text(24, 125, 14, color.Black, "Email")
	p.input(Rect{24, 132, 300, 32}, "ada@example.com", false)
	p.text(24, 190, 14, color.Black, "Password")
	p.input(Rect{24, 197, 300, 32}, "hunter2hunter2", true)
	p.text(24, 255, 14, color.Black, "Card number")
	p.input(Rect{24, 262, 300, 32}, "4111 1111 1111 1111", true)
	p.frame(Rect{24, 310, 16, 16}, color.Black)
	p.element(Rect{24, 310, 16, 16})
	p.text(48, 323, 14, color.Black, "Remember me")
	p.button(Rect{24, 340, 120, 36}, color.RGBA{0x2e, 0x7d, 0x32, 0xff}, color.White, "Sign in")
	p.link(160, 363, "Forgot password?")

	p.text(380, 90, 18, color.Black, "Today's offers")
	p.paragraph(380, 115, 390, 4)
	p.photo(Rect{380, 190, 180, 120}, 7)
	p.fill(Rect{580, 190, 190, 120}, color.RGBA{0xfa, 0xd0, 0x60, 0xff}) // an ad iframe
	p.text(600, 255, 16, color.Black, "Ad: buy now!")
	p.masks = append(p.masks, Rect{580, 190, 190, 120})
	p.link(380, 340, "Terms of service")
	p.link(520, 340, "Privacy")
	p.link(600, 340, "Help center")

	// A crowded row: labels cannot all sit inside their elements.
	for i := range 12 {
		r := Rect{380 + float64(i)*26, 380, 22, 22}
		p.frame(r, color.RGBA{0x99, 0x99, 0x99, 0xff})
		p.text(r.X+6, r.Y+16, 12, color.Black, string(rune('a'+i)))
		p.element(r)
	}

	// Edges and corners, some partly outside the viewport.
	p.button(Rect{-20, 460, 90, 40}, navy, color.White, "  Chat")
	p.button(Rect{740, 470, 90, 40}, navy, color.White, "Top")
	p.button(Rect{780, 200, 40, 30}, navy, color.White, ">")
	p.element(Rect{400, -10, 60, 12})
	p.element(Rect{900, 100, 50, 20}) // off to the right: no label
	return p
}

func encodeJPEG(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: 85}); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func encodePNGBytes(tb testing.TB, img image.Image) []byte {
	tb.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func decodeResult(tb testing.TB, res Result) *image.RGBA {
	tb.Helper()
	img, err := png.Decode(bytes.NewReader(res.PNG))
	if err != nil {
		tb.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != res.Width || b.Dy() != res.Height {
		tb.Fatalf("png is %v, result says %dx%d", b, res.Width, res.Height)
	}
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Rect, img, image.Point{}, draw.Src)
	return rgba
}
