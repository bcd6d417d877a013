package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkObserve measures observe end to end (the MCP client's round
// trip, image included) and the host's own share of it, on generated pages
// of about 50, 2,000 and 10,000 elements. Run it with `make bench`.
//
// Besides ns/op it reports: ms-median (client round trip), host-ms (the
// host's work after the browser answered: parsing, marks, tree, image),
// guard-ms (the capture guard's start and finish round trips), capture-ms
// and serialize-ms (from asking, together; the longer of the two is on the
// way),
// path-ms (the client's round trip less the observation's own time on
// the host), text-tokens (the text block the model reads, o200k_base),
// struct-bytes (structuredContent's JSON), tree-tokens, and host-peak-MB
// (the host process's peak resident memory after the run).
func BenchmarkObserve(b *testing.B) {
	l := launch(b).launched
	for _, n := range []int{50, 2000, 10000} {
		b.Run(fmt.Sprintf("elements=%d", n), func(b *testing.B) {
			bs := &browserSession{t: b, launched: l}
			bs.mustOK("tabs", map[string]any{"action": "open", "url": fmt.Sprintf("%s/gen?n=%d", siteURL, n)})
			bs.observe() // warm: isolated world, caches
			var took []float64
			var last observation
			for b.Loop() {
				start := time.Now()
				last = bs.observe()
				took = append(took, float64(time.Since(start).Microseconds())/1000)
			}
			structured, _ := json.Marshal(last.raw.StructuredContent)
			tree, _ := json.Marshal(last.Tree)
			host := logField(b, l.home, "observe", "host_ms", len(took))
			b.ReportMetric(median(took), "ms-median")
			b.ReportMetric(median(host), "host-ms")
			// What the call adds around the observation itself: the tool's
			// dispatch on the host, and the MCP path (the host's encoding,
			// diwall mcp, the client's decoding).
			b.ReportMetric(median(took)-median(logField(b, l.home, "observe", "total_ms", len(took))), "path-ms")
			guardStart, guardFinish := logField(b, l.home, "observe", "guard_start_ms", len(took)), logField(b, l.home, "observe", "guard_finish_ms", len(took))
			b.ReportMetric(median(guardStart)+median(guardFinish), "guard-ms")
			b.ReportMetric(median(logField(b, l.home, "observe", "capture_ms", len(took))), "capture-ms")
			b.ReportMetric(median(logField(b, l.home, "observe", "serialize_ms", len(took))), "serialize-ms")
			b.ReportMetric(float64(tokens(textOf(last.raw))), "text-tokens")
			b.ReportMetric(float64(len(structured)), "struct-bytes")
			b.ReportMetric(float64(len(tree)/4), "tree-tokens")
			b.ReportMetric(float64(len(last.Elements)), "marks")
			b.ReportMetric(hostPeakMB(l.home), "host-peak-MB")
			bs.mustOK("tabs", map[string]any{"action": "close"})
		})
	}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// logField reads a figure of the last n records with message msg from the
// host's log.
func logField(b *testing.B, home, msg, field string, n int) []float64 {
	f, err := os.Open(filepath.Join(home, "logs", "host.log"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var all []float64
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if json.Unmarshal(sc.Bytes(), &rec) == nil && rec["msg"] == msg {
			if v, ok := rec[field].(float64); ok {
				all = append(all, v)
			}
		}
	}
	if len(all) > n {
		all = all[len(all)-n:]
	}
	return all
}

// hostPeakMB is the peak resident memory of the launched browser's host.
func hostPeakMB(home string) float64 { return hostStatusMB(home, "VmHWM") }

// hostStatusMB reads a memory figure of /proc/PID/status (VmRSS, VmHWM) of
// the launched browser's host; 0 when it cannot.
func hostStatusMB(home, field string) float64 {
	pids, _ := filepath.Glob(filepath.Join(home, "state", "l-*", "host.pid"))
	if len(pids) != 1 {
		return 0
	}
	data, _ := os.ReadFile(pids[0])
	status, err := os.ReadFile(filepath.Join("/proc", strings.TrimSpace(string(data)), "status"))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, _ := strconv.Atoi(strings.Fields(rest)[0])
			return float64(kb) / 1024
		}
	}
	return 0
}

// BenchmarkActStep measures one act step, click or type, end to end, and
// the host's overhead in it: the time not spent waiting on the browser (its
// answers to the input events and page helpers, and the settle after the
// input). Reported as host-ms-per-step (median).
func BenchmarkActStep(b *testing.B) {
	bs := launch(b)
	l := bs.launched
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/act/lists.html"})
	o := bs.observe()
	steps := map[string]map[string]any{
		"click": {"action": "click", "mark": markOf(b, o, "button", "Alpha")},
		"type":  {"action": "type", "mark": markOf(b, o, "textbox", "Note"), "text": "hello", "clear": true},
	}
	for _, name := range []string{"click", "type"} {
		b.Run(name, func(b *testing.B) {
			bs := &browserSession{t: b, launched: l}
			var took []float64
			for b.Loop() {
				start := time.Now()
				r := bs.act(snap(o), false, steps[name])
				if !r.OK {
					b.Fatalf("%s: %v", name, r.Server["error"])
				}
				took = append(took, float64(time.Since(start).Microseconds())/1000)
			}
			b.ReportMetric(median(took), "ms-median")
			b.ReportMetric(median(logField(b, l.home, "act", "host_ms", len(took))), "host-ms-per-step")
			b.ReportMetric(median(logField(b, l.home, "act", "browser_ms", len(took))), "browser-ms-per-step")
		})
	}
}

// BenchmarkCapture measures what Chrome alone takes to capture the
// viewport of the 50-element page: Page.captureScreenshot over the
// harness's own DevTools connection, with the parameters the host uses
// (host/internal/observe/gather.go), no extension or host in the way. It
// is the floor under observe's time on a small page, printed next to
// BenchmarkObserve by `make bench` (capture-ms-median).
func BenchmarkCapture(b *testing.B) {
	bs := launch(b)
	url := siteURL + "/gen?n=50"
	bs.mustOK("tabs", map[string]any{"action": "open", "url": url})
	bs.observe() // the tab is attached, active and drawn
	c, session := pageTarget(b, bs, url)
	var took []float64
	for b.Loop() {
		took = append(took, capture(b, c, session))
	}
	b.ReportMetric(median(took), "capture-ms-median")
}
