package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/e2e/pagegen"
)

var (
	diwallBin string // the binary under test
	siteURL   string // fixture pages on 127.0.0.1
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	tmp, err := os.MkdirTemp("", "diwall-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	diwallBin = os.Getenv("DIWALL_BIN")
	if diwallBin == "" {
		diwallBin = filepath.Join(tmp, "diwall")
		build := exec.Command("go", "build", "-o", diwallBin, "../host/cmd/diwall")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			fmt.Fprintln(os.Stderr, "build diwall:", err)
			return 1
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := &http.Server{Handler: fixtures()}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()
	siteURL = "http://" + ln.Addr().String()
	code := m.Run()
	if sharedLaunch != nil {
		problems := sharedLaunch.close()
		for _, p := range problems {
			fmt.Fprintln(os.Stderr, "shared browser:", p)
		}
		if len(problems) > 0 {
			fmt.Fprintln(os.Stderr, sharedLaunch.diagnostics())
			code = 1
		}
		sharedLaunch.removeHome(code != 0)
	}
	return code
}

// fixtures serves testdata/ and a few dynamic pages.
func fixtures() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata")))
	// The observe fixtures live beside the code that reads them.
	mux.Handle("/pages/", http.StripPrefix("/pages/", http.FileServer(http.Dir("../host/internal/observe/testdata/pages"))))
	mux.HandleFunc("POST /act/signup", formEcho("Welcome", "password"))
	mux.HandleFunc("POST /act/checkout", formEcho("Order placed", "cardnumber", "cvc", "exp"))
	mux.HandleFunc("POST /act/form20", formEcho("Order received", "cardnumber", "cvc", "exp"))
	mux.HandleFunc("/gen", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, pagegen.Page(n))
	})
	mux.HandleFunc("/article", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("words"))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = io.WriteString(w, pagegen.Article(n))
	})
	mux.HandleFunc("/redirect", func(w http.ResponseWriter, r *http.Request) {
		// Sends the browser to another origin: the same server as localhost.
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	})
	gateFixtures(mux)
	actFixtures(mux)
	loginFixtures(mux)
	oddFixtures(mux)
	confirmFixtures(mux)
	downloadFixtures(mux)
	mux.HandleFunc("/hang", func(w http.ResponseWriter, r *http.Request) {
		// Answers headers and never finishes the body, until the client goes.
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<!doctype html><title>Hanging</title><p>loading forever"))
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	return mux
}

// launched is one `diwall mcp --launch=headless` with its client.
type launched struct {
	home    string // DIWALL_HOME of this launch
	cmd     *exec.Cmd
	session *mcp.ClientSession
	stderr  *bytes.Buffer
}

// browserSession is a test's handle on a launch.
type browserSession struct {
	t testing.TB
	*launched
}

var (
	sharedOnce   sync.Once
	sharedLaunch *launched
	sharedErr    error
)

// shared returns the browser shared by the tests that leave it usable; each
// opens tabs of its own. TestMain closes it and checks what it left.
func shared(t *testing.T) *browserSession {
	t.Helper()
	sharedOnce.Do(func() { sharedLaunch, sharedErr = start(nil, nil) })
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return &browserSession{t: t, launched: sharedLaunch}
}

// launch starts a browser for this test alone (for tests that kill or
// break it); cleanup closes it and checks that nothing was left behind.
func launch(t testing.TB, args ...string) *browserSession {
	t.Helper()
	return launchWith(t, nil, args...)
}

// launchWith is launch with extra environment variables for diwall and
// extra arguments for `diwall mcp`.
func launchWith(t testing.TB, env []string, args ...string) *browserSession {
	t.Helper()
	return launchPrepared(t, nil, env, args...)
}

// launchPrepared is launchWith, with prepare called on the launch's fresh
// DIWALL_HOME first (to write profiles, say).
func launchPrepared(t testing.TB, prepare func(home string) error, env []string, args ...string) *browserSession {
	t.Helper()
	l, err := start(prepare, env, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, problem := range l.close() {
			t.Error(problem)
		}
		if t.Failed() {
			t.Log(l.diagnostics())
		}
		l.removeHome(t.Failed())
	})
	return &browserSession{t: t, launched: l}
}

// start launches `diwall mcp --launch=headless` under a fresh DIWALL_HOME,
// prepared by prepare when it is not nil, and connects a go-sdk client.
func start(prepare func(home string) error, env []string, args ...string) (*launched, error) {
	home, err := os.MkdirTemp("", "dw-")
	if err != nil {
		return nil, err
	}
	if prepare != nil {
		if err := prepare(home); err != nil {
			os.RemoveAll(home)
			return nil, err
		}
	}
	tmp := filepath.Join(home, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		os.RemoveAll(home)
		return nil, err
	}
	cmd := exec.Command(diwallBin, append([]string{"mcp", "--launch=headless"}, args...)...)
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+home, "TMPDIR="+tmp, "DIWALL_TEST_DEVTOOLS=1", "DIWALL_LOG=debug")
	cmd.Env = append(cmd.Env, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "diwall-e2e", Version: "0"}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		os.RemoveAll(home)
		return nil, fmt.Errorf("connect to diwall mcp: %w\nstderr: %s", err, stderr.String())
	}
	return &launched{home: home, cmd: cmd, session: session, stderr: &stderr}, nil
}

