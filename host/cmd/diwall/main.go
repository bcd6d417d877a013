// Command diwall is the Diwall native-messaging host and MCP server. See
// `diwall help`.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/diwall/diwall/host/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, os.Args[1:], cli.Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(code)
}
