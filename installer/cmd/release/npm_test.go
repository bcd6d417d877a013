package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestPackagesMoveInLockstep: the main package depends, optionally, on
// every platform's package at its own version, and each platform package
// says the os and cpu npm installs it on, as Node names them.
func TestPackagesMoveInLockstep(t *testing.T) {
	const v = "1.2.3-4-gabc1234"
	m := newMainManifest(v)
	if m.Name != npmName || m.Version != v || m.Bin["diwall"] != "bin/diwall.js" {
		t.Errorf("main package: %+v", m)
	}
	want := map[string][2]string{
		"linux-x64": {"linux", "x64"}, "linux-arm64": {"linux", "arm64"},
		"darwin-x64": {"darwin", "x64"}, "darwin-arm64": {"darwin", "arm64"},
		"win32-x64": {"win32", "x64"},
	}
	if len(m.OptionalDependencies) != len(want) {
		t.Errorf("optionalDependencies: %v", m.OptionalDependencies)
	}
	for platform, oc := range want {
		name := npmName + "-" + platform
		if m.OptionalDependencies[name] != v {
			t.Errorf("optionalDependencies[%s] = %q, want %q", name, m.OptionalDependencies[name], v)
		}
		i := slices.IndexFunc(targets, func(t target) bool { return t.npmPlatform() == platform })
		if i < 0 {
			t.Errorf("no target for %s", platform)
			continue
		}
		p := newPlatformManifest(targets[i], v)
		exe := "bin/diwall"
		if oc[0] == "win32" {
			exe += ".exe"
		}
		if p.Name != name || p.Version != v || !slices.Equal(p.OS, []string{oc[0]}) || !slices.Equal(p.CPU, []string{oc[1]}) || !slices.Equal(p.Files, []string{exe}) {
			t.Errorf("%s: %+v", platform, p)
		}
	}
}

// TestEveryPackageCarriesTheReadmeAndLicence: README.md and the
// repository's LICENSE in each, and Apache-2.0 as its package.json's
// licence.
func TestEveryPackageCarriesTheReadmeAndLicence(t *testing.T) {
	license := []byte("Apache License\n")
	pkgs := []npmPackage{mainPackage("1.0.0", []byte("# Diwall\n"), license)}
	for _, tg := range targets {
		pkgs = append(pkgs, platformPackage(tg, "1.0.0", []byte("bin"), license))
	}
	for _, p := range pkgs {
		files := map[string][]byte{}
		for _, f := range p.files {
			files[f.Name] = f.Data
		}
		var manifest struct{ License string }
		if err := json.Unmarshal(files["package.json"], &manifest); err != nil {
			t.Fatalf("%s: package.json: %v", p.name, err)
		}
		if files["README.md"] == nil || !bytes.Equal(files["LICENSE"], license) {
			t.Errorf("%s: README.md %q, LICENSE %q", p.name, files["README.md"], files["LICENSE"])
		}
		if manifest.License != "Apache-2.0" {
			t.Errorf("%s: license %q, want Apache-2.0", p.name, manifest.License)
		}
	}
}

// TestReadmeShowsTheNpxLine: the README shows how an MCP client starts
// Diwall from npm, under the name the packages have, and says on that line
// that it works only once the package is published; its first lines show
// what works from a checkout.
func TestReadmeShowsTheNpxLine(t *testing.T) {
	data, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	want := "npx -y " + npmName + " mcp --launch"
	i := strings.Index(readme, want)
	if i < 0 {
		t.Fatalf("the README does not show %q", want)
	}
	line, _, _ := strings.Cut(readme[i:], "\n")
	if !strings.Contains(line, "once published") {
		t.Errorf("the README's npx line does not say it works once published: %q", line)
	}
	top := strings.Join(strings.SplitN(readme, "\n", 31)[:30], "\n")
	for _, w := range []string{"make demo", "make test", "bin/diwall install --client"} {
		if !strings.Contains(top, w) {
			t.Errorf("the README's first 30 lines do not show %q", w)
		}
	}
	if strings.Contains(top, "npx") {
		t.Error("the README's first 30 lines offer npx, which works only once the package is published")
	}
}

