package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/host/internal/mcpbridge"
	"github.com/diwall/diwall/host/internal/tools"
	"github.com/diwall/diwall/internal/paths"
)

// observeTimeout bounds the whole of `diwall observe`: start, load,
// observe.
const observeTimeout = 90 * time.Second

// observeFlags are the options of `diwall observe`.
type observeFlags struct {
	url, out, browser string
	json              bool
}

func parseObserveFlags(args []string, stderr io.Writer) (observeFlags, error) {
	var f observeFlags
	fs := flag.NewFlagSet("diwall observe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&f.out, "o", "marked.png", "where to write the marked image (PNG)")
	fs.BoolVar(&f.json, "json", false, "print the observation's JSON envelope, its structuredContent (the model's text gives the elements as lines)")
	fs.StringVar(&f.browser, "browser", "", "browser binary (default: Chromium, then Chrome)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: diwall observe URL [-o marked.png] [--json] [--browser PATH]")
		fs.PrintDefaults()
	}
	// The URL may come before or after the flags.
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			return f, err
		}
		if fs.NArg() == 0 {
			break
		}
		if f.url != "" {
			return f, fmt.Errorf("one URL only, not %q and %q", f.url, fs.Arg(0))
		}
		f.url, rest = fs.Arg(0), fs.Args()[1:]
	}
	if f.url == "" {
		fs.Usage()
		return f, errors.New("no URL given")
	}
	return f, checkPageURL(f.url)
}

// runObserve is `diwall observe URL`: what the model sees of a page, for a
// person. It checks the URL, launches the headless browser, loads the page
// and observes it once through the host's own observe tool (the very code
// path a model's call takes), writes the marked image, prints the page's
// HTTP status, the tree and the elements, and closes the browser.
func runObserve(ctx context.Context, args []string, stdio Stdio) int {
	f, err := parseObserveFlags(args, stdio.Err)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall observe:", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(ctx, observeTimeout)
	defer cancel()
	got, err := observeOnce(ctx, f)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall observe:", err)
		return 1
	}
	if len(got.png) > 0 {
		if err := os.WriteFile(f.out, got.png, 0o600); err != nil {
			fmt.Fprintln(stdio.Err, "diwall observe:", err)
			return 1
		}
	}
	if f.json {
		var v any
		if err := json.Unmarshal(got.env, &v); err != nil {
			fmt.Fprintln(stdio.Err, "diwall observe:", err)
			return 1
		}
		out, _ := json.MarshalIndent(v, "", "  ")
		fmt.Fprintf(stdio.Out, "%s\n", out)
		if line := got.nav.String(); line != "" {
			fmt.Fprintln(stdio.Err, "page:", line)
		}
		if len(got.png) > 0 {
			fmt.Fprintln(stdio.Err, "marked image:", f.out)
		}
		return 0
	}
	if err := printObservation(stdio.Out, got, f.out); err != nil {
		fmt.Fprintln(stdio.Err, "diwall observe:", err)
		return 1
	}
	return 0
}

// observed is what `diwall observe` got of a page.
type observed struct {
	env json.RawMessage // the observe tool's envelope
	png []byte          // its marked image
	nav navigation      // how the navigation to the page ended
}

// observeOnce launches the browser, navigates to the URL and observes.
func observeOnce(ctx context.Context, f observeFlags) (observed, error) {
	var got observed
	dirs := paths.Default()
	if err := dirs.Ensure(); err != nil {
		return got, err
	}
	log, closer, err := openLog(filepath.Join(dirs.Logs, "observe.log"))
	if err != nil {
		return got, err
	}
	defer closer.Close()
	self, err := executable()
	if err != nil {
		return got, err
	}
	inst, err := launch.Start(ctx, launch.Options{
		Browser: f.browser, Headless: true, Dirs: dirs, Self: self,
		ExtensionID: extension.ID(), Log: log,
	})
	if err != nil {
		return got, err
	}
	defer inst.Close()
	if err := inst.WaitHost(ctx); err != nil {
		return got, err
	}
	sess, err := mcpbridge.Dial(ctx, inst.SocketPath, tools.SessionHello{Key: tools.NewSessionKey(), Client: "diwall observe"}, false)
	if err != nil {
		return got, fmt.Errorf("reach the host: %w", err)
	}
	defer sess.Close()
	navEnv, _, err := callTool(ctx, sess, "navigate", map[string]any{"url": f.url})
	if err != nil {
		return got, err
	}
	if got.nav, err = navigationOf(navEnv); err != nil {
		return got, err
	}
	got.env, got.png, err = callTool(ctx, sess, "observe", map[string]any{})
	return got, err
}

