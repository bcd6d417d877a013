// Command release builds Diwall's release archives into a folder: diwall
// for each supported OS and architecture with its version stamped in, the
// extension packed as a zip (what "Load unpacked" takes once unzipped, and
// what the Chrome Web Store takes), and SHA256SUMS over all of them. It is
// what `make release` runs.
//
//	go run ./host/cmd/release -version 0.2.0 -out dist
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/diwall/diwall/extension"
)

// targets are the OS/architecture pairs a release covers.
var targets = []struct{ goos, goarch string }{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"},
}

// versionVar is the variable `-ldflags -X` stamps.
const versionVar = "github.com/diwall/diwall/host/version.Host"

func main() {
	version := flag.String("version", "", "the version to stamp (required), e.g. from git describe")
	out := flag.String("out", "dist", "the folder the archives go into (emptied first)")
	flag.Parse()
	if err := run(*version, *out); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(version, out string) error {
	if version == "" || strings.ContainsAny(version, " /\\") {
		return fmt.Errorf("-version %q: give a version such as 0.2.0", version)
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		return fmt.Errorf("run from the repository's root: %w", err)
	}
	var archives []string
	for _, t := range targets {
		name, err := buildArchive(out, version, t.goos, t.goarch, readme)
		if err != nil {
			return fmt.Errorf("%s/%s: %w", t.goos, t.goarch, err)
		}
		archives = append(archives, name)
	}
	extZip := "diwall-extension_" + extension.Version() + ".zip"
	if err := writeExtensionZip(filepath.Join(out, extZip)); err != nil {
		return fmt.Errorf("pack the extension: %w", err)
	}
	archives = append(archives, extZip)
	if err := writeChecksums(out, archives); err != nil {
		return err
	}
	for _, a := range append(archives, checksumFile) {
		fmt.Println(filepath.Join(out, a))
	}
	return nil
}

// buildArchive cross-compiles diwall for goos/goarch and packs it with the
// README: a .tar.gz, or a .zip for Windows. It returns the archive's name.
func buildArchive(out, version, goos, goarch string, readme []byte) (string, error) {
	exe := "diwall"
	if goos == "windows" {
		exe += ".exe"
	}
	tmp, err := os.MkdirTemp("", "diwall-release-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, exe)
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X "+versionVar+"="+version, "-o", bin, "./host/cmd/diwall")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build: %w", err)
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		return "", err
	}
	base := fmt.Sprintf("diwall_%s_%s_%s", version, goos, goarch)
	files := []archiveFile{
		{Name: base + "/" + exe, Data: data, Mode: 0o755},
		{Name: base + "/README.md", Data: readme, Mode: 0o644},
	}
	if goos == "windows" {
		return base + ".zip", writeZip(filepath.Join(out, base+".zip"), files)
	}
	return base + ".tar.gz", writeTarGz(filepath.Join(out, base+".tar.gz"), files)
}