// close ends the client, then reports anything left behind: a diwall or
// browser process, a launch folder, a temp file.
func (l *launched) close() (problems []string) {
	if err := l.session.Close(); err != nil {
		problems = append(problems, fmt.Sprintf("closing the client: %v", err))
	}
	if l.cmd.ProcessState == nil || !l.cmd.ProcessState.Exited() {
		problems = append(problems, "diwall mcp did not exit")
	}
	if left := processesUnder(l.home); len(left) > 0 {
		problems = append(problems, fmt.Sprintf("processes left running after the client went away: %v", left))
	}
	if launches, _ := filepath.Glob(filepath.Join(l.home, "state", "l-*")); len(launches) > 0 {
		problems = append(problems, fmt.Sprintf("launch folders left behind: %v", launches))
	}
	if tmp, _ := os.ReadDir(filepath.Join(l.home, "tmp")); len(tmp) > 0 {
		problems = append(problems, fmt.Sprintf("temp files left behind: %d entries in TMPDIR", len(tmp)))
	}
	return problems
}

// removeHome deletes the launch's DIWALL_HOME unless it should be kept.
func (l *launched) removeHome(failed bool) {
	if failed || os.Getenv("DIWALL_E2E_KEEP") == "1" {
		fmt.Fprintf(os.Stderr, "kept DIWALL_HOME %s\n", l.home)
		return
	}
	os.RemoveAll(l.home)
}

// diagnostics returns diwall's stderr and the tails of its logs.
func (l *launched) diagnostics() string {
	var b strings.Builder
	fmt.Fprintf(&b, "diwall stderr:\n%s", l.stderr.String())
	for _, name := range []string{"mcp.log", "host.log"} {
		data, _ := os.ReadFile(filepath.Join(l.home, "logs", name))
		if len(data) > 8000 {
			data = data[len(data)-8000:]
		}
		fmt.Fprintf(&b, "\n--- %s (tail) ---\n%s", name, data)
	}
	return b.String()
}

// processesUnder lists processes whose command line or environment names
// dir: the launched browser (its profile is under dir) and the host (its
// DIWALL_INSTANCE is).
func processesUnder(dir string) []string {
	if runtime.GOOS != "linux" {
		return nil
	}
	var out []string
	procs, _ := filepath.Glob("/proc/[0-9]*")
	for _, p := range procs {
		for _, f := range []string{"cmdline", "environ"} {
			data, err := os.ReadFile(filepath.Join(p, f))
			if err == nil && bytes.Contains(data, []byte(dir)) {
				cmdline, _ := os.ReadFile(filepath.Join(p, "cmdline"))
				first, _, _ := strings.Cut(string(cmdline), "\x00")
				out = append(out, filepath.Base(p)+":"+first)
				break
			}
		}
	}
	return out
}

// envelope is a tool result as Diwall defines it (docs/contract.md §2).
type envelope struct {
	OK          bool            `json:"ok"`
	Server      map[string]any  `json:"server"`
	PageContent json.RawMessage `json:"page_content"`
	raw         *mcp.CallToolResult
}

func (e envelope) errorCode() string {
	if m, ok := e.Server["error"].(map[string]any); ok {
		s, _ := m["code"].(string)
		return s
	}
	return ""
}

func (e envelope) page(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(e.PageContent, &m); err != nil {
		t.Fatalf("page_content: %v", err)
	}
	return m
}

// call calls a tool and decodes its envelope, checking its invariants.
func (bs *browserSession) call(tool string, args any) envelope {
	t := bs.t
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	res, err := bs.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", tool, err)
	}
	checkOutput(t, bs.session, tool, res)
	return decodeEnvelope(t, tool, res)
}

func decodeEnvelope(t testing.TB, tool string, res *mcp.CallToolResult) envelope {
	t.Helper()
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(data, &keys); err != nil {
		t.Fatalf("%s: structured content is not an object: %s", tool, data)
	}
	if len(keys) != 3 || keys["ok"] == nil || keys["server"] == nil || keys["page_content"] == nil {
		t.Fatalf("%s: result keys are not exactly ok, server, page_content: %s", tool, data)
	}
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	env.raw = res
	if env.Server["tool"] != tool {
		t.Errorf("%s: server.tool = %v", tool, env.Server["tool"])
	}
	if id, _ := env.Server["operation_id"].(string); len(id) != 32 {
		t.Errorf("%s: server.operation_id = %v", tool, env.Server["operation_id"])
	}
	if _, ok := env.Server["notices"].([]any); !ok {
		t.Errorf("%s: server.notices missing or not a list: %v", tool, env.Server["notices"])
	}
	if env.OK == res.IsError {
		t.Errorf("%s: ok=%v but isError=%v", tool, env.OK, res.IsError)
	}
	if !env.OK {
		if env.errorCode() == "" {
			t.Errorf("%s: failed without server.error.code: %s", tool, data)
		}
	}
	// The text block carries the same envelope.
	if len(res.Content) == 0 {
		t.Fatalf("%s: no content blocks", tool)
	}
	text, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("%s: the first content block is not text", tool)
	}
	tb, err := readTextBlock(text.Text)
	if err != nil {
		t.Errorf("%s: the text block: %v", tool, err)
	} else if server, _ := tb.env["server"].(map[string]any); tb.env["ok"] != env.OK || server["tool"] != tool || server["operation_id"] != env.Server["operation_id"] {
		t.Errorf("%s: the text block's envelope is not the structured one: %.300s", tool, text.Text)
	}
	return env
}

// mustOK fails the test when a call did not succeed.
func (bs *browserSession) mustOK(tool string, args any) envelope {
	bs.t.Helper()
	env := bs.call(tool, args)
	if !env.OK {
		bs.t.Fatalf("%s %v failed: %v", tool, args, env.Server["error"])
	}
	return env
}

// killProcess kills the process pid at once (SIGKILL on Unix), on every OS.
func killProcess(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
