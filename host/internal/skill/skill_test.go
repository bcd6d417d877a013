package skill

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// recoveryRow is a row of the recovery table: its first cell is one
// backticked code.
var recoveryRow = regexp.MustCompile("^\\| `([^`]+)` \\|")

// TestRecoveryTableHasEveryCode: the recovery table has one row for each
// code of toolerr.Codes, and none for a code that does not exist.
func TestRecoveryTableHasEveryCode(t *testing.T) {
	start := strings.Index(Text, "\n## 8. Recovering from errors\n")
	if start < 0 {
		t.Fatal("the text has no section 8. Recovering from errors")
	}
	section := Text[start+1:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	rows := map[string]int{}
	for line := range strings.Lines(section) {
		if m := recoveryRow.FindStringSubmatch(line); m != nil {
			rows[m[1]]++
		}
	}
	known := map[string]bool{}
	for _, c := range toolerr.Codes {
		known[string(c)] = true
		switch rows[string(c)] {
		case 1:
		case 0:
			t.Errorf("the recovery table has no row for %s", c)
		default:
			t.Errorf("the recovery table has %d rows for %s", rows[string(c)], c)
		}
	}
	for code := range rows {
		if !known[code] {
			t.Errorf("the recovery table has a row for %q, which is not in toolerr.Codes", code)
		}
	}
}

// TestTextNamesTheTools: the procedure is written for Diwall's own tools.
func TestTextNamesTheTools(t *testing.T) {
	for _, tool := range []string{"observe", "act", "read", "navigate", "tabs", "dialog", "login", "screenshot", "screen", "downloads", "handoff"} {
		if !strings.Contains(Text, "`"+tool) {
			t.Errorf("the text never names the tool %s", tool)
		}
	}
	for _, want := range []string{"captcha_pending", "mfa_required", "person_unavailable", "`done`", "`declined`", "`timed_out`"} {
		if !strings.Contains(Text, want) {
			t.Errorf("the text lacks %s", want)
		}
	}
}

// connect serves a server with only Register's prompt and resource over
// in-memory transports and returns a client session.
func connect(t *testing.T) *mcp.ClientSession {
	t.Helper()
	server := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "0"}, nil)
	Register(server)
	st, ct := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "client", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		if err := ss.Wait(); err != nil {
			t.Fatal(err)
		}
	})
	return cs
}

// TestPromptListIsCheap: prompts/list carries the name and the one-line
// description, not the procedure.
func TestPromptListIsCheap(t *testing.T) {
	cs := connect(t)
	list, err := cs.ListPrompts(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Prompts) != 1 {
		t.Fatalf("prompts/list: %d prompts, want 1", len(list.Prompts))
	}
	p := list.Prompts[0]
	if p.Name != Name || p.Description != Description || len(p.Arguments) != 0 {
		t.Errorf("prompt %+v, want %s with its description and no arguments", p, Name)
	}
	if strings.Contains(Description, "\n") || len(Description) > 240 {
		t.Errorf("the description is not one short line: %q", Description)
	}
	data, _ := json.Marshal(list.Prompts)
	t.Logf("prompts/list: %d bytes; the procedure: %d bytes", len(data), len(Text))
	if len(data) > 400 {
		t.Errorf("prompts/list carries %d bytes, over 400: %s", len(data), data)
	}
}

// TestPromptGetReturnsTheText: prompts/get gives the procedure as one
// user message.
func TestPromptGetReturnsTheText(t *testing.T) {
	cs := connect(t)
	res, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: Name})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Messages) != 1 || res.Messages[0].Role != "user" {
		t.Fatalf("prompts/get: %+v, want one user message", res.Messages)
	}
	text, ok := res.Messages[0].Content.(*mcp.TextContent)
	if !ok || text.Text != Text {
		t.Errorf("prompts/get: content %#v, want the procedure", res.Messages[0].Content)
	}
	if _, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "no-such-prompt"}); err == nil {
		t.Error("prompts/get of an unknown prompt succeeded")
	}
}

// TestResourceReadReturnsTheText: the same text is listed as a resource and
// read as Markdown.
func TestResourceReadReturnsTheText(t *testing.T) {
	cs := connect(t)
	list, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Resources) != 1 || list.Resources[0].URI != URI || list.Resources[0].MIMEType != MIMEType {
		t.Fatalf("resources/list: %+v, want %s (%s)", list.Resources, URI, MIMEType)
	}
	res, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: URI})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Contents) != 1 || res.Contents[0].Text != Text || res.Contents[0].MIMEType != MIMEType || res.Contents[0].URI != URI {
		t.Errorf("resources/read: %+v, want the procedure", res.Contents)
	}
}

// frontMatter splits a SKILL.md into its front matter's keys and its body.
func frontMatter(t *testing.T, data string) (map[string]string, string) {
	t.Helper()
	rest, ok := strings.CutPrefix(data, "---\n")
	if !ok {
		t.Fatalf("SKILL.md does not begin with ---: %.40q", data)
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		t.Fatal("SKILL.md's front matter does not end")
	}
	keys := map[string]string{}
	for line := range strings.Lines(head) {
		k, v, ok := strings.Cut(strings.TrimSuffix(line, "\n"), ": ")
		if !ok {
			t.Fatalf("front matter line %q is not key: value", line)
		}
		// A plain YAML scalar must not hold ": " or " #", nor begin with
		// a quote or an indicator.
		if strings.Contains(v, ": ") || strings.Contains(v, " #") || strings.ContainsAny(v[:1], "\"'&*!|>%@`{[,-?:#") {
			t.Errorf("front matter %s is not a plain YAML scalar: %q", k, v)
		}
		keys[k] = v
	}
	return keys, body
}

// TestExport: the SKILL.md has the front matter and the procedure; a second
// export is refused unless forced.
func TestExport(t *testing.T) {
	dir := t.TempDir()
	path, err := Export(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "portal-navigation", "SKILL.md"); path != want {
		t.Errorf("path %s, want %s", path, want)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	keys, body := frontMatter(t, string(data))
	if len(keys) != 2 || keys["name"] != "portal-navigation" || keys["description"] != Description {
		t.Errorf("front matter %q, want name and description", keys)
	}
	if strings.TrimLeft(body, "\n") != Text {
		t.Error("SKILL.md's body is not the procedure")
	}

	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Export(dir, false); !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "--force") {
		t.Errorf("export over an existing SKILL.md: %v, want a refusal that names --force", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "mine" {
		t.Errorf("the refused export changed SKILL.md: %.40q", data)
	}
	if _, err := Export(dir, true); err != nil {
		t.Fatalf("forced export: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != string(File()) {
		t.Error("the forced export did not overwrite SKILL.md")
	}
}

// TestExportIntoAFile: a folder that is a file is a clear error.
func TestExportIntoAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Export(file, false)
	if err == nil || !strings.Contains(err.Error(), "cannot make the folder "+filepath.Join(file, Name)) {
		t.Errorf("export into a file: %v", err)
	}
}
