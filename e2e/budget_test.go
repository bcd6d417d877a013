package e2e

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolsEndWithinBudget: on a page whose main thread never answers,
// every tool ends within its own budget, well before an MCP client's
// 60-second timeout, with a code that says what happened.
func TestToolsEndWithinBudget(t *testing.T) {
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/act/lists.html"})
	o := bs.observe()
	alpha := markOf(t, o, "button", "Alpha")
	note := markOf(t, o, "textbox", "Note")
	// The page's main thread now spins for ever (the harness's own DevTools
	// session starts it, as a script of the page would).
	var started bool
	bs.pageEval("/act/lists.html", `(setTimeout(() => { for (;;) {} }, 50), true)`, &started)
	time.Sleep(200 * time.Millisecond) // let it start: there is no event to wait for
	type call struct {
		tool   string
		args   map[string]any
		budget time.Duration
	}
	check := func(c call) {
		start := time.Now()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		res, err := bs.session.CallTool(ctx, &mcp.CallToolParams{Name: c.tool, Arguments: c.args})
		took := time.Since(start)
		if err != nil {
			t.Errorf("%s %v: protocol error after %v: %v", c.tool, c.args, took, err)
			return
		}
		var env struct {
			OK     bool `json:"ok"`
			Server struct {
				Error *struct {
					Code string `json:"code"`
				} `json:"error"`
			} `json:"server"`
		}
		data, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(data, &env); err != nil {
			t.Fatal(err)
		}
		code := ""
		if env.Server.Error != nil {
			code = env.Server.Error.Code
		}
		t.Logf("%s %v: ok=%v code=%s in %v", c.tool, c.args["action"], env.OK, code, took.Round(time.Millisecond))
		if took > c.budget {
			t.Errorf("%s %v took %v, past its budget of %v", c.tool, c.args, took, c.budget)
		}
		if !env.OK && (code == "internal" || code == "") {
			t.Errorf("%s %v: %s", c.tool, c.args, data)
		}
	}
	// The tools that do not move the tab run together; then those that do.
	var wg sync.WaitGroup
	for _, c := range []call{
		{"observe", map[string]any{}, 20 * time.Second},
		{"read", map[string]any{"snapshot_id": snap(o)}, 15 * time.Second},
		{"act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{{"action": "click", "mark": alpha}}}, 50 * time.Second},
		{"act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{{"action": "type", "mark": note, "text": "x"}}}, 50 * time.Second},
		{"dialog", map[string]any{"action": "accept"}, 5 * time.Second},
		{"tabs", map[string]any{"action": "list"}, 5 * time.Second},
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			check(c)
		}()
	}
	wg.Wait()
	for _, c := range []call{
		{"navigate", map[string]any{"action": "reload"}, 20 * time.Second},
		{"navigate", map[string]any{"url": siteURL + "/busy.html"}, 20 * time.Second},
		{"tabs", map[string]any{"action": "close"}, 15 * time.Second},
	} {
		check(c)
	}
}
