package observe

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/diwall/diwall/e2e/pagegen"
	"github.com/diwall/diwall/host/internal/axrole"
)

// TestAXProbe (opt-in: DIWALL_AXPROBE=page.html,... with paths relative to
// testdata/pages or absolute) runs the serializer on each page in headless
// Chromium over direct CDP and compares every element's role and name
// with Chrome's own accessibility tree. DIWALL_AXPROBE_ALL=1 prints every
// node, not only disagreements.
func TestAXProbe(t *testing.T) {
	pages := os.Getenv("DIWALL_AXPROBE")
	if pages == "" {
		t.Skip("set DIWALL_AXPROBE")
	}
	c := startProbeChrome(t)
	var sum probeCount
	for _, p := range strings.Split(pages, ",") {
		if !filepath.IsAbs(p) {
			p, _ = filepath.Abs(filepath.Join("testdata", "pages", p))
		}
		n := c.probe(t, p)
		sum.total += n.total
		sum.agree += n.agree
		sum.unsure += n.unsure
		sum.hidden += n.hidden
	}
	pct := func(n int) float64 { return 100 * float64(n) / float64(max(sum.total, 1)) }
	t.Logf("agreement: %d/%d (%.2f%%) on the fast path alone; %d/%d (%.2f%%) once Chrome answers the %d unsure; %d names keep to visible text on purpose (nh)",
		sum.agree, sum.total, pct(sum.agree), sum.agree+sum.unsure, sum.total, pct(sum.agree+sum.unsure), sum.unsure, sum.hidden)
}

// probeCount counts elements: all, agreeing with Chrome (a name kept to
// visible text on purpose counts as agreeing), disagreeing but unsure (the
// slow path asks Chrome), and names kept to visible text.
type probeCount struct{ total, agree, unsure, hidden int }

func quartile(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/4]
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// cpuTicks sums the user and system CPU ticks of this browser's processes.
func (c *probeChrome) cpuTicks() int64 {
	var total int64
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		cmd, err := os.ReadFile(p + "/cmdline")
		if err != nil || !strings.Contains(string(cmd), c.dir) || !strings.Contains(string(cmd), "--type=renderer") {
			continue
		}
		stat, err := os.ReadFile(p + "/stat")
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		u, _ := strconv.ParseInt(f[11], 10, 64)
		k, _ := strconv.ParseInt(f[12], 10, 64)
		total += u + k
	}
	return total
}

type probeChrome struct {
	dir     string
	ws      *websocket.Conn
	next    atomic.Int64
	mu      sync.Mutex
	pending map[int64]chan json.RawMessage
	session string
}

func startProbeChrome(t *testing.T) *probeChrome {
	dir := t.TempDir()
	cmd := exec.Command("/usr/lib/chromium/chromium", "--headless=new", "--no-sandbox", "--disable-gpu",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+dir, "--remote-debugging-port=0", "--window-size=1280,800", "--allow-file-access-from-files")
	cmd.Env = append(os.Environ(), "HOME="+dir, "TMPDIR="+dir)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	var port, path string
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		data, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if lines := strings.Split(string(data), "\n"); err == nil && len(lines) >= 2 {
			port, path = lines[0], lines[1]
			break
		}
	}
	ws, _, err := websocket.DefaultDialer.Dial("ws://127.0.0.1:"+port+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &probeChrome{ws: ws, pending: map[int64]chan json.RawMessage{}, dir: dir}
	go func() {
		for {
			_, data, err := ws.ReadMessage()
			if err != nil {
				return
			}
			var m struct {
				ID     int64           `json:"id"`
				Result json.RawMessage `json:"result"`
				Error  json.RawMessage `json:"error"`
			}
			if json.Unmarshal(data, &m) != nil || m.ID == 0 {
				continue
			}
			c.mu.Lock()
			ch := c.pending[m.ID]
			delete(c.pending, m.ID)
			c.mu.Unlock()
			if m.Error != nil {
				ch <- append(json.RawMessage(`{"__error":`), append(m.Error, '}')...)
			} else {
				ch <- m.Result
			}
		}
	}()
	var tg struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &tg); err != nil {
		t.Fatal(err)
	}
	var at struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call(t, "", "Target.attachToTarget", map[string]any{"targetId": tg.TargetID, "flatten": true}, &at); err != nil {
		t.Fatal(err)
	}
	c.session = at.SessionID
	return c
}

