package e2e

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Every result a browserSession gets is checked against the output schema
// its tool lists in the session's tools/list (checkOutput).

// listedOutputs holds each session's tools' output schemas, resolved.
var listedOutputs sync.Map // *mcp.ClientSession -> map[string]*jsonschema.Resolved

// outputSchemas lists the session's tools and resolves their output
// schemas; a tool without one fails the test.
func outputSchemas(t testing.TB, cs *mcp.ClientSession) map[string]*jsonschema.Resolved {
	t.Helper()
	if m, ok := listedOutputs.Load(cs); ok {
		return m.(map[string]*jsonschema.Resolved)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	out := map[string]*jsonschema.Resolved{}
	for _, tool := range list.Tools {
		if tool.OutputSchema == nil {
			t.Fatalf("%s lists no output schema", tool.Name)
		}
		data, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
		rs, err := s.Resolve(nil)
		if err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
		out[tool.Name] = rs
	}
	listedOutputs.Store(cs, out)
	return out
}

// checkOutput fails the test when a result does not validate against its
// tool's listed output schema.
func checkOutput(t testing.TB, cs *mcp.ClientSession, tool string, res *mcp.CallToolResult) {
	t.Helper()
	rs, ok := outputSchemas(t, cs)[tool]
	if !ok {
		return // not listed to this session: the call was refused
	}
	data, _ := json.Marshal(res.StructuredContent)
	var instance any
	if err := json.Unmarshal(data, &instance); err != nil {
		t.Fatalf("%s: structured content: %v", tool, err)
	}
	if err := rs.Validate(instance); err != nil {
		t.Errorf("%s: the result does not match its output schema: %v\n%.2000s", tool, err, data)
	}
}

// TestOutputSchemas: through the real client and browser, every tool lists
// an output schema, and results that succeed and fail validate against
// theirs (every other test's results are checked too, by call).
func TestOutputSchemas(t *testing.T) {
	bs := shared(t)
	schemas := outputSchemas(t, bs.session)
	// login is listed only under a profile with credentials (TestLogin's
	// results are checked through call too).
	for _, want := range []string{"observe", "act", "read", "navigate", "tabs", "dialog", "screenshot", "downloads", "handoff"} {
		if schemas[want] == nil {
			t.Errorf("tools/list has no output schema for %s", want)
		}
	}
	open := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	tab, _ := open.Server["tab_id"].(string)
	defer bs.call("tabs", map[string]any{"action": "close", "tab_id": tab})
	obs := bs.mustOK("observe", map[string]any{"tab_id": tab})
	bs.mustOK("read", map[string]any{"tab_id": tab, "snapshot_id": obs.Server["snapshot_id"]})
	bs.mustOK("act", map[string]any{"tab_id": tab, "snapshot_id": obs.Server["snapshot_id"], "observe": "changes",
		"steps": []map[string]any{{"action": "scroll", "dy": 100}}})
	if env := bs.call("act", map[string]any{"tab_id": tab, "snapshot_id": "0123", "steps": []map[string]any{{"action": "click", "mark": 1}}}); env.OK {
		t.Error("an act on a snapshot that never was succeeded")
	}
	if env := bs.call("navigate", map[string]any{"tab_id": tab, "url": "ftp://example.test/"}); env.OK {
		t.Error("navigate to ftp succeeded")
	}
	bs.mustOK("downloads", map[string]any{"action": "list"})
}
