package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/approval"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/sessions"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

const leakToken = "tok-4417"

// outsideExtension is a browser with one tab, whose page is outside the
// session's sites and writes leakToken everywhere it can.
type outsideExtension struct{}

var outsideTab = protocol.Tab{TabID: 7, WindowID: 1, URL: "http://outside.test/secret?code=" + leakToken,
	Title: "Secret " + leakToken, Status: "complete", Active: true}

func (outsideExtension) Call(_ context.Context, method string, params, result any) error {
	var res any = struct{}{}
	if method == protocol.MethodTabsGet {
		res = protocol.TabsResult{Tabs: []protocol.Tab{outsideTab}}
	}
	if result == nil {
		return nil
	}
	data, _ := json.Marshal(res)
	return json.Unmarshal(data, result)
}

// ownerKey is the session key that owns the tests' one agent tab.
const ownerKey = "0123456789abcdef0123456789abcdef"

// hosting completes opts with the sessions and the person of a host whose
// browser b reaches the extension through ext.
func hosting(b *browser.Browser, ext browser.Caller, opts *Options) *Options {
	if opts == nil {
		opts = &Options{}
	}
	if opts.Sessions == nil {
		opts.Sessions = sessions.New(b, ext, slog.New(slog.DiscardHandler))
	}
	if opts.Asker == nil {
		opts.Asker = approval.New(ext, slog.New(slog.DiscardHandler))
	}
	return opts
}

// browserWithTab is a browser on ext whose tab 7 is an agent tab of
// ownerKey's session.
func browserWithTab(t *testing.T, ext browser.Caller) (*browser.Browser, *browser.Tab) {
	t.Helper()
	b, err := browser.New(ext, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Restore(t.Context(), protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: 7, Session: ownerKey}}}); err != nil {
		t.Fatal(err)
	}
	tab, _ := b.Newest(ownerKey)
	return b, tab
}

// connectAs serves srv to a client that says it is the session key.
func connectAs(t *testing.T, srv *Server, key string) *mcp.ClientSession {
	t.Helper()
	return serve(t, srv, map[string]any{SessionCapability: SessionHello{Key: key}})
}

// serve serves srv over a pipe to a client announcing the experimental
// capabilities exp (none when nil), closed when the test ends.
func serve(t *testing.T, srv *Server, exp map[string]any) *mcp.ClientSession {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, serverEnd) }()
	var opts *mcp.ClientOptions
	if exp != nil {
		opts = &mcp.ClientOptions{Capabilities: &mcp.ClientCapabilities{Experimental: exp}}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "0"}, opts)
	cs, err := client.Connect(ctx, &mcp.IOTransport{Reader: clientEnd, Writer: clientEnd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		<-done //nolint:errcheck // how the run ended once cancelled is not what this test checks
	})
	return cs
}

