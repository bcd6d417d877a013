package tools

import (
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/internal/policy"
)

// Every result a test of this package gets (callJSON) is checked against
// its tool's listed output schema; once every test has run, each tool must
// have had a result that succeeded and one that failed checked so.

var (
	resolvedOutputs = sync.OnceValue(func() map[string]*jsonschema.Resolved {
		out := map[string]*jsonschema.Resolved{}
		for _, tool := range Definitions() {
			rs, err := tool.OutputSchema.(*jsonschema.Schema).Resolve(nil)
			if err != nil {
				panic(fmt.Sprintf("%s: %v", tool.Name, err))
			}
			out[tool.Name] = rs
		}
		return out
	})
	checkedMu sync.Mutex
	checked   = map[string]map[bool]bool{} // tool -> ok -> a result was checked
)

// checkOutput fails the test when a tool's result does not validate
// against its output schema, or its text is not its structured content.
func checkOutput(t *testing.T, tool string, res *mcp.CallToolResult) {
	t.Helper()
	rs, ok := resolvedOutputs()[tool]
	if !ok {
		return // no such tool: the call was refused
	}
	data, _ := json.Marshal(res.StructuredContent)
	var instance any
	if err := json.Unmarshal(data, &instance); err != nil {
		t.Fatalf("%s: structured content: %v", tool, err)
	}
	if err := rs.Validate(instance); err != nil {
		t.Errorf("%s: the result does not match its output schema: %v\n%s", tool, err, data)
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s: the first block is not text", tool)
	}
	fromText, err := readTextBlock(text.Text)
	if want := asText(t, instance); err != nil || !reflect.DeepEqual(any(fromText), want) {
		got, _ := json.Marshal(fromText)
		wantJSON, _ := json.Marshal(want)
		t.Errorf("%s: the text block is not the structured content as the model reads it (its line lists after the JSON, an observation's elements as lines, the server part without its defaults): %v\n%s\nwant\n%s", tool, err, got, wantJSON)
	}
	checkedMu.Lock()
	defer checkedMu.Unlock()
	if checked[tool] == nil {
		checked[tool] = map[bool]bool{}
	}
	checked[tool][!res.IsError] = true
}

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code == 0 && flag.Lookup("test.run").Value.String() == "" && !testing.Short() {
		for _, tool := range Definitions() {
			for _, ok := range []bool{true, false} {
				if !checked[tool.Name][ok] && !(ok && tool.Name == "login") {
					fmt.Fprintf(os.Stderr, "FAIL: no test checked a result of %s with ok=%v against its output schema\n", tool.Name, ok)
					code = 1
				}
			}
		}
	}
	os.Exit(code)
}

// TestEveryToolListsAnOutputSchema: tools/list gives every tool an output
// schema of the envelope.
func TestEveryToolListsAnOutputSchema(t *testing.T) {
	cs := connect(t)
	list, err := cs.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		s, _ := json.Marshal(tool.OutputSchema)
		var schema struct {
			Type       string         `json:"type"`
			Properties map[string]any `json:"properties"`
			Required   []string       `json:"required"`
		}
		if err := json.Unmarshal(s, &schema); err != nil {
			t.Fatalf("%s: output schema: %v", tool.Name, err)
		}
		if schema.Type != "object" || !slices.Equal(schema.Required, []string{"ok", "server", "page_content"}) || len(schema.Properties) != 3 {
			t.Errorf("%s: output schema %s", tool.Name, s)
		}
	}
}

// sink is an operator interface that takes screen commands and keeps
// nothing.
type sink struct{}

func (sink) Send(operator.Event) {}

type oneCredential struct{}

func (oneCredential) Entry(id string) (vault.Entry, error) {
	return vault.Entry{ID: id, Origins: []string{"https://a.test"}, Store: vault.StoreFile}, nil
}

func (oneCredential) Secret(string) (vault.Secret, error) {
	return vault.Secret{Username: "ada@a.test", Password: "pw-5521"}, nil
}

