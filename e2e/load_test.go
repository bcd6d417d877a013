package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkLoad runs DIWALL_LOAD_SESSIONS (8) MCP sessions at once against
// one host, each its own `diwall mcp` on the same launched browser and each
// with a tab of its own, for DIWALL_LOAD_DURATION (5m). Each observes,
// clicks and types in one act, reads and lists its tabs in a loop, and now
// and then tries another session's tab and snapshot. It prints the calls
// made, p50/p95/p99 latency per tool and the errors by code, and fails if a
// session ever saw or touched another's tab or mark: another's tab or
// snapshot accepted, another's page in its result, or its page's click
// counter off from the clicks it made. Run it with `make bench-load`.
func BenchmarkLoad(b *testing.B) {
	sessions := envInt(b, "DIWALL_LOAD_SESSIONS", 8)
	duration := 5 * time.Minute
	if v := os.Getenv("DIWALL_LOAD_DURATION"); v != "" {
		var err error
		if duration, err = time.ParseDuration(v); err != nil {
			b.Fatalf("DIWALL_LOAD_DURATION: %v", err)
		}
	}
	first := launch(b)
	all := []*browserSession{first}
	for i := 1; i < sessions; i++ {
		all = append(all, attachSecond(b, first, fmt.Sprintf("load-%d", i)))
	}
	st := &loadStats{latency: map[string][]time.Duration{}, codes: map[string]int{}, tabs: map[int]string{}, snaps: map[int]string{}}
	workers := make([]*loadWorker, sessions)
	for i, bs := range all {
		workers[i] = &loadWorker{n: i, sessions: sessions, session: bs.session, stats: st}
		if err := workers[i].open(); err != nil {
			b.Fatalf("session %d: %v", i, err)
		}
	}
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for _, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w.run(start.Add(duration))
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	for _, w := range workers {
		w.checkClicks()
	}
	st.print(os.Stdout, sessions, elapsed)
	b.ReportMetric(float64(st.calls())/elapsed.Seconds(), "calls/s")
	b.ReportMetric(float64(len(st.violations)), "violations")
	for _, v := range st.violations {
		b.Error(v)
	}
}

func envInt(tb testing.TB, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		tb.Fatalf("%s=%q is not a positive number", name, v)
	}
	return n
}

// loadStats gathers what every worker measured.
type loadStats struct {
	mu         sync.Mutex
	latency    map[string][]time.Duration // per tool
	codes      map[string]int             // "tool code" -> count
	violations []string
	tabs       map[int]string // session -> its tab
	snaps      map[int]string // session -> its latest snapshot
}

func (s *loadStats) record(tool string, took time.Duration, code string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.latency[tool] = append(s.latency[tool], took)
	if code != "" {
		s.codes[tool+" "+code]++
	}
}

func (s *loadStats) violation(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.violations) < 50 {
		s.violations = append(s.violations, fmt.Sprintf(format, args...))
	}
}

// other returns another session's tab and snapshot.
func (s *loadStats) other(n, k int) (tab, snapshot string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	o := (n + 1 + k%(len(s.tabs)-1)) % len(s.tabs)
	return s.tabs[o], s.snaps[o]
}

func (s *loadStats) set(m map[int]string, n int, v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m[n] = v
}

func (s *loadStats) calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, l := range s.latency {
		n += len(l)
	}
	return n
}

func (s *loadStats) print(out *os.File, sessions int, elapsed time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	total := 0
	for _, l := range s.latency {
		total += len(l)
	}
	fmt.Fprintf(out, "\n%d sessions for %v: %d calls (%.1f/s)\n", sessions, elapsed.Round(time.Second), total, float64(total)/elapsed.Seconds())
	fmt.Fprintf(out, "%-14s %7s %9s %9s %9s %9s\n", "tool", "calls", "p50 ms", "p95 ms", "p99 ms", "max ms")
	tools := make([]string, 0, len(s.latency))
	for t := range s.latency {
		tools = append(tools, t)
	}
	sort.Strings(tools)
	for _, t := range tools {
		l := slices.Clone(s.latency[t])
		slices.Sort(l)
		q := func(p float64) float64 {
			return float64(l[min(len(l)-1, int(p*float64(len(l))))].Microseconds()) / 1000
		}
		fmt.Fprintf(out, "%-14s %7d %9.0f %9.0f %9.0f %9.0f\n", t, len(l), q(0.50), q(0.95), q(0.99), float64(l[len(l)-1].Microseconds())/1000)
	}
	codes := make([]string, 0, len(s.codes))
	for c := range s.codes {
		codes = append(codes, c)
	}
	sort.Strings(codes)
	fmt.Fprintln(out, "errors by code (probe: a session tried another's tab or snapshot; each must fail):")
	if len(codes) == 0 {
		fmt.Fprintln(out, "  none")
	}
	for _, c := range codes {
		fmt.Fprintf(out, "  %-36s %d\n", c, s.codes[c])
	}
	fmt.Fprintf(out, "isolation violations: %d\n", len(s.violations))
}

// loadWorker is one session's loop.
type loadWorker struct {
	n        int
	sessions int // how many sessions run
	session  *mcp.ClientSession
	stats    *loadStats
	tab      string
	clicks   int // clicks that the host said it made
	unsure   int // clicks whose outcome is unknown (a failed act)
}

// call calls a tool, times it and decodes its envelope.
func (w *loadWorker) call(tool string, args map[string]any) (envelope, error) {
	return w.callAs(tool, tool, args)
}

