package tools

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// A panic while a request is served (a bug of Diwall's) must not end the
// program: go-sdk recovers none, and the host serves every session and the
// browser, `diwall mcp` its client. recoverPanics answers the request that
// panicked (a tools/call with an internal error result, any other method
// with a JSON-RPC internal error), logs the stack, and lets the session go
// on. NewMCPServer puts it outermost, around every method.
func recoverPanics(log *slog.Logger) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (res mcp.Result, err error) {
			defer func() {
				p := recover()
				if p == nil {
					return
				}
				tool := ""
				if call, ok := req.(*mcp.CallToolRequest); ok && call.Params != nil {
					tool = call.Params.Name
				}
				log.Error("panic while serving a request; the session goes on", "method", method, "tool", tool,
					"panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if method == "tools/call" {
					res, err = ErrorResult(tool, toolerr.CodeInternal, panicMessage), nil
					return
				}
				res, err = nil, &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "internal error: " + panicMessage}
			}()
			return next(ctx, method, req)
		}
	}
}

// panicMessage is what the model reads of a call that panicked.
const panicMessage = "Diwall failed inside this call (a bug; its log has the details). Try again; if it fails the same way, tell the person."