func (c *probeChrome) call(t *testing.T, session, method string, params any, out any) error {
	id := c.next.Add(1)
	ch := make(chan json.RawMessage, 1)
	c.mu.Lock()
	c.pending[id] = ch
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	c.mu.Lock()
	err := c.ws.WriteJSON(msg)
	c.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case res := <-ch:
		if strings.HasPrefix(string(res), `{"__error"`) {
			return fmt.Errorf("%s: %s", method, res)
		}
		if out != nil {
			return json.Unmarshal(res, out)
		}
		return nil
	case <-time.After(120 * time.Second):
		t.Fatalf("%s timed out", method)
	}
	return nil
}

func (c *probeChrome) probe(t *testing.T, page string) (count probeCount) {
	s := c.session
	if err := c.call(t, s, "Page.enable", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(400 * time.Millisecond)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft); err != nil {
		t.Fatal(err)
	}
	var w struct {
		ID int `json:"executionContextId"`
	}
	if err := c.call(t, s, "Page.createIsolatedWorld", map[string]any{"frameId": ft.FrameTree.Frame.ID, "worldName": "probe"}, &w); err != nil {
		t.Fatal(err)
	}
	var ev struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
		ExceptionDetails json.RawMessage `json:"exceptionDetails"`
	}
	if err := c.call(t, s, "Runtime.evaluate", map[string]any{"expression": serializerExpression("probe"), "contextId": w.ID, "returnByValue": true, "awaitPromise": true}, &ev); err != nil {
		t.Fatal(err)
	}
	if ev.ExceptionDetails != nil {
		t.Fatalf("%s: %s", page, ev.ExceptionDetails)
	}
	text, err := unpack(ev.Result.Value)
	if err != nil {
		t.Fatal(err)
	}
	r, err := parseRaw([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	all := os.Getenv("DIWALL_AXPROBE_ALL") != ""
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintf(out, "== %s (%d nodes)\n", filepath.Base(page), len(r.Nodes))
	for i, n := range r.Nodes {
		if n.Role == "text" {
			if all && n.Role == "text" {
				fmt.Fprintf(out, "   %3d    text %q\n", i, n.Text)
			}
			continue
		}
		var ob struct {
			Result struct {
				ObjectID string `json:"objectId"`
			} `json:"result"`
		}
		if err := c.call(t, s, "Runtime.evaluate", map[string]any{"expression": fmt.Sprintf("globalThis.__diwall.els[%d]", i), "contextId": w.ID}, &ob); err != nil {
			t.Fatal(err)
		}
		var ax struct {
			Nodes []struct {
				Ignored bool                    `json:"ignored"`
				Role    *struct{ Value string } `json:"role"`
				Name    *struct{ Value string } `json:"name"`
			} `json:"nodes"`
		}
		if err := c.call(t, s, "Accessibility.getPartialAXTree", map[string]any{"objectId": ob.Result.ObjectID, "fetchRelatives": false}, &ax); err != nil || len(ax.Nodes) == 0 {
			fmt.Fprintf(out, "   %3d %s: no AX node %v\n", i, n.Tag, err)
			continue
		}
		if ax.Nodes[0].Ignored {
			// Chrome leaves the node out of its tree: nothing to compare
			// (the slow path keeps the serializer's reading).
			if all {
				fmt.Fprintf(out, "   %3d %-8s fast %s %q | chrome ignores it\n", i, n.Tag, n.Role, cleanName(n.Name, maxName))
			}
			continue
		}
		crole, cname := "", ""
		if ax.Nodes[0].Role != nil {
			crole = axrole.Of(ax.Nodes[0].Role.Value)
		}
		if ax.Nodes[0].Name != nil {
			cname = ax.Nodes[0].Name.Value
		}
		cname = cleanName(cname, maxName)
		fname := cleanName(n.Name, maxName)
		roleOK := crole == n.Role || axrole.Neutral(crole) && axrole.Neutral(n.Role)
		nameOK := cname == fname || n.NameHidden == 1
		count.total++
		switch {
		case roleOK && nameOK:
			count.agree++
		case n.Unsure == 1:
			count.unsure++
		}
		if n.NameHidden == 1 && cname != fname {
			count.hidden++
		}
		if all || !roleOK || !nameOK {
			flag := "  "
			if !roleOK || !nameOK {
				flag = "!!"
			}
			u := ""
			if n.Unsure == 1 {
				u = " (unsure)"
			}
			if n.NameHidden == 1 {
				u += " (nh)"
			}
			fmt.Fprintf(out, "%s %3d %-8s fast %s %q%s | chrome %s %q\n", flag, i, n.Tag, n.Role, fname, u, crole, cname)
		}
	}
	return count
}

// TestSerializerTime (opt-in: DIWALL_SERIALIZER_TIME=10000) times the
// serializer on a generated page of that many elements over direct CDP.
func TestSerializerTime(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("DIWALL_SERIALIZER_TIME"))
	if os.Getenv("DIWALL_SERIALIZER_TIME") == "" {
		t.Skip("set DIWALL_SERIALIZER_TIME")
	}
	page := filepath.Join(t.TempDir(), "gen.html")
	if err := os.WriteFile(page, []byte(pagegen.Page(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err != nil {
		page, _ = filepath.Abs(filepath.Join("testdata", "pages", os.Getenv("DIWALL_SERIALIZER_TIME")))
	}
	c := startProbeChrome(t)
	s := c.session
	if err := c.call(t, s, "Page.enable", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft); err != nil {
		t.Fatal(err)
	}
	var w struct {
		ID int `json:"executionContextId"`
	}
	if err := c.call(t, s, "Page.createIsolatedWorld", map[string]any{"frameId": ft.FrameTree.Frame.ID, "worldName": "probe"}, &w); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("DIWALL_SERIALIZER_BG") != "" {
		// Another tab in front: this one is hidden, as a background tab.
		if err := c.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, nil); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
	}
	exprs := map[string]string{"new": serializerExpression("probe")}
	// DIWALL_SERIALIZER_PATCH="from=>to;;from=>to" times a variant too.
	if patch := os.Getenv("DIWALL_SERIALIZER_PATCH"); patch != "" {
		v := exprs["new"]
		for _, p := range strings.Split(patch, ";;") {
			ft := strings.SplitN(p, "=>", 2)
			if !strings.Contains(v, ft[0]) {
				t.Fatalf("patch %q matches nothing", ft[0])
			}
			v = strings.ReplaceAll(v, ft[0], ft[1])
		}
		exprs["patched"] = v
	}
	// DIWALL_SERIALIZER_OLD=a.js,b.js times other serializers (bundles, as
	// pagescript's bundled/serializer.js is) beside this one, each by its
	// file's name.
	if old := os.Getenv("DIWALL_SERIALIZER_OLD"); old != "" {
		for _, f := range strings.Split(old, ",") {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			exprs[filepath.Base(f)] = oldSerializer(src)
		}
	}
	best := map[string]time.Duration{}
	cpu := map[string][]float64{}
	runs, _ := strconv.Atoi(os.Getenv("DIWALL_SERIALIZER_RUNS"))
	for i := 0; i < max(runs, 8); i++ {
		for name, expr := range exprs {
			var ev struct {
				Result struct {
					Value string `json:"value"`
				} `json:"result"`
				ExceptionDetails json.RawMessage `json:"exceptionDetails"`
			}
			start := time.Now()
			cpu0 := c.cpuTicks()
			if err := c.call(t, s, "Runtime.evaluate", map[string]any{"expression": expr, "contextId": w.ID, "awaitPromise": true, "returnByValue": true}, &ev); err != nil {
				t.Fatal(err)
			}
			if ev.ExceptionDetails != nil {
				t.Fatalf("%s: %s", name, ev.ExceptionDetails)
			}
			took := time.Since(start)
			cpu[name] = append(cpu[name], float64(c.cpuTicks()-cpu0)*10) // ms at 100 ticks a second
			if best[name] == 0 || took < best[name] {
				best[name] = took
			}
			text, err := unpack(ev.Result.Value)
			if err != nil {
				t.Fatal(err)
			}
			r, err := parseRaw([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			unsure := 0
			for _, n := range r.Nodes {
				unsure += n.Unsure
			}
			if i == 0 {
				t.Logf("%s: %d nodes, %d unsure, %d bytes", name, len(r.Nodes), unsure, len(ev.Result.Value))
			}
		}
	}
	t.Logf("best: %v", best)
	for name, ms := range cpu {
		t.Logf("%s: browser CPU ms per run: median %.0f, lowest quarter %.0f", name, median(ms), quartile(ms))
	}
}

// oldSerializer is the expression of another serializer, src a bundle as
// serializerFunc is (DIWALL_SERIALIZER_OLD), called with the same options.
func oldSerializer(src []byte) string {
	opts, _ := json.Marshal(serializerOptions(snapshotOptions("probe")))
	return "(" + strings.TrimSpace(string(src)) + ")(" + string(opts) + ")"
}

// TestSerializerProfile (opt-in: DIWALL_SERIALIZER_PROFILE=10000) prints
// where the serializer spends its time on a generated page, by function.
func TestSerializerProfile(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DIWALL_SERIALIZER_PROFILE"))
	if n == 0 {
		t.Skip("set DIWALL_SERIALIZER_PROFILE")
	}
	page := filepath.Join(t.TempDir(), "gen.html")
	if err := os.WriteFile(page, []byte(pagegen.Page(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startProbeChrome(t)
	s := c.session
	if err := c.call(t, s, "Page.enable", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(2 * time.Second)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft); err != nil {
		t.Fatal(err)
	}
	var w struct {
		ID int `json:"executionContextId"`
	}
	if err := c.call(t, s, "Page.createIsolatedWorld", map[string]any{"frameId": ft.FrameTree.Frame.ID, "worldName": "probe"}, &w); err != nil {
		t.Fatal(err)
	}
	exprs := [][2]string{{"new", serializerExpression("probe")}}
	if old := os.Getenv("DIWALL_SERIALIZER_OLD"); old != "" {
		src, _ := os.ReadFile(old)
		exprs = append(exprs, [2]string{"old", oldSerializer(src)})
	}
	if err := c.call(t, s, "Profiler.enable", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call(t, s, "Profiler.setSamplingInterval", map[string]any{"interval": 100}, nil); err != nil {
		t.Fatal(err)
	}
	for round := 0; round < 2; round++ {
		for _, e := range exprs {
			if err := c.call(t, s, "Runtime.evaluate", map[string]any{"expression": e[1], "contextId": w.ID}, nil); err != nil {
				t.Fatal(err)
			}
			if err := c.call(t, s, "Profiler.start", map[string]any{}, nil); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 3; i++ {
				if err := c.call(t, s, "Runtime.evaluate", map[string]any{"expression": e[1], "contextId": w.ID}, nil); err != nil {
					t.Fatal(err)
				}
			}
			var prof struct {
				Profile struct {
					Nodes []struct {
						ID        int `json:"id"`
						CallFrame struct {
							FunctionName string `json:"functionName"`
							LineNumber   int    `json:"lineNumber"`
						} `json:"callFrame"`
						Children []int `json:"children"`
					} `json:"nodes"`
					Samples []int `json:"samples"`
				} `json:"profile"`
			}
			if err := c.call(t, s, "Profiler.stop", map[string]any{}, &prof); err != nil {
				t.Fatal(err)
			}
			name := map[int]string{}
			parent := map[int]int{}
			for _, n := range prof.Profile.Nodes {
				name[n.ID] = n.CallFrame.FunctionName
				for _, k := range n.Children {
					parent[k] = n.ID
				}
			}
			self := map[string]int{}
			busy := 0
			for _, id := range prof.Profile.Samples {
				if name[id] != "(idle)" {
					busy++
				}
				// Inclusive: every function on the stack, once.
				on := map[string]bool{}
				for n := id; n != 0; n = parent[n] {
					if !on[name[n]] {
						on[name[n]] = true
						self[name[n]]++
					}
				}
			}
			t.Logf("%s: %d busy samples", e[0], busy)
			if round > 0 || e[0] != "new" {
				continue
			}
			type kv struct {
				k string
				v int
			}
			var all []kv
			for k, v := range self {
				all = append(all, kv{k, v})
			}
			sort.Slice(all, func(i, j int) bool { return all[i].v > all[j].v })
			for _, e := range all[:min(len(all), 30)] {
				t.Logf("%6d %5.1f%% %s", e.v, 100*float64(e.v)/float64(len(prof.Profile.Samples)), e.k)
			}
		}
	}
}

// TestSerializerSplit (opt-in: DIWALL_SERIALIZER_SPLIT=2000) times, inside
// the page, the serializer's functions named in DIWALL_SERIALIZER_FUNCS
// (inclusive, summed over calls) on a generated page.
func TestSerializerSplit(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DIWALL_SERIALIZER_SPLIT"))
	if n == 0 {
		t.Skip("set DIWALL_SERIALIZER_SPLIT")
	}
	page := filepath.Join(t.TempDir(), "gen.html")
	if err := os.WriteFile(page, []byte(pagegen.Page(n)), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startProbeChrome(t)
	s := c.session
	if err := c.call(t, s, "Page.enable", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	if err := c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft); err != nil {
		t.Fatal(err)
	}
	var w struct {
		ID int `json:"executionContextId"`
	}
	if err := c.call(t, s, "Page.createIsolatedWorld", map[string]any{"frameId": ft.FrameTree.Frame.ID, "worldName": "probe"}, &w); err != nil {
		t.Fatal(err)
	}
	expr := serializerExpression("probe")
	if patch := os.Getenv("DIWALL_SERIALIZER_PATCH"); patch != "" {
		for _, p := range strings.Split(patch, ";;") {
			ft := strings.SplitN(p, "=>", 2)
			expr = strings.ReplaceAll(expr, ft[0], ft[1])
		}
	}
	funcs := strings.Split(os.Getenv("DIWALL_SERIALIZER_FUNCS"), ",")
	for _, f := range funcs {
		head := "function " + f + "("
		i := strings.Index(expr, head)
		if i < 0 {
			t.Fatalf("no function %s", f)
		}
		j := strings.Index(expr[i:], ") {") + i + 3
		params := expr[i+len(head) : j-3]
		var args []string
		for _, p := range strings.Split(params, ",") {
			args = append(args, strings.TrimSpace(strings.Split(p, "=")[0]))
		}
		wrapper := fmt.Sprintf("function %s(%s) { const t0 = performance.now(); try { return %s_inner(%s); } finally { const d = performance.now() - t0; const m = globalThis.__split || (globalThis.__split = {}); if (!globalThis.__depth_%s) { m[%q] = (m[%q] || 0) + d; } } }\n  function %s_inner(%s) {",
			f, params, f, strings.Join(args, ", "), f, f, f, f, params)
		// Count each call tree once: mark depth.
		wrapper = strings.Replace(wrapper, "try { return", "globalThis.__depth_"+f+" = (globalThis.__depth_"+f+" || 0) + 1; try { return", 1)
		wrapper = strings.Replace(wrapper, "finally { const d", "finally { globalThis.__depth_"+f+"--; const d", 1)
		expr = expr[:i] + wrapper + expr[j:]
	}
	total := map[string]float64{}
	for i := 0; i < 10; i++ {
		var ev struct {
			Result struct {
				Value string `json:"value"`
			} `json:"result"`
			ExceptionDetails json.RawMessage `json:"exceptionDetails"`
		}
		wrapped := fmt.Sprintf("(() => { globalThis.__split = {}; const t0 = performance.now(); %s; globalThis.__split.all = performance.now() - t0; return JSON.stringify(globalThis.__split); })()", expr)
		if err := c.call(t, s, "Runtime.evaluate", map[string]any{"expression": wrapped, "contextId": w.ID}, &ev); err != nil {
			t.Fatal(err)
		}
		if ev.ExceptionDetails != nil {
			t.Fatalf("%s", ev.ExceptionDetails)
		}
		var m map[string]float64
		if err := json.Unmarshal([]byte(ev.Result.Value), &m); err != nil {
			t.Fatal(err)
		}
		if i >= 2 {
			for k, v := range m {
				total[k] += v / 8
			}
		}
	}
	t.Logf("ms per run: %v", total)
}