// TestEveryToolPassesTheGate walks every registered tool over a tab whose
// page is outside the sites: nothing the page wrote comes back, whatever
// the tool. A tool without a case here fails the test.
func TestEveryToolPassesTheGate(t *testing.T) {
	const key = ownerKey
	b, tab := browserWithTab(t, outsideExtension{})
	prof, _ := policy.Launch().WithSites("http://allowed.test")
	srv := New(b, slog.New(slog.DiscardHandler), hosting(b, outsideExtension{}, &Options{Profile: prof}))
	cs := connectAs(t, srv, key)
	callJSON(t, cs, "tabs", map[string]any{"action": "list"}) // the session is known
	// The outside page starts a download: refused, with nothing of it but
	// its origin.
	paused := cdp.RequestPaused{RequestID: "r1", ResourceType: "Document", ResponseStatusCode: 200,
		ResponseHeaders: map[string]string{"content-disposition": `attachment; filename="Secret ` + leakToken + `.csv"`, "content-type": "text/csv"}}
	paused.Request.URL, paused.Request.Method = "http://outside.test/secret?code="+leakToken, "GET"
	srv.Paused(tab, key, paused)

	snapshot := "00000000000000000000000000000000"
	cases := map[string][]map[string]any{
		"observe": {{}, {"tab_id": tab.ID}},
		"act": {
			{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "press", "keys": "Enter"}}, "observe": true},
			{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "upload", "mark": 1, "files": []string{"a.txt"}}}},
			{"snapshot_id": snapshot, "steps": []map[string]any{{"action": "drag", "mark": 1, "to_mark": 2}}},
		},
		"read":       {{"snapshot_id": snapshot}, {"snapshot_id": snapshot, "query": "Secret"}},
		"navigate":   {{"action": "reload"}, {"action": "back"}, {"url": "http://outside.test/other?code=" + leakToken}},
		"tabs":       {{"action": "list"}, {"action": "select", "tab_id": tab.ID}},
		"dialog":     {{"action": "accept"}, {"action": "dismiss"}},
		"login":      {{"credential_id": "work"}},
		"screenshot": {{}, {"tab_id": tab.ID}},
		"handoff":    {{"reason": "solve the captcha"}, {"reason": "type the code", "tab_id": tab.ID}},
		// screen reads no page: it is refused here (no ui-commands), and
		// must leak nothing.
		"screen": {{"action": "focus"}},
		// downloads reads no page: the outside page's download was refused,
		// and is listed with its origin only.
		"downloads": {{"action": "list"}, {"action": "wait", "download_id": "dl-1"}, {"action": "read", "download_id": "dl-1"}},
	}
	for _, tool := range Definitions() {
		calls, ok := cases[tool.Name]
		if !ok {
			t.Errorf("tool %s has no case against an outside page: add one", tool.Name)
			continue
		}
		for _, args := range calls {
			env, res := callJSON(t, cs, tool.Name, args)
			data, _ := json.Marshal(res)
			if strings.Contains(string(data), leakToken) || strings.Contains(string(data), "/secret") {
				t.Errorf("%s %v leaks the outside page: %s", tool.Name, args, data)
			}
			server := env["server"].(map[string]any)
			if tool.Name == "screen" {
				continue
			}
			if tool.Name == "downloads" && args["action"] == "read" {
				if e, _ := server["error"].(map[string]any); e["code"] != "origin_not_allowed" {
					t.Errorf("downloads read of a refused outside download: %v", env)
				}
				continue
			}
			if tool.Name == "downloads" {
				list, _ := server["downloads"].([]any)
				if len(list) != 1 || list[0].(map[string]any)["origin"] != "http://outside.test" || list[0].(map[string]any)["state"] != "refused" {
					t.Errorf("downloads %v: %v", args, env)
				}
				continue
			}
			if tool.Name == "tabs" && args["action"] == "list" {
				entries := server["tabs"].([]any)
				if env["ok"] != true || len(entries) != 1 || entries[0].(map[string]any)["origin"] != "http://outside.test" {
					t.Errorf("tabs list: %v", env)
				}
				continue
			}
			code, _ := server["error"].(map[string]any)["code"].(string)
			if env["ok"] != false || code != "origin_not_allowed" || server["origin"] != "http://outside.test" {
				t.Errorf("%s %v: ok=%v code=%s origin=%v", tool.Name, args, env["ok"], code, server["origin"])
			}
			if len(res.Content) != 1 {
				t.Errorf("%s: %d content blocks; a refusal carries no image", tool.Name, len(res.Content))
			}
		}
	}
}

// TestAnotherSessionSeesNoTab: the same tab is unknown to a session that
// does not own it.
func TestAnotherSessionSeesNoTab(t *testing.T) {
	b, _ := browser.New(outsideExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	const owner = "0123456789abcdef0123456789abcdef"
	if err := b.Restore(t.Context(), protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: 7, Session: owner}}}); err != nil {
		t.Fatal(err)
	}
	tab, _ := b.Newest(owner)
	cs := connectAs(t, New(b, slog.New(slog.DiscardHandler), hosting(b, outsideExtension{}, nil)), "fedcba9876543210fedcba9876543210")
	env, _ := callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	if tabs := env["server"].(map[string]any)["tabs"].([]any); len(tabs) != 0 {
		t.Fatalf("another session lists %v", tabs)
	}
	env, _ = callJSON(t, cs, "observe", map[string]any{"tab_id": tab.ID})
	if code := env["server"].(map[string]any)["error"].(map[string]any)["code"]; code != "tab_gone" {
		t.Fatalf("another session's observe: %v", code)
	}
}

// TestProfileToolsAndBrokenProfiles: a tool the profile does not list is
// refused, and a profile that cannot be read refuses every call with why.
func TestProfileToolsAndBrokenProfiles(t *testing.T) {
	b, _ := browser.New(noExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	narrow := policy.Launch()
	narrow.Tools = []string{"tabs"}
	cs := connectAs(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, &Options{Profile: narrow})), "0123456789abcdef0123456789abcdef")
	env, _ := callJSON(t, cs, "observe", map[string]any{})
	if code := env["server"].(map[string]any)["error"].(map[string]any)["code"]; code != "permission_denied" {
		t.Errorf("a tool the profile does not permit: %v", code)
	}
	if env, _ := callJSON(t, cs, "tabs", map[string]any{"action": "list"}); env["ok"] != true {
		t.Errorf("a permitted tool: %v", env)
	}

	broken := &Options{Profiles: failingProfiles{}, DefaultProfile: "default"}
	cs = connectAs(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, broken)), "0123456789abcdef0123456789abcdef")
	env, _ = callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	e := env["server"].(map[string]any)["error"].(map[string]any)
	if e["code"] != "permission_denied" || !strings.Contains(e["message"].(string), "line 3") {
		t.Errorf("a broken profile: %v", e)
	}
}

