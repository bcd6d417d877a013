package tools

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/approval"
	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// sessionKey is the session of the flow tests' client, which owns the
// fake browser's tab.
const sessionKey = "00112233445566778899aabbccddeeff"

// world is a session over a fake browser whose tab shows browsertest's
// sign-in page on https://a.test, a site of the session's profile.
type world struct {
	ext  *browsertest.Ext
	page *browsertest.Page
	b    *browser.Browser
	tab  *browser.Tab
	// asker asks the person: the fake extension's answers go to it.
	asker *approval.Asker
	cs    *mcp.ClientSession
	dir   string // the audit log's
	// logs holds what the server logged, at every level.
	logs *lockedBuffer
	srv  *Server
}

// lockedBuffer is a buffer the server's log writes to while a test reads
// it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func newWorld(t *testing.T) *world {
	t.Helper()
	return newWorldWith(t, "https://a.test/", nil)
}

// newWorldWith is newWorld with the tab on url, and the server's options
// changed by change.
func newWorldWith(t *testing.T, url string, change func(*Options)) *world {
	t.Helper()
	w := &world{ext: browsertest.New(), dir: t.TempDir(), logs: &lockedBuffer{}}
	w.ext.URL = url
	w.page = browsertest.NewPage(w.ext)
	b, err := browser.New(w.ext, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w.b = b
	if err := b.Restore(t.Context(), protocolHello(sessionKey)); err != nil {
		t.Fatal(err)
	}
	w.tab, _ = b.Newest(sessionKey)
	log, err := audit.Open(w.dir)
	if err != nil {
		t.Fatal(err)
	}
	prof, _ := policy.Launch().WithSites("https://a.test")
	opts := &Options{Profile: prof, Audit: log}
	if change != nil {
		change(opts)
	}
	w.asker = hosting(b, w.ext, opts).Asker
	logger := slog.New(slog.NewJSONHandler(w.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	w.srv = New(b, logger, hosting(b, w.ext, opts))
	w.cs = connectAs(t, w.srv, sessionKey)
	return w
}

// call calls a tool and returns its envelope's server and page_content.
func (w *world) call(t *testing.T, tool string, args map[string]any) (ok bool, server, page map[string]any, res *mcp.CallToolResult) {
	t.Helper()
	env, res := callJSON(t, w.cs, tool, args)
	server, _ = env["server"].(map[string]any)
	page, _ = env["page_content"].(map[string]any)
	return env["ok"] == true, server, page, res
}

func errCode(server map[string]any) string {
	e, _ := server["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// markOf finds the mark of the element named name in an observation's
// page_content.
func markOf(t *testing.T, page map[string]any, name string) float64 {
	t.Helper()
	for _, e := range page["elements"].([]any) {
		if e := e.(map[string]any); e["name"] == name {
			return e["mark"].(float64)
		}
	}
	t.Fatalf("no element %q in %v", name, page["elements"])
	return 0
}

func TestObserveReadActFlow(t *testing.T) {
	w := newWorld(t)
	ok, server, page, res := w.call(t, "observe", map[string]any{})
	if !ok || server["capture"] != "ok" || server["origin"] != "https://a.test" || len(res.Content) != 2 {
		t.Fatalf("observe: %v %v, %d blocks", ok, server, len(res.Content))
	}
	if _, isImage := res.Content[1].(*mcp.ImageContent); !isImage {
		t.Errorf("the second block is %T", res.Content[1])
	}
	snap := server["snapshot_id"].(string)
	observed := page
	tree := page["tree"].([]any)
	if len(tree) == 0 || page["title"] != "Sign in" {
		t.Errorf("page %v", page)
	}

	ok, server, page, _ = w.call(t, "read", map[string]any{"snapshot_id": snap, "query": "go"})
	if !ok || server["matched"] != 1.0 || len(page["lines"].([]any)) != 1 {
		t.Errorf("read: %v %v %v", ok, server, page)
	}

	password := markOf(t, observed, "Password")
	// A page whose act helpers answer nothing useful: the click fails,
	// and the result brings a fresh observation.
	ok, server, _, _ = w.call(t, "act", map[string]any{"snapshot_id": snap, "steps": []map[string]any{
		{"action": "click", "mark": markOf(t, observed, "Go")}}})
	if ok || errCode(server) != "internal" || server["observation"] == nil || len(server["steps"].([]any)) != 1 {
		t.Errorf("act: %v %v", ok, server)
	}
	snap = server["observation"].(map[string]any)["snapshot_id"].(string)
	// The helpers locate the button: the click succeeds, and observe:true
	// brings the page as it is after it.
	w.page.SetOther(func(r browsertest.Request) (any, error) {
		if browsertest.CallOf(r).Global == "__diwallAct" {
			return browsertest.EvalJSON(map[string]any{"x": 10, "y": 95}), nil
		}
		return browsertest.EvalString(""), nil
	})
	ok, server, page, _ = w.call(t, "act", map[string]any{"snapshot_id": snap, "observe": true, "steps": []map[string]any{
		{"action": "click", "mark": markOf(t, observed, "Go")}}})
	if !ok || server["completed"] != 1.0 || server["observation"] == nil || page["observation"] == nil {
		t.Errorf("act: %v %v", ok, server)
	}

	// An old snapshot is refused with snapshot_stale and a fresh
	// observation.
	ok, server, page, _ = w.call(t, "act", map[string]any{"snapshot_id": snap, "steps": []map[string]any{{"action": "type", "mark": password, "text": "hunter2-secret"}}})
	if ok || errCode(server) != "snapshot_stale" || server["observation"] == nil || page["observation"] == nil {
		t.Errorf("stale act: %v %v", ok, server)
	}
	if ok, server, _, _ := w.call(t, "read", map[string]any{"snapshot_id": snap}); ok || errCode(server) != "snapshot_stale" {
		t.Errorf("stale read: %v %v", ok, server)
	}

	s, err := audit.Read(filepath.Join(w.dir, "sessions", sessionKey+".cbor"))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(s)
	if strings.Contains(string(data), "hunter2-secret") {
		t.Error("the audit log keeps what was typed into a password field")
	}
	var tools []string
	for _, r := range s.Records {
		tools = append(tools, r.Tool+":"+r.Outcome)
	}
	if !slices.Contains(tools, "act:snapshot_stale") || !slices.Contains(tools, "observe:ok") {
		t.Errorf("audit %v", tools)
	}
}

func protocolHello(key string) protocol.Hello {
	return protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: browsertest.Tab, Session: key}}}
}

func TestDialogFlow(t *testing.T) {
	w := newWorld(t)
	if ok, server, _, _ := w.call(t, "dialog", map[string]any{"action": "accept"}); ok || errCode(server) != "no_dialog" {
		t.Errorf("no dialog: %v %v", ok, server)
	}
	browsertest.OpenDialog(t, w.tab, "prompt", "Your name?")
	ok, server, page, _ := w.call(t, "observe", map[string]any{})
	if !ok || server["dialog_open"] != true || page["dialog"].(map[string]any)["message"] != "Your name?" {
		t.Errorf("observe under a dialog: %v %v %v", ok, server, page)
	}
	if ok, server, _, _ := w.call(t, "act", map[string]any{"snapshot_id": "x", "steps": []map[string]any{{"action": "press", "keys": "Enter"}}}); ok || errCode(server) != "dialog_open" ||
		!strings.Contains(server["no_observation"].(string), "dialog") {
		t.Errorf("act under a dialog: %v %v", ok, server)
	}
	if ok, server, _, _ := w.call(t, "navigate", map[string]any{"action": "reload"}); ok || errCode(server) != "dialog_open" {
		t.Errorf("navigate under a dialog: %v %v", ok, server)
	}
	w.ext.On("Page.handleJavaScriptDialog", func(r browsertest.Request) (any, error) {
		if r.Params["accept"] != true || r.Str("promptText") != "Ada" {
			t.Errorf("handleJavaScriptDialog %v", r.Params)
		}
		browsertest.Event(t, w.tab, "Page.javascriptDialogClosed", map[string]any{})
		return map[string]any{}, nil
	})
	ok, server, _, _ = w.call(t, "dialog", map[string]any{"action": "accept", "text": "Ada"})
	if !ok || server["dialog_type"] != "prompt" || server["accepted"] != true || server["dialog_open"] != false {
		t.Errorf("accept: %v %v", ok, server)
	}
}

func TestNavigateAndTabsFlow(t *testing.T) {
	w := newWorld(t)
	n := 1
	w.ext.On("Page.navigate", func(r browsertest.Request) (any, error) {
		n++
		loader := "N" + strings.Repeat("x", n)
		browsertest.Navigate(t, w.tab, loader, r.Str("url"))
		browsertest.Event(t, w.tab, "Page.loadEventFired", map[string]any{})
		return map[string]any{"loaderId": loader}, nil
	})
	ok, server, page, _ := w.call(t, "navigate", map[string]any{"url": "https://a.test/next"})
	if !ok || server["navigation"].(map[string]any)["status"] != "loaded" || page["url"] != "https://a.test/next" {
		t.Errorf("navigate: %v %v %v", ok, server, page)
	}
	if ok, server, _, _ := w.call(t, "navigate", map[string]any{"url": "https://elsewhere.test/"}); ok || errCode(server) != "origin_not_allowed" {
		t.Errorf("a site not the session's: %v %v", ok, server)
	}
	if len(w.ext.Requests("Page.navigate")) != 1 {
		t.Error("the browser was sent to a site not the session's")
	}
	if ok, server, _, _ := w.call(t, "navigate", map[string]any{"url": "javascript:alert(1)"}); ok || errCode(server) != "invalid_argument" {
		t.Errorf("a javascript: URL: %v %v", ok, server)
	}
	ok, server, _, _ = w.call(t, "tabs", map[string]any{"action": "open"})
	if !ok {
		t.Fatalf("open: %v", server)
	}
	ok, server, _, _ = w.call(t, "tabs", map[string]any{"action": "list"})
	tabs := server["tabs"].([]any)
	if !ok || len(tabs) != 2 || server["selected"] != tabs[1].(map[string]any)["tab_id"] {
		t.Errorf("list: %v %v", ok, server)
	}
	first := tabs[0].(map[string]any)["tab_id"]
	if ok, server, _, _ := w.call(t, "tabs", map[string]any{"action": "select", "tab_id": first}); !ok || server["tab_id"] != first {
		t.Errorf("select: %v %v", ok, server)
	}
	if ok, server, _, _ := w.call(t, "tabs", map[string]any{"action": "select", "tab_id": "nope"}); ok || errCode(server) != "tab_gone" {
		t.Errorf("select of no tab: %v %v", ok, server)
	}
	if ok, server, _, _ := w.call(t, "tabs", map[string]any{"action": "close"}); !ok {
		t.Errorf("close: %v", server)
	}
	if r := w.ext.Requests(protocol.MethodTabClose); len(r) != 1 || r[0].Num("tab_id") != browsertest.Tab {
		t.Errorf("tab.close %+v", r)
	}
}

func TestScreenshotKeepsTheMarks(t *testing.T) {
	w := newWorld(t)
	_, server, _, _ := w.call(t, "observe", map[string]any{})
	snap := server["snapshot_id"].(string)
	w.page.SetOther(func(r browsertest.Request) (any, error) {
		if strings.Contains(browsertest.Script(r), "__diwallKept; delete") {
			return browsertest.EvalString(snap), nil
		}
		return browsertest.EvalString(""), nil
	})
	// The image is kept for the person, in the audit log; the model
	// gets its id only.
	ok, server, _, res := w.call(t, "screenshot", map[string]any{})
	if !ok || len(res.Content) != 1 {
		t.Fatalf("screenshot: %v %v", ok, server)
	}
	if data, err := audit.ArtifactsOf(w.dir).Get(server["artifact_id"].(string)); err != nil || len(data) == 0 {
		t.Errorf("the kept image: %d bytes, %v", len(data), err)
	}
	if w.tab.Info().Current(snap) == nil {
		t.Error("the screenshot replaced the model's snapshot")
	}
}
