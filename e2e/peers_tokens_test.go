package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestPeersPageTokens prints the text tokens (o200k_base) of reading each
// of the W3C's Authoring Practices examples in testdata/apg (pages no one
// here wrote) once: Diwall's observe against Playwright MCP's
// browser_snapshot, and the median of the per-page ratios. Runs with
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
	var ratios []float64
	var dSum, pSum int
	for _, p := range pages {
		bs.mustOK("navigate", map[string]any{"url": p.url})
		d := tokens(textOf(bs.observe().raw))
		pw.open(t, p.url)
		w := tokens(pw.call(t, "browser_snapshot", map[string]any{}).text)
		ratios = append(ratios, float64(d)/float64(max(w, 1)))
		dSum, pSum = dSum+d, pSum+w
	}
	fmt.Printf("reading %d APG example pages once: text tokens (o200k_base), diwall observe %d, playwright-mcp browser_snapshot %d (%.2fx); median of per-page ratios %.2fx\n",
		len(pages), dSum, pSum, float64(dSum)/float64(max(pSum, 1)), median(ratios))
}
