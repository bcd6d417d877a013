package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// benchPage is one page of the side-by-side benchmark.
type benchPage struct{ name, path string }

var benchPages = []benchPage{
	{"login form, 5 controls", "/bench/login.html"},
	{"checkout, 32 controls", "/bench/checkout.html"},
	{"article, 1,560 words", "/article?words=1560"},
	{"2,000 elements", "/gen?n=2000"},
	{"10,000 elements", "/gen?n=10000"},
}

// loadAverage is /proc/loadavg's first three figures.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// TestPeersSideBySide prints, for each page of benchPages, Playwright MCP's
// and Chrome DevTools MCP's snapshot + screenshot against Diwall's observe
// in the launched headless browser and in a headed everyday one (Xvfb, the
// extension loaded as a person loads it), all in one run on the same
// Chromium and the same local pages: the medians of turns in which each
// side takes one measurement, in an order that rotates from turn to turn
// and each after a pause (turnPause), the ratio of Diwall to the faster
// peer and of headed to headless, and the images' bytes. It needs `npm
// ci` in e2e/bench/peers and runs only with DIWALL_BENCH_PEERS=1 (`make
// bench-peers`). It checks behaviour only (every call answers); the
// figures are printed, never compared.
func TestPeersSideBySide(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_PEERS") != "1" {
		t.Skip("set DIWALL_BENCH_PEERS=1 (make bench-peers)")
	}
	fmt.Printf("load average at start: %s\n", loadAverage())
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + benchPages[0].path})
	vp := bs.observe().Server["viewport"].(map[string]any)
	w, h := int(vp["width"].(float64)), int(vp["height"].(float64))
	peers := startPeers(t, w, h)
	headed := startHeaded(t)
	turns := 7
	fmt.Printf("viewport %dx%d; medians of %d turns (one warm-up turn left out; in each turn the sides in a rotating order, each after a %v pause), ms as each MCP client saw them\n", w, h, turns, turnPause)
	fmt.Printf("%-24s %9s %9s %9s %7s %9s %7s %26s\n", "page", "pw s+s", "cd s+s", "diwall", "ratio", "headed", "h/h", "image bytes pw/cd/diwall")
	for _, pg := range benchPages {
		url := siteURL + pg.path
		bs.mustOK("navigate", map[string]any{"url": url})
		headed.mustOK("navigate", map[string]any{"url": url})
		headed.observe()
		for _, p := range peers {
			p.open(t, url)
		}
		var took [4][]float64
		var images [3]int
		// The sides take their turns in a rotating order, each after a
		// pause: a model thinks between its calls, and the work a call
		// leaves behind (a peer's garbage collection, Diwall's learning of
		// key listeners, Chrome's own) is over before its next call. Back
		// to back, whoever came right after the slowest side could pay for
		// it.
		sides := []func(record bool){
			func(record bool) { peerTurn(t, peers[0], record, &took[0], &images[0]) },
			func(record bool) { peerTurn(t, peers[1], record, &took[1], &images[1]) },
			func(record bool) { images[2] = len(observeTurn(bs, record, &took[2]).PNG) },
			func(record bool) { observeTurn(headed, record, &took[3]) },
		}
		for turn := 0; turn <= turns; turn++ {
			for i := range sides {
				time.Sleep(turnPause)
				sides[(turn+i)%len(sides)](turn > 0)
			}
		}
		pw, cd, dw, hd := median(took[0]), median(took[1]), median(took[2]), median(took[3])
		fmt.Printf("%-24s %9.0f %9.0f %9.0f %6.2fx %9.0f %6.2fx %26s\n", pg.name, pw, cd, dw, dw/min(pw, cd), hd, hd/dw,
			fmt.Sprintf("%d/%d/%d", images[0], images[1], images[2]))
	}
	fmt.Println("pw, cd: Playwright MCP, Chrome DevTools MCP (snapshot + screenshot); ratio: diwall / the faster peer; headed: diwall observe")
	fmt.Println("in a headed Chromium on Xvfb with the extension as a person loads it; h/h: headed / headless")
	fmt.Printf("load average at end: %s\n", loadAverage())
}

// turnPause is the pause before each side's turn in TestPeersSideBySide.
const turnPause = 300 * time.Millisecond

// peerTurn takes one measurement of a peer: its snapshot, then its
// screenshot, timed as its MCP client sees them; with record, it keeps the
// sum in took.
func peerTurn(t *testing.T, p *peer, record bool, took *[]float64, image *int) {
	snap := p.call(t, p.snapshot, map[string]any{})
	shot := p.call(t, p.shot, p.shotArgs)
	if len(shot.image) == 0 {
		t.Fatalf("%s %s returned no image: %s", p.name, p.shot, shot.text)
	}
	if record {
		*took = append(*took, ms(snap.took+shot.took))
	}
	*image = len(shot.image)
}

// observeTurn takes one measurement of Diwall's observe in bs, as its MCP
// client sees it; with record, it keeps the time in took.
func observeTurn(bs *browserSession, record bool, took *[]float64) observation {
	start := time.Now()
	o := bs.observe()
	if record {
		*took = append(*took, ms(time.Since(start)))
	}
	return o
}