// fakeInstall lays out node_modules as npm installs the packages on this
// computer, with script as the platform package's binary.
func fakeInstall(t *testing.T, script string) (launcherPath string) {
	t.Helper()
	i := slices.IndexFunc(targets, func(tg target) bool { return tg.goos == runtime.GOOS && tg.goarch == runtime.GOARCH })
	if i < 0 || runtime.GOOS == "windows" {
		t.Skipf("no shell-script binary for %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is needed to test the npm launcher:", err)
	}
	root := filepath.Join(t.TempDir(), "node_modules")
	for _, p := range []npmPackage{mainPackage("1.0.0", nil, nil), platformPackage(targets[i], "1.0.0", []byte(script), nil)} {
		for _, f := range p.files {
			file := filepath.Join(root, p.name, filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, f.Data, os.FileMode(f.Mode)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return filepath.Join(root, npmName, "bin", "diwall.js")
}

// TestLauncherPassesArgumentsStreamsAndExitCode runs the launcher with
// node on a binary that echoes.
func TestLauncherPassesArgumentsStreamsAndExitCode(t *testing.T) {
	launcherPath := fakeInstall(t, "#!/bin/sh\necho \"args: $*\"\nread line\necho \"stdin: $line\"\necho \"package: $DIWALL_NPM_PACKAGE\"\necho oops >&2\nexit 7\n")
	cmd := exec.Command("node", launcherPath, "mcp", "--launch=headless", "a b")
	cmd.Stdin = strings.NewReader("hello\n")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	_ = cmd.Run() // the binary exits 7 on purpose: the code is checked below
	if code := cmd.ProcessState.ExitCode(); code != 7 {
		t.Errorf("exit %d, want 7 (stderr %q)", code, errOut.String())
	}
	if want := "args: mcp --launch=headless a b\nstdin: hello\npackage: " + npmName + "\n"; out.String() != want {
		t.Errorf("stdout %q, want %q", out.String(), want)
	}
	if errOut.String() != "oops\n" {
		t.Errorf("stderr %q", errOut.String())
	}
}

// TestLauncherPassesSignals: a SIGTERM to the launcher reaches the binary,
// and the launcher exits as the binary did; a binary killed by a signal
// ends the launcher by the same signal.
func TestLauncherPassesSignals(t *testing.T) {
	launcherPath := fakeInstall(t, "#!/bin/sh\ntrap 'echo got TERM; exit 3' TERM\necho ready\ni=0; while [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done\n")
	cmd := exec.Command("node", launcherPath)
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 6)
	if _, err := stdout.Read(buf); err != nil || string(buf) != "ready\n" {
		t.Fatalf("read %q: %v", buf, err)
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	rest := make(chan string)
	go func() {
		var b bytes.Buffer
		_, _ = b.ReadFrom(stdout)
		rest <- b.String()
	}()
	select {
	case got := <-rest:
		if got != "got TERM\n" {
			t.Errorf("the binary printed %q after the signal", got)
		}
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the launcher did not end after SIGTERM")
	}
	_ = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 3 {
		t.Errorf("exit %d, want 3", code)
	}

	launcherPath = fakeInstall(t, "#!/bin/sh\nkill -KILL $$\n")
	cmd = exec.Command("node", launcherPath)
	_ = cmd.Run() // it ends by a signal: its exit code is checked below
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Errorf("launcher ended with %v, want killed by SIGKILL", cmd.ProcessState)
	}
}

// TestLauncherSaysWhatIsMissing: without the platform package, the
// launcher says which package to install, and exits 1.
func TestLauncherSaysWhatIsMissing(t *testing.T) {
	launcherPath := fakeInstall(t, "#!/bin/sh\n")
	i := slices.IndexFunc(targets, func(tg target) bool { return tg.goos == runtime.GOOS && tg.goarch == runtime.GOARCH })
	os.RemoveAll(filepath.Join(filepath.Dir(filepath.Dir(filepath.Dir(launcherPath))), platformPackageName(targets[i])))
	out, err := exec.Command("node", launcherPath, "version").CombinedOutput()
	if code := exitCode(err); code != 1 || !strings.Contains(string(out), "The package "+platformPackageName(targets[i])+", which holds Diwall's binary") {
		t.Errorf("exit %d: %s", code, out)
	}
}

func exitCode(err error) int {
	if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
