package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkFaultSoak runs DIWALL_FAULT_SOAK_SESSIONS (8) sessions, each its
// own `diwall mcp` on the person's browser (the everyday path), for
// DIWALL_FAULT_SOAK_DURATION (10m), each observing, listing its tabs and
// navigating its own tab in a loop, while a fault is injected every
// DIWALL_FAULT_SOAK_EVERY (1m), in turn: the host killed, a tab closed by
// the person, the service worker stopped, Chrome quit and started again,
// the extension reloaded, the debugger detached by the person. It prints
// each fault and how long until every session had a call work again, the
// host's memory (read every 5 s), and the calls by outcome; it fails when a call
// got no answer (a protocol error or none within a minute), a session saw
// a tab or page of another, a call the host answered is missing from the
// audit log, or the host's memory grew (the most of the last third of the
// readings past the most of the first third by 25% and 8 MB). Run it with
// `make bench-fault-soak`.
func BenchmarkFaultSoak(b *testing.B) {
	sessions := envInt(b, "DIWALL_FAULT_SOAK_SESSIONS", 8)
	duration := envDuration(b, "DIWALL_FAULT_SOAK_DURATION", 10*time.Minute)
	every := envDuration(b, "DIWALL_FAULT_SOAK_EVERY", time.Minute)
	e := newEveryday(b)
	st := &soakStats{codes: map[string]int{}, ops: map[string]string{}, lastOK: make([]time.Time, sessions)}
	var workers []*soakWorker
	for i := range sessions {
		w := &soakWorker{n: i, bs: e.client(fmt.Sprintf("soak-%d", i)), stats: st, mine: map[string]bool{}}
		workers = append(workers, w)
	}
	b.ResetTimer()
	start := time.Now()
	end := start.Add(duration)
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(end)
		}()
	}
	var mem []memReading
	memDone := make(chan struct{})
	go func() {
		defer close(memDone)
		for time.Now().Before(end) {
			if r := statusOf(b, e.env).Hosts; len(r) == 1 {
				if mb := pidStatusMB(r[0].PID, "VmRSS"); mb > 0 {
					mem = append(mem, memReading{at: time.Since(start), pid: r[0].PID, mb: mb})
				}
			}
			time.Sleep(5 * time.Second)
		}
	}()
	// The faults that end the host are spread out, so that some hosts live
	// three minutes.
	faults := []soakFault{
		{"host killed", func() { _ = killProcess(e.hostPID()) }},
		{"a tab closed by the person", func() { e.closeATab(b) }},
		{"debugger detached by the person", func() { e.detachATab(b) }},
		{"service worker stopped", func() { e.stopWorker(b) }},
		{"Chrome quit and started again", func() { e.stopBrowser(syscall.SIGTERM); e.startBrowser() }},
		{"extension reloaded", func() { e.devtools().reloadExtension(b) }},
	}
	fmt.Printf("\n%d sessions for %v, a fault every %v (load at start %s)\n", sessions, duration, every, loadAvg())
	fmt.Printf("%-8s %-34s %s\n", "at", "fault", "every session working again after")
	for i := 0; ; i++ {
		// On the minute (every), whatever the last recovery took.
		next := start.Add(time.Duration(i+1) * every)
		if next.Add(every / 2).After(end) {
			break // no time left to recover
		}
		time.Sleep(time.Until(next))
		f := faults[i%len(faults)]
		at := time.Now()
		f.inject()
		fmt.Printf("%-8s %-34s %s  (load %s)\n", at.Sub(start).Round(time.Second), f.name, st.allWorkedSince(at, end), loadAvg())
	}
	wg.Wait()
	<-memDone
	b.StopTimer()
	printMem(mem)
	st.print()
	st.checkAudit(b, e.env)
	if grew := memGrew(mem); grew != "" {
		b.Error(grew)
	}
	for _, v := range st.violations {
		b.Error(v)
	}
}

type soakFault struct {
	name   string
	inject func()
}

type memReading struct {
	at  time.Duration
	pid int
	mb  float64
}

