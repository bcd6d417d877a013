package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// npmVersion is the version the test's release is stamped with.
const npmVersion = "0.0.0-gnpmtest"

// TestNpmPackages is Diwall as people get MCP servers: `make release`'s
// npm packages (built here for this platform only; the other platforms'
// manifests are checked by installer/cmd/release's tests), packed by npm,
// installed into an empty folder by npm from the tarballs alone (a
// registry that does not answer, --offline, a cache of its own), then run
// through npx: version, observe of a loopback page, and an MCP session
// with --launch=headless.
func TestNpmPackages(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skipf("the npm test builds linux/amd64 only, not %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	for _, tool := range []string{"npm", "npx", "node"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed (Node.js): %v", tool, err)
		}
	}
	work := t.TempDir()
	dist := filepath.Join(work, "dist")
	release := exec.Command("go", "run", "./installer/cmd/release", "-version", npmVersion, "-out", dist, "-targets", "linux/amd64")
	release.Dir = ".."
	if out, err := release.CombinedOutput(); err != nil {
		t.Fatalf("release: %v\n%s", err, out)
	}
	tarballs := []string{
		filepath.Join(dist, "npm", "diwall-"+npmVersion+".tgz"),
		filepath.Join(dist, "npm", "diwall-linux-x64-"+npmVersion+".tgz"),
	}

	project := filepath.Join(work, "project")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "package.json"), []byte(`{"name": "npm-e2e", "private": true}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// npm may reach nothing: its registry is a closed port on loopback.
	npmEnv := append(os.Environ(), "npm_config_registry=http://127.0.0.1:9/", "npm_config_offline=true",
		"npm_config_cache="+filepath.Join(work, "npm-cache"), "npm_config_audit=false", "npm_config_fund=false",
		"npm_config_update_notifier=false")
	install := exec.Command("npm", append([]string{"install", "--offline", "--no-audit", "--no-fund"}, tarballs...)...)
	install.Dir, install.Env = project, npmEnv
	if out, err := install.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	bin := filepath.Join(project, "node_modules", "diwall-linux-x64", "bin", "diwall")
	if fi, err := os.Stat(bin); err != nil || fi.Mode().Perm()&0o111 == 0 {
		t.Fatalf("the platform package's binary: %v %v", fi, err)
	}

	home := filepath.Join(work, "home")
	tmp := filepath.Join(home, "tmp")
	if err := os.MkdirAll(tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	env := append(slices.Clone(npmEnv), "DIWALL_HOME="+home, "TMPDIR="+tmp)
	npx := func(args ...string) (string, string, error) {
		cmd := exec.Command("npx", args...)
		cmd.Dir, cmd.Env = project, env
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		return out.String(), errOut.String(), err
	}

	out, errOut, err := npx("diwall", "version")
	if err != nil || !strings.HasPrefix(out, "diwall "+npmVersion+"\nextension ") {
		t.Fatalf("npx diwall version: %v\n%s\n%s", err, out, errOut)
	}

	out, errOut, err = npx("diwall", "observe", siteURL+"/pages/form.html", "-o", filepath.Join(work, "x.png"))
	if err != nil || !strings.Contains(out, `textbox "Full name" [1]`) {
		t.Fatalf("npx diwall observe: %v\n%s\n%s", err, out, errOut)
	}
	if fi, err := os.Stat(filepath.Join(work, "x.png")); err != nil || fi.Size() < 1000 {
		t.Errorf("x.png: %v %v", fi, err)
	}

	cmd := exec.Command("npx", "diwall", "mcp", "--launch=headless")
	cmd.Dir, cmd.Env = project, env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "diwall-npm-e2e", Version: "0"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connect to npx diwall mcp: %v\nstderr: %s", err, stderr.String())
	}
	bs := &browserSession{t: t, launched: &launched{home: home, cmd: cmd, session: session, stderr: &stderr}}
	defer func() {
		for _, problem := range bs.close() {
			t.Error(problem)
		}
		if t.Failed() {
			t.Log(bs.diagnostics())
		}
	}()
	if init := session.InitializeResult(); init == nil || init.ServerInfo.Version != npmVersion {
		t.Errorf("server info: %+v", init)
	}
	tools, err := session.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) < 6 {
		t.Fatalf("tools/list: %v %v", tools, err)
	}
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/pages/form.html"})
	obs := bs.mustOK("observe", map[string]any{})
	if tree := fmt.Sprint(obs.page(t)["tree"]); !strings.Contains(tree, `textbox "Full name" [1]`) {
		t.Errorf("observe through npx: %s", tree)
	}
}
