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

	"github.com/diwall/diwall/host/observe/pagegen"
	"github.com/gorilla/websocket"
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
	total, agree := 0, 0
	for _, p := range strings.Split(pages, ",") {
		if !filepath.IsAbs(p) {
			p, _ = filepath.Abs(filepath.Join("testdata", "pages", p))
		}
		tot, ag := c.probe(t, p)
		total += tot
		agree += ag
	}
	t.Logf("agreement: %d/%d (%.2f%%)", agree, total, 100*float64(agree)/float64(max(total, 1)))
}

type probeChrome struct {
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
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
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
	c := &probeChrome{ws: ws, pending: map[int64]chan json.RawMessage{}}
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
			json.Unmarshal(data, &m)
			if m.ID == 0 {
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
	c.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &tg)
	var at struct {
		SessionID string `json:"sessionId"`
	}
	c.call(t, "", "Target.attachToTarget", map[string]any{"targetId": tg.TargetID, "flatten": true}, &at)
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
	case <-time.After(30 * time.Second):
		t.Fatalf("%s timed out", method)
	}
	return nil
}

func (c *probeChrome) probe(t *testing.T, page string) (total, agree int) {
	s := c.session
	c.call(t, s, "Page.enable", map[string]any{}, nil)
	c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil)
	time.Sleep(400 * time.Millisecond)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft)
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
	c.call(t, s, "Runtime.evaluate", map[string]any{"expression": serializerExpression("probe"), "contextId": w.ID, "returnByValue": true}, &ev)
	if ev.ExceptionDetails != nil {
		t.Fatalf("%s: %s", page, ev.ExceptionDetails)
	}
	r, err := parseRaw([]byte(ev.Result.Value))
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
		c.call(t, s, "Runtime.evaluate", map[string]any{"expression": fmt.Sprintf("globalThis.__diwall.els[%d]", i), "contextId": w.ID}, &ob)
		var ax struct {
			Nodes []struct {
				Role *struct{ Value string } `json:"role"`
				Name *struct{ Value string } `json:"name"`
			} `json:"nodes"`
		}
		if err := c.call(t, s, "Accessibility.getPartialAXTree", map[string]any{"objectId": ob.Result.ObjectID, "fetchRelatives": false}, &ax); err != nil || len(ax.Nodes) == 0 {
			fmt.Fprintf(out, "   %3d %s: no AX node %v\n", i, n.Tag, err)
			continue
		}
		crole, cname := "", ""
		if ax.Nodes[0].Role != nil {
			crole = axRole(ax.Nodes[0].Role.Value)
		}
		if ax.Nodes[0].Name != nil {
			cname = ax.Nodes[0].Name.Value
		}
		cname = cleanName(cname, maxName)
		fname := cleanName(n.Name, maxName)
		roleOK := crole == n.Role || neutral(crole) && neutral(n.Role)
		nameOK := cname == fname || n.NameHidden == 1
		total++
		if roleOK && nameOK {
			agree++
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
	return total, agree
}

// TestSerializerTime (opt-in: DIWALL_SERIALIZER_TIME=10000) times the
// serializer on a generated page of that many elements over direct CDP.
func TestSerializerTime(t *testing.T) {
	n, err := strconv.Atoi(os.Getenv("DIWALL_SERIALIZER_TIME"))
	if os.Getenv("DIWALL_SERIALIZER_TIME") == "" {
		t.Skip("set DIWALL_SERIALIZER_TIME")
	}
	page := filepath.Join(t.TempDir(), "gen.html")
	os.WriteFile(page, []byte(pagegen.Page(n)), 0o644)
	if err != nil {
		page, _ = filepath.Abs(filepath.Join("testdata", "pages", os.Getenv("DIWALL_SERIALIZER_TIME")))
	}
	c := startProbeChrome(t)
	s := c.session
	c.call(t, s, "Page.enable", map[string]any{}, nil)
	c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil)
	time.Sleep(time.Second)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft)
	var w struct {
		ID int `json:"executionContextId"`
	}
	c.call(t, s, "Page.createIsolatedWorld", map[string]any{"frameId": ft.FrameTree.Frame.ID, "worldName": "probe"}, &w)
	if os.Getenv("DIWALL_SERIALIZER_BG") != "" {
		// Another tab in front: this one is hidden, as a background tab.
		c.call(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, nil)
		time.Sleep(500 * time.Millisecond)
	}
	exprs := map[string]string{"new": serializerExpression("probe")}
	if old := os.Getenv("DIWALL_SERIALIZER_OLD"); old != "" {
		src, _ := os.ReadFile(old)
		opts := strings.TrimSpace(serializerExpression("probe"))
		opts = opts[strings.LastIndex(opts, "})(")+3 : len(opts)-1]
		exprs["old"] = strings.Replace(string(src), "__OPTIONS__", opts, 1)
	}
	best := map[string]time.Duration{}
	for i := 0; i < 8; i++ {
		for name, expr := range exprs {
			var ev struct {
				Result struct {
					Value string `json:"value"`
				} `json:"result"`
				ExceptionDetails json.RawMessage `json:"exceptionDetails"`
			}
			start := time.Now()
			c.call(t, s, "Runtime.evaluate", map[string]any{"expression": expr, "contextId": w.ID}, &ev)
			if ev.ExceptionDetails != nil {
				t.Fatalf("%s: %s", name, ev.ExceptionDetails)
			}
			took := time.Since(start)
			if best[name] == 0 || took < best[name] {
				best[name] = took
			}
			r, err := parseRaw([]byte(ev.Result.Value))
			if err != nil {
				t.Fatal(err)
			}
			unsure := 0
			for _, n := range r.Nodes {
				unsure += n.Unsure
			}
			t.Logf("%s run %d: %v, %d nodes, %d unsure, %d bytes", name, i, took, len(r.Nodes), unsure, len(ev.Result.Value))
		}
	}
	t.Logf("best: %v", best)
}