// callAs is call, with the figures kept under label.
func (w *loadWorker) callAs(label, tool string, args map[string]any) (envelope, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	res, err := w.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	took := time.Since(start)
	if err != nil {
		w.stats.record(label, took, "protocol-error")
		return envelope{}, fmt.Errorf("%s: %w", tool, err)
	}
	var env envelope
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &env); err != nil {
		w.stats.record(label, took, "undecodable")
		return envelope{}, fmt.Errorf("%s: %w", tool, err)
	}
	env.raw = res
	w.stats.record(label, took, env.errorCode())
	return env, nil
}

func (w *loadWorker) open() error {
	env, err := w.call("tabs", map[string]any{"action": "open", "url": fmt.Sprintf("%s/load.html?s=%d", siteURL, w.n)})
	if err != nil {
		return err
	}
	if !env.OK {
		return fmt.Errorf("tabs open: %v", env.Server["error"])
	}
	w.tab = env.Server["tab_id"].(string)
	w.stats.set(w.stats.tabs, w.n, w.tab)
	return nil
}

// mine checks that a result is about this session's tab and page.
func (w *loadWorker) mine(tool string, env envelope) {
	if id, ok := env.Server["tab_id"].(string); ok && id != w.tab {
		w.stats.violation("session %d: %s answered for tab %s, not its own %s", w.n, tool, id, w.tab)
	}
	own := fmt.Sprintf("Session %d", w.n)
	for i := 0; i < w.sessions; i++ {
		if i == w.n {
			continue
		}
		if other := fmt.Sprintf(`Session %d"`, i); strings.Contains(string(env.PageContent), other) {
			w.stats.violation("session %d: %s shows another session's page: %s", w.n, tool, other)
		}
	}
	if tool == "observe" && env.OK && !strings.Contains(string(env.PageContent), own) {
		w.stats.violation("session %d: its observation is not of its page", w.n)
	}
}

func (w *loadWorker) run(until time.Time) {
	for k := 0; time.Now().Before(until); k++ {
		obs, err := w.call("observe", map[string]any{})
		if err != nil || !obs.OK {
			continue
		}
		w.mine("observe", obs)
		var o observation
		if err := json.Unmarshal(obs.PageContent, &o); err != nil {
			w.stats.violation("session %d: observe's page content: %v", w.n, err)
			continue
		}
		snapshot := obs.Server["snapshot_id"].(string)
		w.stats.set(w.stats.snaps, w.n, snapshot)
		add, note := markIn(o, "button", "Add"), markIn(o, "textbox", "Note")
		if add == 0 || note == 0 {
			w.stats.violation("session %d: its page's controls are missing: %v", w.n, o.Elements)
			continue
		}
		act, err := w.call("act", map[string]any{"snapshot_id": snapshot, "steps": []map[string]any{
			{"action": "click", "mark": add},
			{"action": "type", "mark": note, "text": fmt.Sprintf("s%d-%d", w.n, k), "clear": true},
		}})
		switch {
		case err != nil:
			w.unsure++
		case act.OK:
			w.clicks++
			w.mine("act", act)
		default:
			w.unsure++
		}
		if read, err := w.call("read", map[string]any{"snapshot_id": snapshot, "query": "clicks"}); err == nil {
			w.mine("read", read)
		}
		if list, err := w.call("tabs", map[string]any{"action": "list"}); err == nil && list.OK {
			tabs, _ := list.Server["tabs"].([]any)
			if len(tabs) != 1 || tabs[0].(map[string]any)["tab_id"] != w.tab {
				w.stats.violation("session %d: tabs list shows %v, want only %s", w.n, tabs, w.tab)
			}
		}
		if k%4 == 1 {
			w.probe(k)
		}
	}
}

// probe tries another session's tab and snapshot: each must be refused.
func (w *loadWorker) probe(k int) {
	tab, snapshot := w.stats.other(w.n, k)
	if tab != "" {
		if env, err := w.callAs("probe:observe", "observe", map[string]any{"tab_id": tab}); err == nil && (env.OK || env.errorCode() != "tab_gone") {
			w.stats.violation("session %d: observe of another session's tab %s: ok=%v code=%s", w.n, tab, env.OK, env.errorCode())
		}
	}
	if snapshot != "" {
		env, err := w.callAs("probe:act", "act", map[string]any{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "click", "mark": 1}}})
		if err == nil && (env.OK || env.errorCode() != "snapshot_stale") {
			w.stats.violation("session %d: act with another session's snapshot: ok=%v code=%s", w.n, env.OK, env.errorCode())
		}
	}
}

// checkClicks compares the page's click counter with the clicks the
// session made: another session's click would show there.
func (w *loadWorker) checkClicks() {
	obs, err := w.call("observe", map[string]any{})
	if err != nil || !obs.OK {
		w.stats.violation("session %d: the last observe failed: %v %v", w.n, err, obs.Server["error"])
		return
	}
	var o observation
	if err := json.Unmarshal(obs.PageContent, &o); err != nil {
		w.stats.violation("session %d: the last observe's page content: %v", w.n, err)
		return
	}
	got := -1
	for _, line := range o.Tree {
		if i := strings.Index(line, "clicks: "); i >= 0 {
			got, _ = strconv.Atoi(strings.Trim(line[i+len("clicks: "):], `"`))
		}
	}
	if got < w.clicks || got > w.clicks+w.unsure {
		w.stats.violation("session %d: its page counted %d clicks; it made %d (and %d uncertain)", w.n, got, w.clicks, w.unsure)
	}
}

// markIn is the mark of the element with role and name, 0 when none.
func markIn(o observation, role, name string) int {
	for _, e := range o.Elements {
		if e["role"] == role && e["name"] == name {
			return int(e["mark"].(float64))
		}
	}
	return 0
}