// TestResultsOfTheRareToolsMatchTheirSchemas: the tools the other tests
// see fail only (screen, handoff, login) succeed here, and their results
// are checked against their output schemas by callJSON.
func TestResultsOfTheRareToolsMatchTheirSchemas(t *testing.T) {
	hub := operator.New(slog.New(slog.DiscardHandler), nil)
	a := hub.Attach(sink{}, "test")
	defer a.Close()
	if err := a.Receive(t.Context(), operator.Message{Type: operator.MessageHello, Capabilities: []string{operator.CapabilityUICommands}}); err != nil {
		t.Fatal(err)
	}
	w := newWorldWith(t, "https://a.test/", func(o *Options) {
		o.Operator = hub
		o.Profile.OperatorWrite = true
		o.Profile.Credentials = []string{"work"}
		o.Vault = oneCredential{}
	})
	ui := serve(t, New(w.b, slog.New(slog.DiscardHandler), hosting(w.b, w.ext, &Options{Profile: func() policy.Profile {
		p := policy.Launch()
		p.OperatorWrite = true
		return p
	}(), Operator: hub})), map[string]any{SessionCapability: SessionHello{Key: sessionKey}, operator.CapabilityUICommands: map[string]any{}})
	if env, _ := callJSON(t, ui, "screen", map[string]any{"action": "sidebar_show"}); env["ok"] != true {
		t.Errorf("screen: %v", env)
	}

	go func() {
		for !hub.AnswerHandoff(sessionKey, operator.HandoffDone, "test") {
			time.Sleep(5 * time.Millisecond)
		}
	}()
	if ok, server, _, _ := w.call(t, "handoff", map[string]any{"reason": "solve the captcha"}); !ok || server["outcome"] != "done" {
		t.Errorf("handoff: %v", server)
	}
	if _, server, _, _ := w.call(t, "login", map[string]any{"credential_id": "work"}); server["observation"] == nil {
		t.Errorf("login: %v", server)
	}
}

// TestOutputSchemasRefuseWrongResults: the schemas are no formality: a
// result that says less, more or otherwise than its tool's types fails.
func TestOutputSchemasRefuseWrongResults(t *testing.T) {
	rs := resolvedOutputs()["tabs"]
	base := `"tool":"tabs","operation_id":"0123","notices":[]`
	for _, c := range []struct {
		env   string
		valid bool
	}{
		{`{"ok":true,"server":{` + base + `,"tabs":[],"selected":"ab"},"page_content":{"tabs":[]}}`, true},
		{`{"ok":false,"server":{` + base + `,"error":{"code":"tab_gone","message":"m","retryable":false}},"page_content":{}}`, true},
		{`{"ok":false,"server":{` + base + `,"origin":"https://b.test","error":{"code":"x","message":"m","retryable":false}},"page_content":{}}`, true},
		{`{"ok":true,"server":{` + base + `,"tabs":[]},"page_content":{"downloads":[{"download_id":"d","suggested_name":"a.csv"}]}}`, true},
		// ok without its fields, an error on success, a failure without one
		{`{"ok":true,"server":{` + base + `},"page_content":{}}`, false},
		{`{"ok":true,"server":{` + base + `,"tabs":[],"error":{"code":"x","message":"m","retryable":false}},"page_content":{"tabs":[]}}`, false},
		{`{"ok":false,"server":{` + base + `,"tabs":[]},"page_content":{"tabs":[]}}`, false},
		// a field no type has, a page field in server, a wrong type
		{`{"ok":true,"server":{` + base + `,"tabs":[],"secret":"x"},"page_content":{"tabs":[]}}`, false},
		{`{"ok":true,"server":{` + base + `,"tabs":[],"title":"Page"},"page_content":{"tabs":[]}}`, false},
		{`{"ok":true,"server":{` + base + `,"tabs":"none"},"page_content":{"tabs":[]}}`, false},
		{`{"ok":true,"server":{` + base + `,"tabs":[]},"page_content":{"tabs":[{"tab_id":"a","url":1,"title":""}]}}`, false},
		{`{"ok":true,"server":{` + base + `,"tabs":[]}}`, false},
	} {
		var instance any
		if err := json.Unmarshal([]byte(c.env), &instance); err != nil {
			t.Fatal(err)
		}
		if err := rs.Validate(instance); (err == nil) != c.valid {
			t.Errorf("%s: valid=%v, want %v (%v)", c.env, err == nil, c.valid, err)
		}
	}
}

