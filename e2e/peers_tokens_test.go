package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPeersPageTokens prints the text tokens (o200k_base) of reading each
// of the W3C's Authoring Practices examples in testdata/apg (pages no one
// here wrote) once: Diwall's observe against Playwright MCP's
// browser_snapshot, and the median of the per-page ratios; and how long
// observe takes against Playwright MCP's snapshot and screenshot, first
// after the load and again. Runs with
// DIWALL_BENCH_PEERS=1 (make bench-peers).
func TestPeersPageTokens(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_PEERS") != "1" {
		t.Skip("set DIWALL_BENCH_PEERS=1 (make bench-peers)")
	}
	root, _ := filepath.Abs(filepath.Join("testdata", "apg"))
	main, cross := serveAPG(t, root)
	var pages []fidelityPage
	for _, p := range apgPages(t, root, main, cross) {
		if p.open == "" { // each page once, as it loads
			pages = append(pages, p)
		}
	}
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": pages[0].url})
	pw := startPeers(t, 1280, 713)[0]
	var ratios, speed, again []float64
	var dSum, pSum int
	for _, p := range pages {
		bs.mustOK("navigate", map[string]any{"url": p.url})
		start := time.Now()
		d := tokens(textOf(bs.observe().raw))
		dTook := time.Since(start)
		start = time.Now()
		bs.observe()
		dAgain := time.Since(start)
		pw.open(t, p.url)
		snap := pw.call(t, "browser_snapshot", map[string]any{})
		w := tokens(snap.text)
		pTook := snap.took + pw.call(t, pw.shot, pw.shotArgs).took
		pAgain := pw.call(t, "browser_snapshot", map[string]any{}).took + pw.call(t, pw.shot, pw.shotArgs).took
		ratios = append(ratios, float64(d)/float64(max(w, 1)))
		speed = append(speed, dTook.Seconds()/pTook.Seconds())
		again = append(again, dAgain.Seconds()/pAgain.Seconds())
		dSum, pSum = dSum+d, pSum+w
	}
	fmt.Printf("reading %d APG example pages once: text tokens (o200k_base), diwall observe %d, playwright-mcp browser_snapshot %d (%.2fx); median of per-page ratios %.2fx\n",
		len(pages), dSum, pSum, float64(dSum)/float64(max(pSum, 1)), median(ratios))
	fmt.Printf("  time, diwall observe against playwright-mcp snapshot + screenshot, median of per-page ratios: %.2fx the first after the load, %.2fx again\n",
		median(speed), median(again))
}
