package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkSoak makes DIWALL_SOAK_OBSERVATIONS (2,000) observations in a
// row of a mid-size page (1,000 elements) and prints the host's resident
// memory every 100; the host's goroutines and open files (from its "host
// stats" log records, written every 100 calls) are printed after the
// first 100 and at the end. It fails when memory grows past noise (more
// than 10% and 8 MB over the reading at 200), or when the goroutines or
// open files grew: the fewest of the last three readings is more than the
// most of the first three (a reading may catch a call's goroutine on its
// way out; a leak is there at every reading). Run it with
// `make bench-soak`.
func BenchmarkSoak(b *testing.B) {
	total := envInt(b, "DIWALL_SOAK_OBSERVATIONS", 2000)
	if total < 300 || total%100 != 0 {
		b.Fatalf("DIWALL_SOAK_OBSERVATIONS=%d: give a multiple of 100, at least 300", total)
	}
	bs := launch(b)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/gen?n=1000"})
	b.ResetTimer()
	fmt.Printf("\n%-13s %8s %8s %11s %10s\n", "observations", "rss MB", "heap MB", "goroutines", "open files")
	var readings []hostStats
	rssAt200 := 0.0
	for i := 1; i <= total; i++ {
		bs.observe()
		if i%100 != 0 {
			continue
		}
		rss := hostRSSMB(b, bs.home)
		st := lastHostStats(b, bs.home)
		fmt.Printf("%-13d %8.1f %8.1f %11d %10d\n", i, rss, float64(st.HeapKB)/1024, st.Goroutines, st.OpenFiles)
		readings = append(readings, st)
		switch i {
		case 200:
			rssAt200 = rss
		case total:
			if grew := rss - rssAt200; grew > 8 && grew > rssAt200/10 {
				b.Errorf("host memory grew from %.1f MB (at 200) to %.1f MB (at %d)", rssAt200, rss, total)
			}
		}
	}
	b.StopTimer()
	first, last := readings[:3], readings[len(readings)-3:]
	start := hostStats{Goroutines: maxOf(first, func(s hostStats) int { return s.Goroutines }), OpenFiles: maxOf(first, func(s hostStats) int { return s.OpenFiles })}
	end := hostStats{Goroutines: minOf(last, func(s hostStats) int { return s.Goroutines }), OpenFiles: minOf(last, func(s hostStats) int { return s.OpenFiles })}
	fmt.Printf("goroutines %d -> %d, open files %d -> %d (the most of the first three readings, the fewest of the last three)\n",
		start.Goroutines, end.Goroutines, start.OpenFiles, end.OpenFiles)
	if end.Goroutines > start.Goroutines || end.OpenFiles > start.OpenFiles {
		b.Errorf("goroutines %d -> %d, open files %d -> %d: the host keeps something per call",
			start.Goroutines, end.Goroutines, start.OpenFiles, end.OpenFiles)
	}
	b.ReportMetric(hostRSSMB(b, bs.home), "host-rss-MB")
}

func maxOf(xs []hostStats, f func(hostStats) int) int {
	m := f(xs[0])
	for _, x := range xs[1:] {
		m = max(m, f(x))
	}
	return m
}

func minOf(xs []hostStats, f func(hostStats) int) int {
	m := f(xs[0])
	for _, x := range xs[1:] {
		m = min(m, f(x))
	}
	return m
}

// hostStats is a "host stats" record of the host's log.
type hostStats struct {
	Calls      int `json:"calls"`
	Goroutines int `json:"goroutines"`
	OpenFiles  int `json:"open_files"`
	RSSKB      int `json:"rss_kb"`
	HeapKB     int `json:"heap_kb"`
}

// lastHostStats reads the newest "host stats" record of the host's log.
func lastHostStats(tb testing.TB, home string) hostStats {
	tb.Helper()
	f, err := os.Open(filepath.Join(home, "logs", "host.log"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var last hostStats
	found := false
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if !strings.Contains(sc.Text(), `"msg":"host stats"`) {
			continue
		}
		if json.Unmarshal(sc.Bytes(), &last) == nil {
			found = true
		}
	}
	if !found {
		tb.Fatal("the host's log has no host stats record")
	}
	return last
}

// hostRSSMB is the resident memory of the launched browser's host now.
func hostRSSMB(tb testing.TB, home string) float64 {
	tb.Helper()
	mb := hostStatusMB(home, "VmRSS")
	if mb == 0 {
		tb.Fatal("cannot read the host's resident memory")
	}
	return mb
}