// TestSerializerProfile (opt-in: DIWALL_SERIALIZER_PROFILE=10000) prints
// where the serializer spends its time on a generated page, by function.
func TestSerializerProfile(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("DIWALL_SERIALIZER_PROFILE"))
	if n == 0 {
		t.Skip("set DIWALL_SERIALIZER_PROFILE")
	}
	page := filepath.Join(t.TempDir(), "gen.html")
	os.WriteFile(page, []byte(pagegen.Page(n)), 0o644)
	c := startProbeChrome(t)
	s := c.session
	c.call(t, s, "Page.enable", map[string]any{}, nil)
	c.call(t, s, "Page.navigate", map[string]any{"url": "file://" + page}, nil)
	time.Sleep(2 * time.Second)
	var ft struct {
		FrameTree struct {
			Frame struct {
				ID string `json:"id"`
			} `json:"frame"`
		} `json:"frameTree"`
	}
	c.call(t, s, "Page.getFrameTree", map[string]any{}, &ft)
	var w struct {
		ID int `json:"executionContextId"`
	}
	c.call(t, s, "Page.createIsolatedWorld", map[string]any{"frameId": ft.FrameTree.Frame.ID, "worldName": "probe"}, &w)
	exprs := [][2]string{{"new", serializerExpression("probe")}}
	if old := os.Getenv("DIWALL_SERIALIZER_OLD"); old != "" {
		src, _ := os.ReadFile(old)
		opts := strings.TrimSpace(serializerExpression("probe"))
		opts = opts[strings.LastIndex(opts, "})(")+3 : len(opts)-1]
		exprs = append(exprs, [2]string{"old", strings.Replace(string(src), "__OPTIONS__", opts, 1)})
	}
	c.call(t, s, "Profiler.enable", map[string]any{}, nil)
	c.call(t, s, "Profiler.setSamplingInterval", map[string]any{"interval": 100}, nil)
	for round := 0; round < 2; round++ {
		for _, e := range exprs {
			c.call(t, s, "Runtime.evaluate", map[string]any{"expression": e[1], "contextId": w.ID}, nil)
			c.call(t, s, "Profiler.start", map[string]any{}, nil)
			for i := 0; i < 3; i++ {
				c.call(t, s, "Runtime.evaluate", map[string]any{"expression": e[1], "contextId": w.ID}, nil)
			}
			var prof struct {
				Profile struct {
					Nodes []struct {
						ID        int `json:"id"`
						CallFrame struct {
							FunctionName string `json:"functionName"`
							LineNumber   int    `json:"lineNumber"`
						} `json:"callFrame"`
					} `json:"nodes"`
					Samples []int `json:"samples"`
				} `json:"profile"`
			}
			c.call(t, s, "Profiler.stop", map[string]any{}, &prof)
			name := map[int]string{}
			for _, n := range prof.Profile.Nodes {
				name[n.ID] = fmt.Sprintf("%s:%d", n.CallFrame.FunctionName, n.CallFrame.LineNumber)
			}
			self := map[string]int{}
			busy := 0
			for _, id := range prof.Profile.Samples {
				self[name[id]]++
				if name[id] != "(idle):-1" {
					busy++
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