// printMem prints each host's memory: when it served, and its resident
// memory first, at most, and last.
func printMem(mem []memReading) {
	fmt.Printf("\nhost memory (RSS MB, read every 5 s), host by host:\n")
	fmt.Printf("  %-8s %-17s %8s %8s %8s\n", "pid", "served", "first", "most", "last")
	for i := 0; i < len(mem); {
		j := i
		most := 0.0
		for ; j < len(mem) && mem[j].pid == mem[i].pid; j++ {
			most = max(most, mem[j].mb)
		}
		fmt.Printf("  %-8d %-17s %8.1f %8.1f %8.1f\n", mem[i].pid, fmt.Sprintf("%v-%v", mem[i].at.Round(time.Second), mem[j-1].at.Round(time.Second)),
			mem[i].mb, most, mem[j-1].mb)
		i = j
	}
}

// memGrew says how the host's memory grew, or "": the most of the last
// third of the readings against the most of the first third.
func memGrew(mem []memReading) string {
	if len(mem) < 6 {
		return ""
	}
	most := func(rs []memReading) float64 {
		m := 0.0
		for _, r := range rs {
			m = max(m, r.mb)
		}
		return m
	}
	first, last := most(mem[:len(mem)/3]), most(mem[len(mem)-len(mem)/3:])
	if last > first*1.25 && last-first > 8 {
		return fmt.Sprintf("the host's memory grew from %.1f MB to %.1f MB", first, last)
	}
	return ""
}

// soakStats gathers what every session saw.
type soakStats struct {
	mu         sync.Mutex
	calls      int
	codes      map[string]int    // "tool code" -> count
	ops        map[string]string // operation id -> code ("ok") of every answer
	lastOK     []time.Time       // per session, its last call that worked
	violations []string
}

func (s *soakStats) answered(n int, tool string, env envelope) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	code := "ok"
	if !env.OK {
		code = env.errorCode()
	}
	s.codes[tool+" "+code]++
	if op, _ := env.Server["operation_id"].(string); op != "" {
		s.ops[op] = code
	}
	if env.OK {
		s.lastOK[n] = time.Now()
	}
}

func (s *soakStats) violation(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.violations) < 50 {
		s.violations = append(s.violations, fmt.Sprintf(format, args...))
	}
}

// allWorkedSince waits until every session had a call work after at (or
// the soak ends) and says how long that took.
func (s *soakStats) allWorkedSince(at, end time.Time) string {
	for time.Now().Before(end) {
		s.mu.Lock()
		all := !slices.ContainsFunc(s.lastOK, func(t time.Time) bool { return t.Before(at) })
		s.mu.Unlock()
		if all {
			return fmt.Sprintf("%d ms", time.Since(at).Milliseconds())
		}
		time.Sleep(20 * time.Millisecond)
	}
	return "not within the soak"
}

func (s *soakStats) print() {
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Printf("\n%d calls, each answered; by outcome:\n", s.calls)
	var keys []string
	for k := range s.codes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Printf("  %-36s %d\n", k, s.codes[k])
	}
	fmt.Printf("violations: %d\n", len(s.violations))
}

