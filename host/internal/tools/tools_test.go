package tools

import (
	"context"
	"encoding/json"
	"flag"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/browser"
)

var update = flag.Bool("update", false, "rewrite the tool snapshots in testdata/")

// TestToolSnapshots pins each tool's name, description, annotations and
// input schema, so that changes to what the model reads show up in review.
func TestToolSnapshots(t *testing.T) {
	for _, tool := range Definitions() {
		got, err := json.MarshalIndent(tool, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", tool.Name+".json")
		if *update {
			if err := os.WriteFile(path, append(got, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./host/internal/tools -update)", err)
		}
		if d := lineDiff(string(want), string(got)+"\n"); d != "" {
			t.Errorf("%s changed (-%s +now); review and run go test ./host/internal/tools -update\n%s", tool.Name, path, d)
		}
	}
}

func TestEveryToolIsDescribed(t *testing.T) {
	for _, tool := range Definitions() {
		a := tool.Annotations
		if tool.Description == "" || a == nil || a.Title == "" || a.DestructiveHint == nil || a.OpenWorldHint == nil {
			t.Errorf("%s: needs a description, a title and destructive/open-world hints", tool.Name)
		}
		schema, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Properties map[string]struct {
				Description string `json:"description"`
			} `json:"properties"`
			AdditionalProperties any `json:"additionalProperties"`
		}
		if err := json.Unmarshal(schema, &s); err != nil {
			t.Fatal(err)
		}
		for name, p := range s.Properties {
			if p.Description == "" {
				t.Errorf("%s.%s has no description", tool.Name, name)
			}
		}
	}
}

// TestToolListIsCheap pins what a model reads once: tools/list (every
// description and schema) and the server instructions together, estimated
// at 4 bytes per token, within 2,400 tokens for every client (2,000 before
// downloads and handoff, ~200 tokens each); screen, listed
// only to a client that announces ui-commands, adds at most 250 more.
// The output schemas are left out: clients hand a model a tool's name,
// description and input schema (the Messages and Responses APIs have no
// place for an output schema); they are logged, for the wire's cost.
func TestToolListIsCheap(t *testing.T) {
	var usual, screen []*mcp.Tool
	outputs := 0
	for _, tool := range Definitions() {
		out, _ := json.Marshal(tool.OutputSchema)
		outputs += len(out)
		t2 := *tool
		t2.OutputSchema = nil
		tool = &t2
		if tool.Name == "screen" {
			screen = append(screen, tool)
		} else {
			usual = append(usual, tool)
		}
	}
	data, err := json.Marshal(usual)
	if err != nil {
		t.Fatal(err)
	}
	extra, _ := json.Marshal(screen)
	tokens, screenTokens := (len(data)+len(Instructions))/4, len(extra)/4
	t.Logf("tools/list: %d bytes, instructions: %d bytes, ~%d tokens; screen: %d bytes, ~%d tokens; output schemas: %d bytes", len(data), len(Instructions), tokens, len(extra), screenTokens, outputs)
	if tokens > 2400 {
		t.Fatalf("tools/list and the instructions cost ~%d tokens, budget 2400", tokens)
	}
	if screenTokens > 250 {
		t.Fatalf("screen costs ~%d tokens, budget 250", screenTokens)
	}
}

// TestInstructionsCarryPortalGuidance: the seed's guidance for portals is
// in the instructions the model reads once.
func TestInstructionsCarryPortalGuidance(t *testing.T) {
	for _, want := range []string{"overlay first", "decline non-essential cookies", "resume the interrupted step",
		"session expired", "Never repeat a failed action the same way", "another element of the same role",
		"the menu instead of the shortcut", "the direct URL", "A click with no effect", "call handoff {reason}"} {
		if !strings.Contains(Instructions, want) {
			t.Errorf("the instructions lack %q", want)
		}
	}
}

// connect serves a Server with no tabs and returns a client session.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	b, err := browser.New(noExtension{}, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, New(b, slog.New(slog.DiscardHandler), hosting(b, noExtension{}, nil)), nil)
}

// noExtension answers every request as a browser with no tabs would.
type noExtension struct{}

func (noExtension) Call(context.Context, string, any, any) error { return nil }

func callJSON(t *testing.T, cs *mcp.ClientSession, tool string, args any) (map[string]any, *mcp.CallToolResult) {
	t.Helper()
	res, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	checkOutput(t, tool, res)
	data, _ := json.Marshal(res.StructuredContent)
	var env map[string]any
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	if len(env) != 3 {
		t.Fatalf("%s: envelope keys %v", tool, env)
	}
	return env, res
}

func TestEnvelopeOnSuccessAndFailure(t *testing.T) {
	cs := connect(t)
	env, res := callJSON(t, cs, "tabs", map[string]any{"action": "list"})
	if env["ok"] != true || res.IsError {
		t.Fatalf("list: %v", env)
	}
	server := env["server"].(map[string]any)
	if server["tool"] != "tabs" || len(server["operation_id"].(string)) != 32 || server["notices"] == nil {
		t.Fatalf("server = %v", server)
	}
	if tabs := server["tabs"].([]any); len(tabs) != 0 {
		t.Fatalf("tabs = %v", tabs)
	}

	env, res = callJSON(t, cs, "navigate", map[string]any{"action": "back"})
	if env["ok"] != false || !res.IsError {
		t.Fatalf("back with no tab: %v", env)
	}
	e := env["server"].(map[string]any)["error"].(map[string]any)
	if e["code"] != "tab_gone" || e["message"] == "" || e["retryable"] != false {
		t.Fatalf("error = %v", e)
	}
	if pc, ok := env["page_content"].(map[string]any); !ok || len(pc) != 0 {
		t.Fatalf("page_content of a failure = %v, want {}", env["page_content"])
	}
}

func TestBadArgumentsAreToolErrors(t *testing.T) {
	cs := connect(t)
	for _, args := range []any{
		map[string]any{"action": 7},
		map[string]any{"action": "list", "extra": true},
		map[string]any{},
		nil,
	} {
		env, _ := callJSON(t, cs, "tabs", args)
		code := env["server"].(map[string]any)["error"].(map[string]any)["code"]
		if env["ok"] != false || code != "invalid_argument" {
			t.Errorf("tabs %v: ok=%v code=%v", args, env["ok"], code)
		}
	}
	if _, err := cs.CallTool(t.Context(), &mcp.CallToolParams{Name: "teleport"}); err == nil {
		t.Error("an unknown tool did not fail")
	}
}

func TestErrorResult(t *testing.T) {
	res := ErrorResult("observe", "no_browser", "start the browser")
	var env struct {
		OK     bool           `json:"ok"`
		Server map[string]any `json:"server"`
	}
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	server := env.Server
	if env.OK || !res.IsError || server["tool"] != "observe" || server["error"].(map[string]any)["retryable"] != true {
		t.Fatalf("ErrorResult = %s", data)
	}
}
