// Package skill holds the procedures too long for the server instructions
// (docs/contract.md §10), which a model loads on demand: today one, portal-navigation,
// a Markdown text embedded in the binary. Register offers it to MCP clients
// as a prompt and as a resource; Export writes it as an agent-skill folder.
// The text is static and carries no authority: it says how to use the
// tools, and grants nothing.
package skill

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Text is the portal-navigation procedure, in Markdown.
//
//go:embed portal-navigation.md
var Text string

const (
	// Name is the procedure's name: the MCP prompt's, and the skill
	// folder's.
	Name = "portal-navigation"
	// Title is its name for people.
	Title = "Portal navigation"
	// Description is the one line prompts/list and resources/list carry.
	Description = "How to carry out a long errand on a web portal with Diwall's tools (recognising pages, forms that change, pagination, faithful extraction, recovery from every error code, when to ask the person)."
	// URI is the resource that holds the same text.
	URI = "diwall://skills/" + Name
	// MIMEType is the resource's type.
	MIMEType = "text/markdown"
)

// Register offers the procedure on server: the prompt Name and the
// resource URI. The host's server and `diwall mcp` both call it.
func Register(server *mcp.Server) {
	server.AddPrompt(&mcp.Prompt{Name: Name, Title: Title, Description: Description},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{
				Description: Description,
				Messages:    []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: Text}}},
			}, nil
		})
	server.AddResource(&mcp.Resource{URI: URI, Name: Name, Title: Title, Description: Description,
		MIMEType: MIMEType, Size: int64(len(Text))},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{
				Contents: []*mcp.ResourceContents{{URI: URI, MIMEType: MIMEType, Text: Text}},
			}, nil
		})
}

// File is the procedure as an agent skill's SKILL.md: YAML front matter
// with its name and description, then the text.
func File() []byte {
	return []byte("---\nname: " + Name + "\ndescription: " + Description + "\n---\n\n" + Text)
}

// ErrExists is the refusal to overwrite a SKILL.md without force.
var ErrExists = errors.New("already exists")

// Export writes File to dir/Name/SKILL.md, making the folders it needs, and
// returns the file's path. An existing SKILL.md is overwritten only with
// force.
func Export(dir string, force bool) (string, error) {
	folder := filepath.Join(dir, Name)
	path := filepath.Join(folder, "SKILL.md")
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return path, fmt.Errorf("cannot make the folder %s: %w", folder, unwrapPath(err))
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if !force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_EXCL
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return path, fmt.Errorf("%s %w; give --force to overwrite it", path, ErrExists)
	}
	if err != nil {
		return path, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	_, err = f.Write(File())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return path, fmt.Errorf("cannot write %s: %w", path, unwrapPath(err))
	}
	return path, nil
}

// unwrapPath drops the path an *fs.PathError repeats, which the message
// already names.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
