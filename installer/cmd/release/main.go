// Command release builds Diwall's release into a folder: diwall for each
// supported OS and architecture with its version stamped in, as archives
// and as npm packages (a `diwall` package whose launcher runs the binary of
// the platform package npm installed, one package per platform, as esbuild
// and biome do it); the extension packed twice, for "Load unpacked" and for
// the Chrome Web Store; the MCP Registry's server.json; and SHA256SUMS over
// all of them. It is what `make release` runs, with -publish: then the
// version must be a plain X.Y.Z (a vX.Y.Z tag on a clean tree), and the
// repository's own server.json is rewritten for it.
//
//	go run ./installer/cmd/release -publish -version 0.2.0 -out dist
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/diwall/diwall/extension"
)

// versionVar is the variable `-ldflags -X` stamps.
const versionVar = "github.com/diwall/diwall/internal/version.Host"

// options say what to build.
type options struct {
	version string
	out     string
	targets []target // which binaries to build; the npm packages name every target
	npm     bool     // also build the npm packages (needs npm)
	publish bool     // a release to publish: a plain X.Y.Z, and the root's server.json rewritten
}

func main() {
	version := flag.String("version", "", "the version to stamp (required): semantic, e.g. 0.2.0 or 0.2.0-3-gabc1234")
	out := flag.String("out", "dist", "the folder the release goes into (emptied first)")
	only := flag.String("targets", "", "build only these comma-separated targets, e.g. linux/amd64 (default: all)")
	npm := flag.Bool("npm", true, "also build the npm packages, with npm pack")
	publish := flag.Bool("publish", false, "a release to publish (make release): the version must be a plain X.Y.Z, and ./server.json is rewritten for it")
	flag.Parse()
	ts, err := selectTargets(*only)
	if err == nil {
		err = run(options{version: *version, out: *out, targets: ts, npm: *npm, publish: *publish})
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	if err := checkVersion(o.version, o.publish); err != nil {
		return err
	}
	out, err := filepath.Abs(o.out)
	if err != nil {
		return err
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
	docs, err := docFiles()
	if err != nil {
		return err
	}
	license, err := os.ReadFile("LICENSE")
	if err != nil {
		return fmt.Errorf("every package carries the licence: %w", err)
	}
	var written []string
	var pkgs []npmPackage
	for _, t := range o.targets {
		bin, err := buildBinary(o.version, t)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		name, err := writeArchive(out, o.version, t, bin, readme, license, docs)
		if err != nil {
			return fmt.Errorf("%s: %w", t, err)
		}
		written = append(written, name)
		pkgs = append(pkgs, platformPackage(t, o.version, bin, license))
	}
	extZip := "diwall-extension_" + extension.Version() + ".zip"
	if err := writeExtensionZip(filepath.Join(out, extZip)); err != nil {
		return fmt.Errorf("pack the extension: %w", err)
	}
	storeZip := "diwall-extension_" + extension.Version() + "_chrome-web-store.zip"
	if err := writeStoreZip(filepath.Join(out, storeZip)); err != nil {
		return fmt.Errorf("pack the extension for the Chrome Web Store: %w", err)
	}
	written = append(written, extZip, storeZip)
	if o.npm {
		tarballs, err := packNPM(filepath.Join(out, "npm"), append([]npmPackage{mainPackage(o.version, readme, license)}, pkgs...))
		if err != nil {
			return err
		}
		for _, t := range tarballs {
			written = append(written, "npm/"+t)
		}
	}
	if err := writeServerJSON(out, o.version, o.publish); err != nil {
		return err
	}
	written = append(written, "server.json")
	if err := writeChecksums(out, written); err != nil {
		return err
	}
	for _, a := range append(written, checksumFile) {
		fmt.Println(filepath.Join(o.out, filepath.FromSlash(a)))
	}
	return nil
}

// buildBinary cross-compiles diwall for t with version stamped in.
func buildBinary(version string, t target) ([]byte, error) {
	tmp, err := os.MkdirTemp("", "diwall-release-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, t.exe())
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w -X "+versionVar+"="+version, "-o", bin, "./host/cmd/diwall")
	cmd.Env = append(os.Environ(), "GOOS="+t.goos, "GOARCH="+t.goarch, "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build: %w", err)
	}
	return os.ReadFile(bin)
}

// writeArchive packs a binary with the README, the LICENSE and the pages
// of docs/ the README links to: a .tar.gz, or a .zip for Windows. It
// returns the archive's name.
func writeArchive(out, version string, t target, bin, readme, license []byte, docs []archiveFile) (string, error) {
	base := fmt.Sprintf("diwall_%s_%s_%s", version, t.goos, t.goarch)
	files := []archiveFile{
		{Name: base + "/" + t.exe(), Data: bin, Mode: 0o755},
		{Name: base + "/README.md", Data: readme, Mode: 0o644},
		{Name: base + "/LICENSE", Data: license, Mode: 0o644},
	}
	for _, d := range docs {
		d.Name = base + "/" + d.Name
		files = append(files, d)
	}
	if t.goos == "windows" {
		return base + ".zip", writeZip(filepath.Join(out, base+".zip"), files)
	}
	return base + ".tar.gz", writeTarGz(filepath.Join(out, base+".tar.gz"), files)
}

// docFiles are the pages of docs/, as docs/NAME.md.
func docFiles() ([]archiveFile, error) {
	names, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil {
		return nil, err
	}
	var files []archiveFile
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		files = append(files, archiveFile{Name: "docs/" + filepath.Base(n), Data: data, Mode: 0o644})
	}
	return files, nil
}
