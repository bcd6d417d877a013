package e2e

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestPromptPortalNavigation: a client of diwall mcp lists the prompt
// portal-navigation with one line and no body, gets the procedure from
// prompts/get, and reads the same text as the resource
// diwall://skills/portal-navigation; the instructions point to both.
func TestPromptPortalNavigation(t *testing.T) {
	bs := shared(t)
	ctx := context.Background()
	const name, uri = "portal-navigation", "diwall://skills/portal-navigation"

	if init := bs.session.InitializeResult(); init == nil || !strings.Contains(init.Instructions, "prompt "+name) || !strings.Contains(init.Instructions, uri) {
		t.Error("the instructions do not point to the prompt and the resource")
	}

	prompts, err := bs.session.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var listed *mcp.Prompt
	for _, p := range prompts.Prompts {
		if p.Name == name {
			listed = p
		}
	}
	if listed == nil {
		t.Fatalf("prompts/list has no %s: %+v", name, prompts.Prompts)
	}
	data, _ := json.Marshal(prompts.Prompts)
	t.Logf("prompts/list: %d bytes", len(data))
	if listed.Description == "" || strings.Contains(listed.Description, "\n") || len(data) > 400 {
		t.Errorf("prompts/list is not one cheap line: %s", data)
	}

	got, err := bs.session.GetPrompt(ctx, &mcp.GetPromptParams{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Messages) != 1 {
		t.Fatalf("prompts/get: %d messages, want 1", len(got.Messages))
	}
	text, ok := got.Messages[0].Content.(*mcp.TextContent)
	if !ok {
		t.Fatalf("prompts/get: content %T, want text", got.Messages[0].Content)
	}
	for _, want := range []string{"# Portal navigation", "| `snapshot_stale` |", "| `person_unavailable` |", "`handoff {reason, tab_id?}`", "`downloads {action: \"read\""} {
		if !strings.Contains(text.Text, want) {
			t.Errorf("the procedure lacks %q", want)
		}
	}
	if len(text.Text) < 10*len(data) {
		t.Errorf("the procedure is %d bytes, hardly longer than the list (%d)", len(text.Text), len(data))
	}

	resources, err := bs.session.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range resources.Resources {
		if r.URI == uri {
			found = true
			if r.MIMEType != "text/markdown" {
				t.Errorf("resource %s has type %q, want text/markdown", uri, r.MIMEType)
			}
		}
	}
	if !found {
		t.Fatalf("resources/list has no %s: %+v", uri, resources.Resources)
	}
	read, err := bs.session.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Contents) != 1 || read.Contents[0].Text != text.Text || read.Contents[0].MIMEType != "text/markdown" {
		t.Errorf("resources/read of %s is not the prompt's text: %d contents", uri, len(read.Contents))
	}
	if _, err := bs.session.ReadResource(ctx, &mcp.ReadResourceParams{URI: "diwall://skills/no-such-skill"}); err == nil {
		t.Error("resources/read of an unknown resource succeeded")
	}
}
