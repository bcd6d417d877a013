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
// small login page (medians of turns taken in turn by one browser launched
// with each set of flags, so that all run under the same load), and each
// browser's CPU while an animated page (a CSS spinner, a bar that changes
// layout, a clock drawn every frame) is merely open, for 5 s. Runs with
// DIWALL_BENCH_PEERS=1 (make bench-peers).
func TestLaunchFlagsCost(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_PEERS") != "1" {
		t.Skip("set DIWALL_BENCH_PEERS=1 (make bench-peers)")
	}
	fmt.Printf("load average at start: %s\n", loadAverage())
	variants := []string{"", "--disable-gpu-vsync", "--disable-frame-rate-limit", frameRateFlags}
	login := siteURL + "/bench/login.html"
	var sessions []*browserSession
	var conns []*cdpConn
	var targets []string
	for _, flags := range variants {
		bs := launchWith(t, []string{"DIWALL_TEST_BROWSER_FLAGS=" + flags})
		bs.mustOK("tabs", map[string]any{"action": "open", "url": login})
		bs.observe()
		c, target := pageTarget(t, bs, login)
		sessions, conns, targets = append(sessions, bs), append(conns, c), append(targets, target)
	}
	observeMS := make([][]float64, len(variants))
	captureMS := make([][]float64, len(variants))
	for turn := 0; turn <= 9; turn++ {
		for k, bs := range sessions {
			start := time.Now()
			bs.observe()
			took := ms(time.Since(start))
			shot := capture(t, conns[k], targets[k])
			if turn > 0 {
				observeMS[k], captureMS[k] = append(observeMS[k], took), append(captureMS[k], shot)
			}
		}
	}
	cpu := make([]float64, len(variants))
	for k, bs := range sessions {
		bs.mustOK("navigate", map[string]any{"url": siteURL + "/bench/animated.html"})
		time.Sleep(time.Second) // the page settles into its animations
		before := cpuTicks(bs.home)
		time.Sleep(5 * time.Second)
		cpu[k] = float64(cpuTicks(bs.home)-before) / 100 / 5 * 100 // % of one core
		bs.mustOK("navigate", map[string]any{"url": login})
	}
	fmt.Printf("%-48s %12s %12s %22s\n", "launched headless browser, extra flags", "observe ms", "capture ms", "CPU, animated page")
	for k, flags := range variants {
		if flags == "" {
			flags = "none (--headless=new --disable-gpu)"
		}
		fmt.Printf("%-48s %12.1f %12.1f %17.0f%% core\n", flags, median(observeMS[k]), median(captureMS[k]), cpu[k])
	}
	fmt.Printf("load average at end: %s\n", loadAverage())
}

// pageTarget connects to bs's browser over DevTools and attaches to the
// page at url.
func pageTarget(t testing.TB, bs *browserSession, url string) (*cdpConn, string) {
	c := bs.devtools()
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && tg.URL == url {
			return c, c.attach(t, tg.TargetID)
		}
	}
	t.Fatalf("no page target at %s", url)
	return nil, ""
}

// capture times one Page.captureScreenshot with the host's parameters
// (host/internal/observe/gather.go) over the harness's own connection.
func capture(t testing.TB, c *cdpConn, session string) float64 {
	params := map[string]any{"format": "jpeg", "quality": 90, "fromSurface": true, "optimizeForSpeed": true}
	start := time.Now()
	var shot struct {
		Data string `json:"data"`
	}
	if err := c.call(t, session, "Page.captureScreenshot", params, &shot); err != nil || shot.Data == "" {
		t.Fatalf("capture: %v", err)
	}
	return ms(time.Since(start))
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
