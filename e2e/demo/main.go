// Command demo runs Diwall's main job end to end on the embedded default: it
// serves a small page on 127.0.0.1, starts `diwall mcp --launch=headless`
// (headless Chromium with the extension) under a real MCP client, drives it,
// and prints each call and what came back.
//
//	go run ./e2e/demo -diwall bin/diwall
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Diwall demo: a shop</title></head>
<body><h1>Tea shop</h1><p>Green, black and oolong.</p><a href="/cart">Cart</a></body></html>`

const cart = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Diwall demo: cart</title></head>
<body><h1>Your cart</h1><p>Empty.</p></body></html>`

func main() {
	bin := flag.String("diwall", "bin/diwall", "the diwall binary")
	headful := flag.Bool("headful", false, "show the browser window")
	flag.Parse()
	if err := run(*bin, *headful); err != nil {
		fmt.Fprintln(os.Stderr, "demo:", err)
		os.Exit(1)
	}
}

func run(bin string, headful bool) error {
	abs, err := filepath.Abs(bin)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, page) })
	mux.HandleFunc("/cart", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, cart) })
	go http.Serve(ln, mux)
	site := "http://" + ln.Addr().String()

	home, err := os.MkdirTemp("", "diwall-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	mode := "--launch=headless"
	if headful {
		mode = "--launch"
	}
	cmd := exec.Command(abs, "mcp", mode)
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+home)
	cmd.Stderr = os.Stderr
	fmt.Printf("$ DIWALL_HOME=%s %s mcp %s\n", home, abs, mode)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	client := mcp.NewClient(&mcp.Implementation{Name: "diwall-demo", Version: "0"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		return fmt.Errorf("start diwall mcp: %w", err)
	}
	fmt.Printf("connected in %v: %s %s\n\n", time.Since(start).Round(time.Millisecond),
		session.InitializeResult().ServerInfo.Name, session.InitializeResult().ServerInfo.Version)

	tools, err := session.ListTools(ctx, nil)
	if err != nil {
		return err
	}
	fmt.Print("tools:")
	for _, t := range tools.Tools {
		fmt.Print(" ", t.Name)
	}
	fmt.Println()

	steps := []struct {
		tool string
		args map[string]any
	}{
		{"tabs", map[string]any{"action": "open", "url": site + "/"}},
		{"navigate", map[string]any{"url": site + "/cart"}},
		{"navigate", map[string]any{"action": "back"}},
		{"tabs", map[string]any{"action": "list"}},
		{"navigate", map[string]any{"url": "javascript:alert(1)"}},
	}
	for _, s := range steps {
		args, _ := json.Marshal(s.args)
		fmt.Printf("\n-> %s %s\n", s.tool, args)
		t0 := time.Now()
		res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: s.tool, Arguments: s.args})
		if err != nil {
			return fmt.Errorf("%s: %w", s.tool, err)
		}
		out, _ := json.MarshalIndent(res.StructuredContent, "   ", "  ")
		fmt.Printf("<- %v\n   %s\n", time.Since(t0).Round(time.Millisecond), out)
	}
	t0 := time.Now()
	if err := session.Close(); err != nil {
		return fmt.Errorf("close: %w", err)
	}
	fmt.Printf("\nclosed the client; diwall closed its browser in %v\n", time.Since(t0).Round(time.Millisecond))
	return nil
}
