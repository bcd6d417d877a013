package observe

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/diwall/diwall/e2e/pagegen"
)

// TestCaptureForImaging is not a test: with DIWALL_IMAGING_CAPTURE=DIR it
// opens fixture pages in headless Chromium (DIWALL_CHROMIUM, default
// /usr/lib/chromium/chromium) at 1280x720, runs the real serializer and
// build on each, captures the viewport as observe does (JPEG quality 90),
// and writes DIR/NAME.jpg with DIR/NAME.json (the CSS viewport, the marks'
// boxes and the masks). host/imaging's benchmarks read such captures from
// host/imaging/testdata/captures.
//
//	DIWALL_IMAGING_CAPTURE=$PWD/host/imaging/testdata/captures go test -run TestCaptureForImaging ./host/observe/
func TestCaptureForImaging(t *testing.T) {
	out := os.Getenv("DIWALL_IMAGING_CAPTURE")
	if out == "" {
		t.Skip("DIWALL_IMAGING_CAPTURE not set")
	}
	bin := os.Getenv("DIWALL_CHROMIUM")
	if bin == "" {
		bin = "/usr/lib/chromium/chromium"
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}

	mux := http.NewServeMux()
	mux.Handle("/imaging/", http.StripPrefix("/imaging/", http.FileServer(http.Dir("../imaging/testdata/pages"))))
	mux.Handle("/observe/", http.StripPrefix("/observe/", http.FileServer(http.Dir("testdata/pages"))))
	mux.Handle("/e2e/", http.StripPrefix("/e2e/", http.FileServer(http.Dir("../../e2e/testdata"))))
	mux.HandleFunc("/gen/2000", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, pagegen.Page(2000)) })
	srv := httptest.NewServer(mux)
	defer srv.Close()

	pages := []struct {
		name, path string
		scrollY    int
	}{
		{"wiki", "/imaging/wiki.html", 0},
		{"wiki-text", "/imaging/wiki.html", 900},
		{"news", "/imaging/news.html", 0},
		{"blog", "/imaging/blog.html", 0},
		{"blog-form", "/imaging/blog.html", 1500},
		{"gen2000", "/gen/2000", 0},
		{"gen2000-mid", "/gen/2000", 3000},
		{"payment", "/observe/payment.html", 0},
		{"form", "/observe/form.html", 0},
		{"aria", "/observe/aria.html", 0},
		{"widgets", "/e2e/act/widgets.html", 0},
	}

	dir := t.TempDir()
	cmd := exec.Command(bin, "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
		"--user-data-dir="+dir, "--remote-debugging-port=0", "--window-size=1280,720", "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_CACHE_HOME="+dir, "TMPDIR=/tmp")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	var lines []string
	for i := 0; ; i++ {
		data, err := os.ReadFile(filepath.Join(dir, "DevToolsActivePort"))
		if lines = strings.Split(strings.TrimSpace(string(data)), "\n"); err == nil && len(lines) == 2 {
			break
		}
		if i > 100 {
			t.Fatal("no DevToolsActivePort")
		}
		time.Sleep(100 * time.Millisecond)
	}
	ws, _, err := websocket.DefaultDialer.Dial("ws://127.0.0.1:"+lines[0]+lines[1], nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &captureCDP{ws: ws, wait: map[int]chan captureReply{}}
	go c.read()
	defer ws.Close()

	for _, pg := range pages {
		var tgt struct {
			TargetID string `json:"targetId"`
		}
		c.must(t, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &tgt)
		var att struct {
			SessionID string `json:"sessionId"`
		}
		c.must(t, "", "Target.attachToTarget", map[string]any{"targetId": tgt.TargetID, "flatten": true}, &att)
		s := att.SessionID
		c.must(t, s, "Emulation.setDeviceMetricsOverride", map[string]any{"width": 1280, "height": 720, "deviceScaleFactor": 1, "mobile": false}, nil)
		c.must(t, s, "Page.navigate", map[string]any{"url": srv.URL + pg.path}, nil)
		for i := 0; ; i++ {
			if v := c.eval(t, s, "document.readyState"); v == "complete" {
				break
			}
			if i > 100 {
				t.Fatalf("%s: not loaded", pg.name)
			}
			time.Sleep(50 * time.Millisecond)
		}
		c.eval(t, s, fmt.Sprintf("window.scrollTo(0, %d), 'ok'", pg.scrollY))
		time.Sleep(300 * time.Millisecond)
		text := c.eval(t, s, serializerExpression("capture"))
		r, err := parseRaw([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		built := build(r, Budgets{TreeChars: 40000, Marks: 400})
		var shot struct {
			Data string `json:"data"`
		}
		c.must(t, s, "Page.captureScreenshot", map[string]any{"format": "jpeg", "quality": 90, "fromSurface": true}, &shot)
		jpg, err := base64.StdEncoding.DecodeString(shot.Data)
		if err != nil {
			t.Fatal(err)
		}
		meta := map[string]any{"viewport": []float64{r.VP.W, r.VP.H}, "masks": built.Masks, "labels": built.Labels}
		js, _ := json.MarshalIndent(meta, "", " ")
		if err := os.WriteFile(filepath.Join(out, pg.name+".jpg"), jpg, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, pg.name+".json"), js, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes, %d labels, %d masks", pg.name, len(jpg), len(built.Labels), len(built.Masks))
		c.must(t, "", "Target.closeTarget", map[string]any{"targetId": tgt.TargetID}, nil)
	}
}

type captureCDP struct {
	ws     *websocket.Conn
	mu     sync.Mutex
	nextID int
	wait   map[int]chan captureReply
}

type captureReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

func (c *captureCDP) read() {
	for {
		var msg struct {
			ID int `json:"id"`
			captureReply
		}
		if err := c.ws.ReadJSON(&msg); err != nil {
			return
		}
		c.mu.Lock()
		ch := c.wait[msg.ID]
		delete(c.wait, msg.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- msg.captureReply
		}
	}
}

func (c *captureCDP) must(t *testing.T, session, method string, params, result any) {
	t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan captureReply, 1)
	c.wait[id] = ch
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	err := c.ws.WriteJSON(msg)
	c.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	select {
	case r := <-ch:
		if r.Error != nil {
			t.Fatalf("%s: %s", method, r.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(r.Result, result); err != nil {
				t.Fatal(err)
			}
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("%s: no reply", method)
	}
}

func (c *captureCDP) eval(t *testing.T, session, expr string) string {
	t.Helper()
	var res struct {
		Result struct {
			Value any `json:"value"`
		} `json:"result"`
		ExceptionDetails any `json:"exceptionDetails"`
	}
	c.must(t, session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res)
	if res.ExceptionDetails != nil {
		t.Fatalf("evaluate: %v", res.ExceptionDetails)
	}
	s, _ := res.Result.Value.(string)
	return s
}
