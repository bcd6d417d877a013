package e2e

import (
	"fmt"
	"testing"
	"time"
)

// BenchmarkRequestGuard measures what the request guard (issue 32's
// backstop) costs navigate and act on a page that needs no confirmation:
// the same navigate, and the same act (type into a field, then click a
// button that changes the page), under a profile that confirms nothing,
// one that confirms purchases (the everyday browser's default: the guard
// is set only on a page that holds a card field, and this one holds none)
// and one that confirms submissions (the guard is set for every batch).
// Figures only (medians, in ms); run it with nothing else going:
//
//	DIWALL_BIN=$PWD/bin/diwall go test -run XXX -bench RequestGuard -benchtime 30x ./e2e/
func BenchmarkRequestGuard(b *testing.B) {
	for _, confirm := range []string{"", `"purchase"`, `"submit"`} {
		name := "confirm=[" + confirm + "]"
		b.Run(name, func(b *testing.B) {
			bs := launchPrepared(b, func(home string) error {
				return writeProfile(home, "bench", fmt.Sprintf("sites = [%q]\nconfirm = [%s]\n", siteURL, confirm))
			}, nil, "--profile", "bench")
			url := siteURL + "/act/lists.html"
			bs.mustOK("tabs", map[string]any{"action": "open", "url": url})
			var nav, acted []float64
			for b.Loop() {
				start := time.Now()
				bs.mustOK("navigate", map[string]any{"url": url})
				nav = append(nav, float64(time.Since(start).Microseconds())/1000)
				o := bs.observe()
				start = time.Now()
				r := bs.act(snap(o), false,
					map[string]any{"action": "type", "mark": markOf(b, o, "textbox", "Note"), "text": "hello", "clear": true},
					map[string]any{"action": "click", "mark": markOf(b, o, "button", "Alpha")})
				if !r.OK {
					b.Fatalf("act: %v", r.Server["error"])
				}
				acted = append(acted, float64(time.Since(start).Microseconds())/1000)
			}
			b.ReportMetric(median(nav), "navigate-ms-median")
			b.ReportMetric(median(acted), "act-ms-median")
		})
	}
}
