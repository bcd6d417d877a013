package mcpbridge

import (
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/skill"
)

// TestBridgeServesThePortalProcedure: diwall mcp lists and serves the
// procedure itself, with no host behind it.
func TestBridgeServesThePortalProcedure(t *testing.T) {
	cs := startBridge(t, filepath.Join(t.TempDir(), "no-host.sock"))
	prompts, err := cs.ListPrompts(t.Context(), nil)
	if err != nil || len(prompts.Prompts) != 1 || prompts.Prompts[0].Name != skill.Name || prompts.Prompts[0].Description != skill.Description {
		t.Fatalf("prompts/list: %+v, %v", prompts, err)
	}
	got, err := cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: skill.Name})
	if err != nil || len(got.Messages) != 1 || got.Messages[0].Content.(*mcp.TextContent).Text != skill.Text {
		t.Fatalf("prompts/get: %+v, %v", got, err)
	}
	resources, err := cs.ListResources(t.Context(), nil)
	if err != nil || len(resources.Resources) != 1 || resources.Resources[0].URI != skill.URI {
		t.Fatalf("resources/list: %+v, %v", resources, err)
	}
	read, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: skill.URI})
	if err != nil || len(read.Contents) != 1 || read.Contents[0].Text != skill.Text || read.Contents[0].MIMEType != "text/markdown" {
		t.Fatalf("resources/read: %+v, %v", read, err)
	}
}
