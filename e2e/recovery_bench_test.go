package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkRecovery prints how long Diwall takes to recover from each
// fault, DIWALL_RECOVERY_RUNS (3) times each, as the time from the fault to
// the first call that works again (a tabs list, retried every 50 ms), and
// then an observe of a small page:
//
//   - launched browser killed: `diwall mcp --launch`'s Chromium SIGKILLed;
//     the next call starts it again.
//   - Chrome restarted: the person's Chromium quits and is started again;
//     also from its host's socket appearing to the session being back by
//     itself (no call), and to the first call that works.
//   - host killed: the everyday host SIGKILLed; the extension starts a new one.
//   - extension reloaded: its Reload button in chrome://extensions.
//   - worker stopped: the extension's service worker stopped through
//     DevTools; nothing wakes it but its own 30 s alarm.
//   - worker idle: no call for DIWALL_RECOVERY_IDLE (10m), nothing attached
//     to the worker (its state is read from /json/list, which attaches to
//     nothing); then the observe's time against one before the idle.
//
// Run it with `make bench-recovery`. It prints figures; it fails only when
// a fault is not recovered from at all.
func BenchmarkRecovery(b *testing.B) {
	runs := envInt(b, "DIWALL_RECOVERY_RUNS", 3)
	idle := envDuration(b, "DIWALL_RECOVERY_IDLE", 10*time.Minute)
	b.ResetTimer()
	var rows []recoveryRow
	add := func(r recoveryRow) {
		rows = append(rows, r)
		fmt.Printf("  %-34s %s  (load %s)\n", r.fault, r.figures(), r.load)
	}
	fmt.Println("\nrecovery (ms from the fault): first call that works, then an observe")

	// The launched browser, killed: the next call starts it again.
	bs := launch(b)
	var deaths []time.Time
	for i := range runs {
		bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
		// A third death within a minute is the last (launch.MaxDeaths):
		// two a minute at most.
		if i >= 2 {
			time.Sleep(time.Until(deaths[i-2].Add(time.Minute + time.Second)))
		}
		if err := killProcess(bs.browserPID()); err != nil {
			b.Fatal(err)
		}
		deaths = append(deaths, time.Now())
		add(bs.recover("launched browser killed", deaths[i]))
	}

	e := newEveryday(b)
	a := e.client("bench")
	a.eventually(30*time.Second, "tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	for range runs {
		old := e.hostPID()
		e.stopBrowser(syscall.SIGTERM)
		start := time.Now()
		e.startBrowser()
		if !awaitServing(b, e.env, time.Minute) {
			b.Fatal("no host a minute after Chrome started again")
		}
		sock := time.Now()
		e.reconnected(old, 1, 30*time.Second)
		back := time.Now()
		r := a.recover("Chrome restarted", start)
		r.extra = fmt.Sprintf("; socket %d, back by itself %d ms after the socket", wholeMS(sock.Sub(start)), wholeMS(back.Sub(sock)))
		add(r)
		a.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	}
	for range runs {
		old := e.hostPID()
		if err := killProcess(old); err != nil {
			b.Fatal(err)
		}
		add(a.recover("everyday host killed", time.Now()))
	}
	c := e.devtools()
	for range runs {
		old := e.hostPID()
		start := time.Now()
		c.reloadExtension(b)
		for processAlive(old) && time.Since(start) < 10*time.Second {
			time.Sleep(10 * time.Millisecond)
		}
		add(a.recover("extension reloaded", start))
		a.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	}
	for range runs {
		worker, ok := c.extensionWorker(b)
		if !ok {
			b.Fatal("no service worker")
		}
		old := e.hostPID()
		start := time.Now()
		if err := c.call(b, "", "Target.closeTarget", map[string]any{"targetId": worker.TargetID}, nil); err != nil {
			b.Fatal(err)
		}
		for processAlive(old) && time.Since(start) < 10*time.Second {
			time.Sleep(10 * time.Millisecond)
		}
		add(a.recover("worker stopped (its alarm wakes it)", start))
	}

	// Idle: nothing but /json/list (which attaches to nothing) looks at the
	// browser; the harness's own DevTools connection is closed.
	port := devToolsPort(b, e.profile)
	a.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html?idle"})
	before := a.medianObserve(5)
	c.ws.Close()
	host := e.hostPID()
	start := time.Now()
	workerDown, hostDown := time.Duration(0), time.Duration(0)
	for time.Since(start) < idle {
		time.Sleep(min(15*time.Second, idle))
		if workerDown == 0 && !workerListed(port) {
			workerDown = time.Since(start)
		}
		if hostDown == 0 && !processAlive(host) {
			hostDown = time.Since(start)
		}
	}
	first := a.timedObserve()
	then := a.medianObserve(4)
	c = e.devtools()
	attached := c.pageAttached(b, "/home.html?idle")
	groups := len(c.groups(b))
	fmt.Printf("  %-34s observe: median of 5 before %d ms; after %v idle, the first %d ms (x%.2f), the median of the next 4 %d ms; worker %s, host %s, tab attached %v, %d tab groups  (load %s)\n",
		"worker idle", wholeMS(before), idle, wholeMS(first), float64(first)/float64(before), wholeMS(then), stayed(workerDown), stayed(hostDown), attached, groups, loadAvg())
	fmt.Println("\n" + recoveryTable(rows))
}