// TestProfileEditedIntoAMalformedFile: a profile edited while a session
// runs applies to its next call; an edit Diwall cannot use keeps the last
// good version in force, with a notice naming the file, line and key,
// until the file is fixed.
func TestProfileEditedIntoAMalformedFile(t *testing.T) {
	cfg := t.TempDir()
	path, err := policy.Create(cfg, "work")
	if err != nil {
		t.Fatal(err)
	}
	write := func(text string, age time.Duration) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		// An old modification time makes the store trust its stat.
		mod := time.Now().Add(-age)
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	write("tools = [\"tabs\"]\n", 3*time.Hour)
	b, _ := browser.New(noExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	srv := New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, &Options{Profiles: policy.NewStore(cfg, nil), DefaultProfile: "work"}))
	cs := connectAs(t, srv, "0123456789abcdef0123456789abcdef")
	code := func(env map[string]any) any {
		if e, ok := env["server"].(map[string]any)["error"].(map[string]any); ok {
			return e["code"]
		}
		return nil
	}
	notices := func(env map[string]any) string { return fmt.Sprint(env["server"].(map[string]any)["notices"]) }
	if env, _ := callJSON(t, cs, "downloads", map[string]any{"action": "list"}); code(env) != "permission_denied" {
		t.Fatalf("a tool the profile does not list: %v", env)
	}
	write("tools = [\"tabs\", \"downloads\"]\n", 2*time.Hour)
	if env, _ := callJSON(t, cs, "downloads", map[string]any{"action": "list"}); env["ok"] != true || notices(env) != "[]" {
		t.Fatalf("after the person added downloads: %v", env)
	}
	write("tools = [\"tabs\",\n", time.Hour)
	env, _ := callJSON(t, cs, "downloads", map[string]any{"action": "list"})
	if env["ok"] != true || !strings.Contains(notices(env), `line 1, key "tools": array is incomplete`) ||
		!strings.Contains(notices(env), path) || !strings.Contains(notices(env), "last good version") {
		t.Fatalf("after a malformed edit: %v", env)
	}
	write("tools = [\"tabs\"]\n", 30*time.Minute)
	if env, _ := callJSON(t, cs, "downloads", map[string]any{"action": "list"}); code(env) != "permission_denied" || notices(env) != "[]" {
		t.Fatalf("after the file was fixed: %v", env)
	}
}

type failingProfiles struct{}

func (failingProfiles) Get(name string) (policy.Profile, error) {
	return policy.Profile{}, &toolerr.Error{Code: toolerr.CodeInvalidArgument, Msg: "line 3, key \"sites\": bad"}
}

// TestDialogOfAFrameOutsideTheSites: the words of a dialog that a frame
// outside the sites opened never leave; the dialog itself (it blocks the
// page) is still reported, like those of the page and of frames on the sites.
func TestDialogOfAFrameOutsideTheSites(t *testing.T) {
	allowed := func(url string) bool { return strings.HasPrefix(url, "http://a.test/") }
	for _, c := range []struct {
		d        browser.Dialog
		withheld bool
	}{
		{browser.Dialog{Type: "alert", Message: "page's", FrameURL: "http://a.test/"}, false},
		{browser.Dialog{Type: "alert", Message: "Chrome did not say whose"}, false},
		{browser.Dialog{Type: "alert", Message: "frame's", FrameURL: "http://a.test/f"}, false},
		{browser.Dialog{Type: "prompt", Message: "outside's", DefaultPrompt: "x", FrameURL: "http://b.test/"}, true},
		{browser.Dialog{Type: "alert", Message: "data frame's", FrameURL: "data:text/html,x"}, true},
	} {
		d := c.d
		got := withheldDialogWords(&d, allowed)
		if got != c.withheld || c.withheld && (d.Message != "" || d.DefaultPrompt != "") || !c.withheld && d.Message != c.d.Message || d.Type != c.d.Type {
			t.Errorf("%+v: withheld %v, now %+v", c.d, got, d)
		}
	}
	if withheldDialogWords(nil, allowed) {
		t.Error("no dialog, nothing withheld")
	}
}
