package tools

import (
	"context"
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// fileExtension is a browser with one tab on an allowed page, whose paused
// responses hold body.
type fileExtension struct{ body string }

func (f fileExtension) Call(_ context.Context, method string, params, result any) error {
	tab := protocol.Tab{TabID: 7, WindowID: 1, URL: "http://allowed.test/", Status: "complete", Active: true}
	var res any = struct{}{}
	switch method {
	case protocol.MethodTabsGet:
		res = protocol.TabsResult{Tabs: []protocol.Tab{tab}}
	case protocol.MethodCDP:
		switch cdp.Method(params.(protocol.CDPParams).Method) {
		case cdp.FetchTakeResponseBodyAsStream:
			res = cdp.StreamResult{Stream: "s1"}
		case cdp.IORead:
			res = cdp.IOReadResult{Data: f.body, EOF: true}
		}
	}
	if result == nil {
		return nil
	}
	data, _ := json.Marshal(res)
	return json.Unmarshal(data, result)
}

// TestDownloadBudgets: past the session's count the download is refused,
// and a profile whose folder vanished fails it with why; what is saved is
// only in the folder.
func TestDownloadBudgets(t *testing.T) {
	const key = ownerKey
	b, tab := browserWithTab(t, fileExtension{body: "a,b\n"})
	dir := t.TempDir()
	prof, _ := policy.Launch().WithSites("http://allowed.test")
	prof.DownloadDir, prof.Downloads = dir, 2
	srv := New(b, slog.New(slog.DiscardHandler), hosting(b, fileExtension{body: "a,b\n"}, &Options{Profile: prof}))
	cs := connectAs(t, srv, key)
	callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	paused := cdp.RequestPaused{RequestID: "r", ResponseStatusCode: 200, ResponseHeaders: map[string]string{"content-disposition": `attachment; filename="a.csv"`}}
	paused.Request.URL = "http://allowed.test/a.csv"
	srv.Paused(tab, key, paused)
	srv.Paused(tab, key, paused)
	srv.Paused(tab, key, paused)
	env, _ := callJSON(t, cs, "downloads", map[string]any{"action": "list"})
	list := env["server"].(map[string]any)["downloads"].([]any)
	states := []string{}
	for _, d := range list {
		states = append(states, d.(map[string]any)["state"].(string))
	}
	if len(list) != 3 || states[0] != "complete" || states[1] != "complete" || states[2] != "refused" ||
		list[2].(map[string]any)["error"].(map[string]any)["code"] != "budget_exceeded" {
		t.Errorf("three downloads with a budget of two: %v", list)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("the folder holds %d files", len(entries))
	}
	// A folder that vanished: a clear error, nothing written elsewhere.
	os.RemoveAll(dir)
	prof.Downloads = 50
	srv2 := New(b, slog.New(slog.DiscardHandler), hosting(b, fileExtension{body: "a,b\n"}, &Options{Profile: prof}))
	cs2 := connectAs(t, srv2, key)
	callJSON(t, cs2, "tabs", map[string]any{"action": "list"})
	srv2.Paused(tab, key, paused)
	env, _ = callJSON(t, cs2, "downloads", map[string]any{"action": "read", "download_id": "dl-1"})
	if e := env["server"].(map[string]any)["error"].(map[string]any); e["code"] != "invalid_argument" {
		t.Errorf("reading a download whose folder vanished: %v", e)
	}
	list = env["server"].(map[string]any)["downloads"].([]any)
	if d := list[0].(map[string]any); d["state"] != "failed" || d["error"].(map[string]any)["code"] != "permission_denied" {
		t.Errorf("a download into a vanished folder: %v", d)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("the vanished folder was made again: %v", err)
	}
}

// TestDownloadFromAReadOnlySite: a download a read-only site's page
// begins is refused, naming the rule, and nothing is saved.
func TestDownloadFromAReadOnlySite(t *testing.T) {
	const key = ownerKey
	b, tab := browserWithTab(t, fileExtension{body: "a,b\n"})
	dir := t.TempDir()
	prof, _ := policy.Launch().WithSites("http://allowed.test")
	prof.DownloadDir = dir
	prof.ReadOnly, _ = sitesOf("http://allowed.test")
	srv := New(b, slog.New(slog.DiscardHandler), hosting(b, fileExtension{body: "a,b\n"}, &Options{Profile: prof}))
	cs := connectAs(t, srv, key)
	callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	paused := cdp.RequestPaused{RequestID: "r", ResponseStatusCode: 200, ResponseHeaders: map[string]string{"content-disposition": `attachment; filename="a.csv"`}}
	paused.Request.URL = "http://allowed.test/a.csv"
	srv.Paused(tab, key, paused)
	env, _ := callJSON(t, cs, "downloads", map[string]any{"action": "list"})
	d := env["server"].(map[string]any)["downloads"].([]any)[0].(map[string]any)
	if e, _ := d["error"].(map[string]any); d["state"] != "refused" || e["code"] != "permission_denied" || !strings.Contains(e["message"].(string), "read_only") {
		t.Errorf("a download of a read-only site: %v", d)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the folder holds %d files", len(entries))
	}
}
