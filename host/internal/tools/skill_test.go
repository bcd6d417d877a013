package tools

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/skill"
)

// TestServerOffersThePortalProcedure: the host's own server lists the
// procedure as a prompt and a resource, and its instructions point to it.
func TestServerOffersThePortalProcedure(t *testing.T) {
	cs := connect(t)
	prompts, err := cs.ListPrompts(t.Context(), nil)
	if err != nil || len(prompts.Prompts) != 1 || prompts.Prompts[0].Name != skill.Name {
		t.Fatalf("prompts/list: %+v, %v", prompts, err)
	}
	got, err := cs.GetPrompt(t.Context(), &mcp.GetPromptParams{Name: skill.Name})
	if err != nil || len(got.Messages) != 1 || got.Messages[0].Content.(*mcp.TextContent).Text != skill.Text {
		t.Fatalf("prompts/get: %+v, %v", got, err)
	}
	read, err := cs.ReadResource(t.Context(), &mcp.ReadResourceParams{URI: skill.URI})
	if err != nil || len(read.Contents) != 1 || read.Contents[0].Text != skill.Text {
		t.Fatalf("resources/read: %+v, %v", read, err)
	}
	for _, want := range []string{"prompt " + skill.Name, skill.URI} {
		if !strings.Contains(Instructions, want) {
			t.Errorf("the instructions do not mention %s", want)
		}
	}
}
