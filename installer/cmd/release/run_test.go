package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/diwall/diwall/extension"
)

// TestRunBuildsAReleaseOfOneTarget builds a whole release for the machine's
// own target (so the binary it packed can be run) and checks what a person
// downloading it gets: the archive with the stamped binary, the README and
// the docs pages; both extension zips; the npm tarballs; server.json; and a
// SHA256SUMS that matches every file.
func TestRunBuildsAReleaseOfOneTarget(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("builds the linux/amd64 release, whose binary it runs")
	}
	npm := true
	if _, err := exec.LookPath("npm"); err != nil {
		npm = false // the npm packages' contents are tested on their own
	}
	t.Chdir(filepath.Join("..", "..", ".."))
	out := filepath.Join(t.TempDir(), "dist")
	if err := os.MkdirAll(filepath.Join(out, "stale"), 0o755); err != nil {
		t.Fatal(err)
	}
	ts, err := selectTargets("linux/amd64")
	if err != nil {
		t.Fatal(err)
	}
	const version = "9.8.7-1-gabc1234"
	rootBefore, err := os.ReadFile(rootServerJSON)
	if err != nil {
		t.Fatal(err)
	}
	if err := run(options{version: version, out: out, targets: ts, npm: npm}); err != nil {
		t.Fatal(err)
	}
	if rootAfter, _ := os.ReadFile(rootServerJSON); !bytes.Equal(rootAfter, rootBefore) {
		t.Errorf("a build that is not published changed the repository's %s", rootServerJSON)
	}
	if _, err := os.Stat(filepath.Join(out, "stale")); !os.IsNotExist(err) {
		t.Errorf("the out folder was not emptied first: %v", err)
	}

	// SHA256SUMS names every file of the release, with its true sum.
	sums := map[string]string{}
	f, err := os.Open(filepath.Join(out, checksumFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok {
			t.Fatalf("SHA256SUMS line %q", sc.Text())
		}
		data, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		got := sha256.Sum256(data)
		if hex.EncodeToString(got[:]) != sum {
			t.Errorf("%s: SHA256SUMS says %s, the file's sum is %x", name, sum, got)
		}
		sums[name] = sum
	}
	archive := "diwall_" + version + "_linux_amd64.tar.gz"
	want := []string{archive, "diwall-extension_" + extension.Version() + ".zip",
		"diwall-extension_" + extension.Version() + "_chrome-web-store.zip", "server.json"}
	for _, name := range want {
		if _, ok := sums[name]; !ok {
			t.Errorf("SHA256SUMS has no %s (has %v)", name, sums)
		}
	}
	if npm {
		var tarballs int
		for name := range sums {
			if strings.HasPrefix(name, "npm/") && strings.HasSuffix(name, ".tgz") {
				tarballs++
			}
		}
		if tarballs != 2 { // the launcher's package and linux-x64's
			t.Errorf("%d npm tarballs in SHA256SUMS, want 2: %v", tarballs, sums)
		}
	}

	// The archive holds the binary (executable, with the version stamped
	// in), the README, the LICENSE and every page of docs/.
	dir := t.TempDir()
	names := untar(t, filepath.Join(out, archive), dir)
	base := "diwall_" + version + "_linux_amd64/"
	docs, _ := filepath.Glob(filepath.Join("docs", "*.md"))
	wantNames := []string{base + "diwall", base + "README.md", base + "LICENSE"}
	for _, d := range docs {
		wantNames = append(wantNames, base+"docs/"+filepath.Base(d))
	}
	for _, n := range wantNames {
		if !slices.Contains(names, n) {
			t.Errorf("the archive has no %s (has %v)", n, names)
		}
	}
	got, err := exec.Command(filepath.Join(dir, filepath.FromSlash(base+"diwall")), "version").CombinedOutput()
	if err != nil || !strings.Contains(string(got), version) {
		t.Errorf("the packed diwall says %q (%v), want version %s", got, err, version)
	}
}

// untar extracts a .tar.gz into dir and returns its entries' names.
func untar(t *testing.T, file, dir string) []string {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for tr := tar.NewReader(gz); ; {
		hdr, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, hdr.Name)
		dst := filepath.Join(dir, filepath.FromSlash(hdr.Name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, os.FileMode(hdr.Mode)); err != nil {
			t.Fatal(err)
		}
	}
	return names
}

func TestSelectTargets(t *testing.T) {
	all, err := selectTargets("")
	if err != nil || len(all) != len(targets) {
		t.Fatalf("no list: %v, %v; want every target", all, err)
	}
	two, err := selectTargets("darwin/arm64, linux/amd64,darwin/arm64")
	if err != nil {
		t.Fatal(err)
	}
	if len(two) != 2 || two[0].String() != "darwin/arm64" || two[1].String() != "linux/amd64" {
		t.Errorf("got %v, want darwin/arm64 then linux/amd64, once each", two)
	}
	_, err = selectTargets("linux/amd64,plan9/386")
	if err == nil || !strings.Contains(err.Error(), `"plan9/386"`) || !strings.Contains(err.Error(), "windows/amd64") {
		t.Errorf("an unknown target: %v, want its name and the known ones", err)
	}
}