// callTool calls a tool and returns its envelope and first image; a result
// that is not ok is an error carrying the tool's own message.
func callTool(ctx context.Context, sess *mcp.ClientSession, name string, args map[string]any) (json.RawMessage, []byte, error) {
	res, err := sess.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	env, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return nil, nil, err
	}
	var head struct {
		OK     bool `json:"ok"`
		Server struct {
			Error *tools.ToolError `json:"error"`
		} `json:"server"`
	}
	if err := json.Unmarshal(env, &head); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if !head.OK {
		if e := head.Server.Error; e != nil {
			return nil, nil, fmt.Errorf("%s: %s: %s", name, e.Code, e.Message)
		}
		return nil, nil, fmt.Errorf("%s failed", name)
	}
	var png []byte
	for _, c := range res.Content {
		if img, ok := c.(*mcp.ImageContent); ok {
			png = img.Data
			break
		}
	}
	return env, png, nil
}

// printObservation writes an observation for a person: the page (its URL
// cut short when long, and its HTTP status), where the image went, the
// tree and the elements.
func printObservation(w io.Writer, got observed, imagePath string) error {
	wroteImage := len(got.png) > 0
	var obs struct {
		Server struct {
			Notices  []string       `json:"notices"`
			Capture  string         `json:"capture"`
			Counters map[string]any `json:"counters"`
			Image    *struct {
				Width  int `json:"width"`
				Height int `json:"height"`
			} `json:"image"`
		} `json:"server"`
		Page struct {
			Title    string   `json:"title"`
			URL      string   `json:"url"`
			Tree     []string `json:"tree"`
			Elements []struct {
				Mark  int      `json:"mark"`
				Role  string   `json:"role"`
				Name  string   `json:"name"`
				Value *string  `json:"value"`
				State []string `json:"state"`
				Text  string   `json:"text"`
			} `json:"elements"`
		} `json:"page_content"`
	}
	if err := json.Unmarshal(got.env, &obs); err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n%s\n", obs.Page.Title, shortURL(obs.Page.URL))
	if line := got.nav.String(); line != "" {
		fmt.Fprintln(&b, line)
	}
	switch {
	case wroteImage && obs.Server.Image != nil:
		fmt.Fprintf(&b, "marked image: %s (%d×%d)\n", imagePath, obs.Server.Image.Width, obs.Server.Image.Height)
	case wroteImage:
		fmt.Fprintf(&b, "marked image: %s\n", imagePath)
	default:
		fmt.Fprintf(&b, "no image: capture %s\n", obs.Server.Capture)
	}
	for _, n := range obs.Server.Notices {
		fmt.Fprintf(&b, "notice: %s\n", n)
	}
	fmt.Fprintf(&b, "\ntree (%d lines):\n", len(obs.Page.Tree))
	for _, line := range obs.Page.Tree {
		fmt.Fprintf(&b, "  %s\n", line)
	}
	fmt.Fprintf(&b, "\nelements (%d):\n", len(obs.Page.Elements))
	for _, e := range obs.Page.Elements {
		fmt.Fprintf(&b, "  [%d] %s %q", e.Mark, e.Role, e.Name)
		if e.Name == "" && e.Text != "" {
			fmt.Fprintf(&b, " text=%q", e.Text)
		}
		if e.Value != nil {
			fmt.Fprintf(&b, " value=%q", *e.Value)
		}
		if len(e.State) > 0 {
			fmt.Fprintf(&b, " (%s)", strings.Join(e.State, ", "))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
