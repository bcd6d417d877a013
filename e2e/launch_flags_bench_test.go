package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// frameRateFlags lift the headless browser's frame-rate limit: Chrome
// then draws a frame when asked instead of at its next 60 Hz tick.
const frameRateFlags = "--disable-frame-rate-limit --disable-gpu-vsync"

// TestLaunchFlagsCost prints what the frame-rate flags give and cost in
// the launched headless browser: observe and Chrome's own capture on the
// small login page (medians), and the browser's CPU while an animated page
// (a CSS spinner, a bar that changes layout, a clock drawn every frame) is
// merely open, for 5 s. Runs with DIWALL_BENCH_PEERS=1 (make bench-peers).
func TestLaunchFlagsCost(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_PEERS") != "1" {
		t.Skip("set DIWALL_BENCH_PEERS=1 (make bench-peers)")
	}
	fmt.Printf("load average at start: %s\n", loadAverage())
	fmt.Printf("%-48s %12s %12s %22s\n", "launched headless browser", "observe ms", "capture ms", "CPU, animated page")
	for _, flags := range []string{"", frameRateFlags} {
		bs := launchWith(t, []string{"DIWALL_TEST_BROWSER_FLAGS=" + flags})
		bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/bench/login.html"})
		var observeMS []float64
		for i := 0; i <= 9; i++ {
			start := time.Now()
			bs.observe()
			if i > 0 {
				observeMS = append(observeMS, ms(time.Since(start)))
			}
		}
		capture := captureMedian(t, bs, siteURL+"/bench/login.html", 10)
		bs.mustOK("navigate", map[string]any{"url": siteURL + "/bench/animated.html"})
		time.Sleep(time.Second) // the page settles into its animations
		before := cpuTicks(bs.home)
		time.Sleep(5 * time.Second)
		cpu := float64(cpuTicks(bs.home)-before) / 100 / 5 * 100 // % of one core
		name := flags
		if name == "" {
			name = "as launched (--headless=new --disable-gpu)"
		}
		fmt.Printf("%-48s %12.1f %12.1f %18.0f%% core\n", name, median(observeMS), capture, cpu)
	}
	fmt.Printf("load average at end: %s\n", loadAverage())
}

// captureMedian is the median of n Page.captureScreenshot calls on the
// page at url, with the host's parameters, over the harness's own
// DevTools connection.
func captureMedian(t testing.TB, bs *browserSession, url string, n int) float64 {
	c := bs.devtools()
	var target string
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && tg.URL == url {
			target = tg.TargetID
		}
	}
	if target == "" {
		t.Fatalf("no page target at %s", url)
	}
	session := c.attach(t, target)
	params := map[string]any{"format": "jpeg", "quality": 90, "fromSurface": true, "optimizeForSpeed": true}
	var took []float64
	for i := 0; i <= n; i++ {
		start := time.Now()
		var shot struct {
			Data string `json:"data"`
		}
		if err := c.call(t, session, "Page.captureScreenshot", params, &shot); err != nil || shot.Data == "" {
			t.Fatalf("capture: %v", err)
		}
		if i > 0 {
			took = append(took, ms(time.Since(start)))
		}
	}
	return median(took)
}

// cpuTicks adds up the user and system CPU time, in clock ticks (1/100 s),
// of the processes under home (the launched browser and its host).
func cpuTicks(home string) int {
	total := 0
	for _, p := range processesUnder(home) {
		pid, _, _ := strings.Cut(p, ":")
		data, err := os.ReadFile(filepath.Join("/proc", pid, "stat"))
		if err != nil {
			continue
		}
		// Fields after the command's closing parenthesis: utime is the 12th, stime the 13th.
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 12 {
			u, _ := strconv.Atoi(f[11])
			st, _ := strconv.Atoi(f[12])
			total += u + st
		}
	}
	return total
}