type recoveryRow struct {
	fault          string
	call, observe  time.Duration
	failed, nCalls int
	extra, load    string
}

func (r recoveryRow) figures() string {
	return fmt.Sprintf("call %5d, observe %5d (%d calls answered meanwhile, %d not no_browser)%s", wholeMS(r.call), wholeMS(r.observe), r.nCalls, r.failed, r.extra)
}

// recoveryTable is the median, fewest and most of each fault's figures.
func recoveryTable(rows []recoveryRow) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-36s %8s %8s %8s\n", "fault (ms to the first call that works)", "median", "min", "max")
	var order []string
	byFault := map[string][]time.Duration{}
	for _, r := range rows {
		if _, ok := byFault[r.fault]; !ok {
			order = append(order, r.fault)
		}
		byFault[r.fault] = append(byFault[r.fault], r.call)
	}
	for _, f := range order {
		d := byFault[f]
		slices.Sort(d)
		fmt.Fprintf(&b, "%-36s %8d %8d %8d\n", f, wholeMS(d[len(d)/2]), wholeMS(d[0]), wholeMS(d[len(d)-1]))
	}
	return b.String()
}

// recover calls tabs list every 50 ms from the fault at start until one
// works, then observes.
func (bs *browserSession) recover(fault string, start time.Time) recoveryRow {
	bs.t.Helper()
	r := recoveryRow{fault: fault}
	for {
		env := bs.call("tabs", map[string]any{"action": "list"})
		r.nCalls++
		if env.OK {
			break
		}
		if c := env.errorCode(); c != "no_browser" {
			r.failed++
		}
		if time.Since(start) > 2*time.Minute {
			bs.t.Fatalf("%s: no recovery within 2 minutes: %v", fault, env.Server["error"])
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.call = time.Since(start)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	r.observe = bs.timedObserve()
	r.load = loadAvg()
	return r
}

// timedObserve is the round trip of one observe.
func (bs *browserSession) timedObserve() time.Duration {
	bs.t.Helper()
	start := time.Now()
	bs.mustOK("observe", map[string]any{})
	return time.Since(start)
}

// medianObserve is the median round trip of n observes.
func (bs *browserSession) medianObserve(n int) time.Duration {
	var d []time.Duration
	for range n {
		d = append(d, bs.timedObserve())
	}
	slices.Sort(d)
	return d[len(d)/2]
}

func wholeMS(d time.Duration) int64 { return d.Milliseconds() }

func stayed(down time.Duration) string {
	if down == 0 {
		return "stayed up"
	}
	return fmt.Sprintf("gone after %v", down.Round(time.Second))
}

func loadAvg() string {
	data, _ := os.ReadFile("/proc/loadavg")
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// devToolsPort is the DevTools port of the Chromium on profile.
func devToolsPort(tb testing.TB, profile string) string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(profile, "DevToolsActivePort"))
	if err != nil {
		tb.Fatal(err)
	}
	port, _, _ := strings.Cut(string(data), "\n")
	if _, err := strconv.Atoi(port); err != nil {
		tb.Fatalf("DevToolsActivePort: %q", data)
	}
	return port
}

// workerListed reports whether the extension's service worker runs, from
// /json/list, which lists targets without attaching to any (a DevTools
// session on the worker would keep it alive).
func workerListed(port string) bool {
	resp, err := http.Get("http://127.0.0.1:" + port + "/json/list")
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var targets []struct {
		Type string `json:"type"`
		URL  string `json:"url"`
	}
	if json.Unmarshal(data, &targets) != nil {
		return false
	}
	for _, t := range targets {
		if t.Type == "service_worker" && strings.HasPrefix(t.URL, extensionOrigin) {
			return true
		}
	}
	return false
}
