package tools

import (
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/randid"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// Envelope is every tool result (docs/contract.md §2): what the server asserts under
// Server, everything the page wrote under PageContent.
type Envelope struct {
	OK     bool       `json:"ok"`
	Server serverPart `json:"server"`
	// PageContent is the call's pageContent, with the downloads it
	// reports beside it (withDownloads).
	PageContent any `json:"page_content"`
}

// Base is the part of `server` every result has. Tool-specific server
// structs embed it.
type Base struct {
	Tool        string     `json:"tool"`
	OperationID string     `json:"operation_id"`
	Notices     []string   `json:"notices"`
	TabID       string     `json:"tab_id,omitempty"`
	Error       *ToolError `json:"error,omitempty"`
	// Downloads are the session's downloads not yet reported: those the
	// call started, and any that began since the session's last result.
	Downloads []DownloadInfo `json:"downloads,omitempty"`
}

// ToolError is the `server.error` of a failed call.
type ToolError struct {
	Code      toolerr.Code `json:"code"`
	Message   string       `json:"message"`
	Retryable bool         `json:"retryable"`
}

// Notice adds a server notice.
func (b *Base) Notice(text string) { b.Notices = append(b.Notices, text) }

// NewOperationID returns a fresh random operation id.
func NewOperationID() string { return randid.New() }

// empty is the page_content of a result the page contributed nothing to.
var empty = struct{}{}

// ErrorResult builds the result of a failed call that reached no tool
// code: the browser is missing, the arguments are wrong.
func ErrorResult(tool string, code toolerr.Code, message string) *mcp.CallToolResult {
	b := &Base{Tool: tool, OperationID: NewOperationID(), Notices: []string{}}
	b.Error = &ToolError{Code: code, Message: message, Retryable: code.Retryable()}
	return toResult(Envelope{OK: false, Server: b, PageContent: empty}, nil)
}

// toResult turns an envelope into an MCP result: structured content, the
// same envelope as one text block (as the model reads it: an
// observation's elements as lines, textform.go, and the server part
// without what tells it nothing, textserver.go), then any images.
func toResult(env Envelope, images []*mcp.ImageContent) *mcp.CallToolResult {
	if env.PageContent == nil {
		env.PageContent = empty
	}
	data := encodeEnvelope(env)
	res := &mcp.CallToolResult{
		Content:           []mcp.Content{&mcp.TextContent{Text: encodeText(env)}},
		StructuredContent: json.RawMessage(data),
		IsError:           !env.OK,
	}
	for _, img := range images {
		res.Content = append(res.Content, img)
	}
	return res
}

// encodeText is env as the text block gives it (textform.go), or its
// structured form when it cannot be encoded so.
func encodeText(env Envelope) string {
	server, err := json.Marshal(env.Server)
	if err != nil {
		return string(encodeEnvelope(env))
	}
	page, blocks := textForm(env.PageContent)
	text, err := json.Marshal(textEnvelope{OK: env.OK, Server: textServer(server), PageContent: page})
	if err != nil {
		return string(encodeEnvelope(env))
	}
	var b strings.Builder
	b.Write(text)
	writeBlocks(&b, blocks)
	return b.String()
}

// textEnvelope is the envelope of the text block, its server part
// already written.
type textEnvelope struct {
	OK          bool            `json:"ok"`
	Server      json.RawMessage `json:"server"`
	PageContent any             `json:"page_content"`
}

// encodeEnvelope is env as JSON, or an internal error when it cannot be.
func encodeEnvelope(env Envelope) []byte {
	data, err := json.Marshal(env)
	if err != nil {
		return []byte(`{"ok":false,"server":{"error":{"code":"internal","message":"result could not be encoded","retryable":false}},"page_content":{}}`)
	}
	return data
}