// asText is a structured envelope as its text block gives it: the
// elements of an observation (page_content's, or its observation's) are
// the lines observe.ElementLines writes, an act's observation leaves out
// the act's title and URL, and the server part is serverAsText's.
func asText(t *testing.T, instance any) any {
	env, ok := instance.(map[string]any)
	if !ok {
		return instance
	}
	if server, ok := env["server"].(map[string]any); ok {
		env["server"] = serverAsText(server)
	}
	page, _ := env["page_content"].(map[string]any)
	if obs := nested(page, "observation"); obs != nil {
		for _, k := range []string{"title", "url"} {
			if obs[k] == page[k] {
				delete(obs, k)
			}
		}
	}
	for _, obs := range []map[string]any{page, nested(page, "observation")} {
		if obs == nil || obs["elements"] == nil || obs["tree"] == nil {
			continue
		}
		var tree []string
		var elements []observe.Element
		data, _ := json.Marshal(obs["tree"])
		if err := json.Unmarshal(data, &tree); err != nil {
			t.Fatal(err)
		}
		data, _ = json.Marshal(obs["elements"])
		if err := json.Unmarshal(data, &elements); err != nil {
			t.Fatal(err)
		}
		delete(obs, "elements")
		if lines := observe.ElementLines(tree, elements); len(lines) > 0 {
			obs["elements"] = toAny(lines)
		}
	}
	// Empty line lists are left out, and an observation left with nothing.
	for _, o := range []map[string]any{page, nested(page, "observation")} {
		for _, k := range []string{"tree", "lines"} {
			if l, ok := o[k].([]any); ok && len(l) == 0 {
				delete(o, k)
			}
		}
	}
	if obs := nested(page, "observation"); obs != nil && len(obs) == 0 {
		delete(page, "observation")
	}
	return env
}

// serverAsText is a structured server part as the text block gives it,
// written here apart from textserver.go: no field at its default (false,
// 0, "", [], {}) but ok and notices, error kept whole, no loader_id, no image that is
// the viewport at scale 1, the observation
// without what repeats the server part's own fields, and each run of steps
// alike but for their number as one step numbered "first-last".
func serverAsText(server map[string]any) map[string]any {
	out := withoutDefaults(server).(map[string]any)
	withoutPlainImageOf(out)
	if obs, ok := out["observation"].(map[string]any); ok {
		withoutPlainImageOf(obs)
		for k, v := range obs {
			if p, ok := out[k]; ok && reflect.DeepEqual(p, v) {
				delete(obs, k)
			}
		}
	}
	return out
}

// withoutPlainImageOf deletes o's image when it is o's viewport at scale 1.
func withoutPlainImageOf(o map[string]any) {
	image, _ := o["image"].(map[string]any)
	viewport, _ := o["viewport"].(map[string]any)
	if image != nil && viewport != nil && len(image) == 3 && image["scale"] == 1.0 &&
		image["width"] == viewport["width"] && image["height"] == viewport["height"] {
		delete(o, "image")
	}
}

func withoutDefaults(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k == "ok" || k == "error" || k == "notices" {
				out[k] = e
				continue
			}
			if k == "loader_id" {
				continue
			}
			e = withoutDefaults(e)
			if list, ok := e.([]any); ok && k == "steps" {
				e = joinedSteps(list)
			}
			switch d := e.(type) {
			case bool:
				if !d {
					continue
				}
			case float64:
				if d == 0 {
					continue
				}
			case string:
				if d == "" {
					continue
				}
			case []any:
				if len(d) == 0 {
					continue
				}
			case map[string]any:
				if len(d) == 0 {
					continue
				}
			case nil:
				continue
			}
			out[k] = e
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutDefaults(e)
		}
		return out
	}
	return v
}

func joinedSteps(steps []any) []any {
	var out []any
	for i := 0; i < len(steps); {
		j := i + 1
		for j < len(steps) && alike(steps[i], steps[j], j-i) {
			j++
		}
		if j-i == 1 {
			out = append(out, steps[i])
		} else {
			first := steps[i].(map[string]any)
			joined := map[string]any{}
			for k, v := range first {
				joined[k] = v
			}
			joined["step"] = fmt.Sprintf("%v-%v", first["step"], first["step"].(float64)+float64(j-i-1))
			out = append(out, joined)
		}
		i = j
	}
	return out
}

// alike reports whether step b is step a but for its number, d after it.
func alike(a, b any, d int) bool {
	x, ok1 := a.(map[string]any)
	y, ok2 := b.(map[string]any)
	if !ok1 || !ok2 || len(x) != len(y) {
		return false
	}
	n, ok := x["step"].(float64)
	if !ok || y["step"] != n+float64(d) {
		return false
	}
	for k, v := range x {
		if k != "step" && !reflect.DeepEqual(v, y[k]) {
			return false
		}
	}
	return true
}

func nested(m map[string]any, key string) map[string]any {
	if m == nil {
		return nil
	}
	v, _ := m[key].(map[string]any)
	return v
}

func toAny(lines []string) []any {
	out := make([]any, len(lines))
	for i, l := range lines {
		out[i] = l
	}
	return out
}
