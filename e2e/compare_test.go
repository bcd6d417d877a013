package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestCompareWithPlaywright prints, for generated pages of 2,000 and
// 10,000 elements, the tokens and time of Diwall's untruncated tree against
// Playwright's AI snapshot (what Playwright MCP returns) of the same page in
// the same Chromium. It needs `npm ci` in e2e/bench/playwright and runs
// only with DIWALL_BENCH_COMPARE=1 (`make bench-compare`).
func TestCompareWithPlaywright(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_COMPARE") != "1" {
		t.Skip("set DIWALL_BENCH_COMPARE=1 (make bench-compare)")
	}
	sizes := []int{2000, 10000}
	var urls []string
	for _, n := range sizes {
		urls = append(urls, fmt.Sprintf("%s/gen?n=%d", siteURL, n))
	}
	cmd := exec.Command("node", append([]string{"snapshot.mjs"}, urls...)...)
	cmd.Dir = "bench/playwright"
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("playwright snapshot: %v", err)
	}
	pw := map[string]struct {
		Tokens int `json:"tokens"`
		MS     int `json:"ms"`
	}{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var r struct {
			URL    string `json:"url"`
			Tokens int    `json:"tokens"`
			MS     int    `json:"ms"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		pw[r.URL] = struct {
			Tokens int `json:"tokens"`
			MS     int `json:"ms"`
		}{r.Tokens, r.MS}
	}

	bs := launch(t, "--tree-chars", "100000000", "--marks", "1000000")
	fmt.Printf("%-10s %14s %14s %7s %12s %12s\n", "elements", "diwall-tree", "playwright", "ratio", "diwall-ms", "playwright-ms")
	for i, n := range sizes {
		bs.mustOK("tabs", map[string]any{"action": "open", "url": urls[i]})
		bs.observe()
		start := time.Now()
		o := bs.observe()
		took := time.Since(start)
		if o.Server["counters"].(map[string]any)["tree_truncated"] != false {
			t.Fatalf("the tree was truncated")
		}
		tree := strings.Join(o.Tree, "\n")
		tokens := len(tree) / 4
		p := pw[urls[i]]
		fmt.Printf("%-10d %14d %14d %7.2f %12d %12d\n", n, tokens, p.Tokens, float64(tokens)/float64(p.Tokens), took.Milliseconds(), p.MS)
		bs.mustOK("tabs", map[string]any{"action": "close"})
	}
}
