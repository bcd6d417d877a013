package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// peer is another browser MCP server, started from e2e/bench/peers (pinned
// npm dev dependencies of the benchmark, not of Diwall) on the machine's
// Chromium, and driven by the same go-sdk client as Diwall.
type peer struct {
	name     string
	session  *mcp.ClientSession
	snapshot string         // the tool that returns the page as text
	shot     string         // the tool that returns an image of the viewport
	shotArgs map[string]any // its arguments
	navigate func(url string) (string, map[string]any)
}

// chromium is the browser every side of the benchmarks runs.
const chromium = "/usr/lib/chromium/chromium"

// startPeers starts Playwright MCP and Chrome DevTools MCP, headless, with
// a viewport of width x height CSS pixels; the caller closes them.
func startPeers(t testing.TB, width, height int) []*peer {
	t.Helper()
	dir, err := filepath.Abs("bench/peers/node_modules/.bin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "playwright-mcp")); err != nil {
		t.Fatalf("the peers are not installed: run `npm ci` in e2e/bench/peers (make bench-peers does): %v", err)
	}
	size := fmt.Sprintf("%dx%d", width, height)
	pw := startPeer(t, "playwright-mcp", filepath.Join(dir, "playwright-mcp"),
		"--headless", "--isolated", "--no-sandbox", "--executable-path", chromium, "--viewport-size", size,
		"--image-responses", "allow", "--output-dir", t.TempDir())
	pw.snapshot, pw.shot, pw.shotArgs = "browser_snapshot", "browser_take_screenshot", map[string]any{"type": "png"}
	pw.navigate = func(url string) (string, map[string]any) {
		return "browser_navigate", map[string]any{"url": url}
	}
	cd := startPeer(t, "chrome-devtools-mcp", filepath.Join(dir, "chrome-devtools-mcp"),
		"--headless", "--isolated", "--executablePath", chromium, "--viewport", size,
		"--chromeArg=--no-sandbox", "--no-usage-statistics", "--no-performance-crux", "--no-page-id-routing")
	cd.snapshot, cd.shot, cd.shotArgs = "take_snapshot", "take_screenshot", map[string]any{"format": "png"}
	cd.navigate = func(url string) (string, map[string]any) {
		return "navigate_page", map[string]any{"type": "url", "url": url}
	}
	return []*peer{pw, cd}
}

func startPeer(t testing.TB, name, bin string, args ...string) *peer {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(bin, args...)
	// No telemetry, no update checks, nothing outside the temp folder.
	cmd.Env = append(filteredEnviron("HOME", "TMPDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"),
		"HOME="+home, "TMPDIR="+home, "CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS=1", "CI=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	session, err := mcp.NewClient(&mcp.Implementation{Name: "diwall-bench", Version: "0"}, nil).
		Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("start %s: %v\n%s", name, err, stderr.String())
	}
	p := &peer{name: name, session: session}
	t.Cleanup(func() { session.Close() })
	return p
}

// peerResult is what one call of a peer's tool returned: its text, its
// image's bytes, and how long the call took as the client saw it.
type peerResult struct {
	text  string
	image []byte
	took  time.Duration
}

// call calls a tool of the peer and fails the test when it fails.
func (p *peer) call(t testing.TB, tool string, args map[string]any) peerResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	res, err := p.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	took := time.Since(start)
	if err != nil {
		t.Fatalf("%s %s: %v", p.name, tool, err)
	}
	var r peerResult
	r.took = took
	var texts []string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.TextContent:
			texts = append(texts, c.Text)
		case *mcp.ImageContent:
			r.image = c.Data
		}
	}
	r.text = strings.Join(texts, "\n")
	if res.IsError {
		t.Fatalf("%s %s failed: %s", p.name, tool, r.text)
	}
	return r
}

// open loads url in the peer's page.
func (p *peer) open(t testing.TB, url string) peerResult {
	t.Helper()
	tool, args := p.navigate(url)
	return p.call(t, tool, args)
}