// checkAudit finds every answer of the host in the audit log. An answer
// missing from it may only be diwall mcp's own no_browser (no host heard
// that call) or a call the host died under.
func (s *soakStats) checkAudit(tb testing.TB, env []string) {
	recorded := map[string]bool{}
	sessions := auditSessions(tb, env)
	for _, sess := range sessions {
		for _, r := range sess.Records {
			recorded[r.OperationID] = true
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	missing, bridge := 0, 0
	for op, code := range s.ops {
		switch {
		case recorded[op]:
		case code == "no_browser":
			bridge++
		default:
			missing++
			if missing <= 10 {
				tb.Errorf("the host's answer %s (%s) is not in the audit log", op, code)
			}
		}
	}
	fmt.Printf("audit: %d sessions, %d records; of %d answers, %d no_browser from diwall mcp (no host heard them), %d missing\n",
		len(sessions), len(recorded), len(s.ops), bridge, missing)
	if missing > 0 {
		tb.Errorf("%d answers of the host are missing from the audit log", missing)
	}
}

// soakWorker is one session's loop: it keeps a tab of its own on its own
// page (load.html?s=N), observes it, lists its tabs, and navigates it.
type soakWorker struct {
	n     int
	bs    *browserSession
	stats *soakStats
	tab   string
	mine  map[string]bool // every tab id it opened
}

func (w *soakWorker) call(tool string, args map[string]any) (envelope, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := w.bs.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		w.stats.violation("session %d: %s got no answer: %v", w.n, tool, err)
		return envelope{}, false
	}
	var env envelope
	data, _ := json.Marshal(res.StructuredContent)
	if json.Unmarshal(data, &env) != nil {
		w.stats.violation("session %d: %s: an answer that is not an envelope: %s", w.n, tool, data)
		return envelope{}, false
	}
	w.stats.answered(w.n, tool, env)
	return env, true
}

func (w *soakWorker) page() string { return fmt.Sprintf("%s/load.html?s=%d", siteURL, w.n) }

func (w *soakWorker) run(end time.Time) {
	for i := 0; time.Now().Before(end); i++ {
		if w.tab == "" {
			env, ok := w.call("tabs", map[string]any{"action": "open", "url": w.page()})
			if !ok || !env.OK {
				time.Sleep(200 * time.Millisecond)
				continue
			}
			w.tab, _ = env.Server["tab_id"].(string)
			w.mine[w.tab] = true
		}
		var env envelope
		var ok bool
		switch i % 3 {
		case 0:
			env, ok = w.call("observe", map[string]any{"tab_id": w.tab})
			if ok && env.OK {
				var page struct {
					URL string `json:"url"`
				}
				_ = json.Unmarshal(env.PageContent, &page) // an empty URL is a violation below
				if !strings.HasSuffix(page.URL, fmt.Sprintf("s=%d", w.n)) && !strings.Contains(page.URL, fmt.Sprintf("s=%d&", w.n)) {
					w.stats.violation("session %d observed %s", w.n, page.URL)
				}
			}
		case 1:
			env, ok = w.call("tabs", map[string]any{"action": "list"})
			if ok && env.OK {
				for _, id := range tabsOf(env) {
					if !w.mine[id] {
						w.stats.violation("session %d lists tab %s, which it never opened", w.n, id)
					}
				}
				if !slices.Contains(tabsOf(env), w.tab) {
					w.tab = "" // closed, or lost with the browser: open another
				}
			}
		case 2:
			env, ok = w.call("navigate", map[string]any{"tab_id": w.tab, "url": fmt.Sprintf("%s&i=%d", w.page(), i)})
		}
		if ok && !env.OK {
			switch env.errorCode() {
			case "tab_gone":
				w.tab = ""
			case "no_browser":
				time.Sleep(100 * time.Millisecond)
			}
		}
	}
}

// closeATab closes one of the agents' tabs as the person would.
func (e *everyday) closeATab(tb testing.TB) {
	c := e.devtools()
	for _, tg := range c.targets(tb) {
		if tg.Type == "page" && strings.Contains(tg.URL, "/load.html?s=") {
			_ = c.call(tb, "", "Target.closeTarget", map[string]any{"targetId": tg.TargetID}, nil)
			return
		}
	}
}

// detachATab detaches the debugger from one of the agents' tabs, as the
// person's Cancel on the "is debugging this browser" bar does.
func (e *everyday) detachATab(tb testing.TB) {
	c := e.devtools()
	c.inWorker(tb, `(async () => {
		const t = (await chrome.debugger.getTargets()).find(x => x.attached && x.tabId !== undefined && x.url.includes("/load.html?s="));
		if (t) await chrome.debugger.detach({tabId: t.tabId}).catch(() => {});
		return true;
	})()`)
}

// stopWorker stops the extension's service worker; its alarm wakes it.
func (e *everyday) stopWorker(tb testing.TB) {
	c := e.devtools()
	if w, ok := c.extensionWorker(tb); ok {
		_ = c.call(tb, "", "Target.closeTarget", map[string]any{"targetId": w.TargetID}, nil)
	}
}

func envDuration(tb testing.TB, name string, def time.Duration) time.Duration {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		tb.Fatalf("%s=%q is not a duration", name, v)
	}
	return d
}

// pidStatusMB reads a field of /proc/PID/status in MB; 0 when it cannot.
func pidStatusMB(pid int, field string) float64 {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(status), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			var kb float64
			_, _ = fmt.Sscan(rest, &kb)
			return kb / 1024
		}
	}
	return 0
}
