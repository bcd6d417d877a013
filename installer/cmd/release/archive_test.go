package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTarGzHoldsTheFilesWithTheirModes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a.tar.gz")
	files := []archiveFile{{Name: "d/diwall", Data: []byte("bin"), Mode: 0o755}, {Name: "d/README.md", Data: []byte("hi"), Mode: 0o644}}
	if err := writeTarGz(file, files); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(file)
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	for _, want := range files {
		hdr, err := tr.Next()
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(tr)
		if hdr.Name != want.Name || hdr.Mode != want.Mode || string(data) != string(want.Data) {
			t.Errorf("entry %s mode %o %q, want %s mode %o", hdr.Name, hdr.Mode, data, want.Name, want.Mode)
		}
	}
	// The same files give the same bytes.
	again := filepath.Join(t.TempDir(), "b.tar.gz")
	if err := writeTarGz(again, files); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(file)
	b, _ := os.ReadFile(again)
	if string(a) != string(b) {
		t.Error("two archives of the same files differ")
	}
}

func TestExtensionZipHasTheManifestAtItsRoot(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ext.zip")
	if err := writeExtensionZip(file); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	names := map[string]bool{}
	for _, f := range zr.File {
		names[f.Name] = true
	}
	if !names["manifest.json"] || !names["src/background.js"] {
		t.Errorf("zip entries: %v", names)
	}
}

func TestChecksumsAsSha256sumReadsThem(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "x.zip"), []byte("abc"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeChecksums(dir, []string{"x.zip"}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, checksumFile))
	sum := sha256.Sum256([]byte("abc"))
	if want := hex.EncodeToString(sum[:]) + "  x.zip\n"; string(got) != want {
		t.Errorf("SHA256SUMS = %q, want %q", got, want)
	}
}

// TestRunRefusesABadVersion: npm and the MCP Registry take semantic
// versions only, and a release to publish (make release) a plain X.Y.Z:
// refused before anything is built or the out folder is touched.
func TestRunRefusesABadVersion(t *testing.T) {
	for _, c := range []struct {
		version string
		publish bool
		want    string // in the error
	}{
		{"", false, "give a semantic version"},
		{"a b", false, "give a semantic version"},
		{"../x", false, "give a semantic version"},
		{"v1.0.0", false, "give a semantic version"},
		{"1.0", false, "give a semantic version"},
		{"0.0.0-0123456", false, "give a semantic version"},
		{"1.0.0+build", false, "give a semantic version"},
		{"v1.0.0", true, "give a semantic version"},
		{"0.2.0-3-gabc1234", true, "not a plain X.Y.Z: make release publishes only from a vX.Y.Z tag"},
		{"0.0.0-g84970a6-dirty", true, "not a plain X.Y.Z"},
		{"0.2.0-dirty", true, "with no changes in the tree"},
		{"1.0.0-rc.1", true, "npm publishes only with --tag"},
	} {
		out := filepath.Join(t.TempDir(), "dist")
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		err := run(options{version: c.version, out: out, publish: c.publish})
		if err == nil || !strings.Contains(err.Error(), "-version") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("version %q (publish %v): %v, want %q", c.version, c.publish, err, c.want)
		}
		if _, err := os.Stat(out); err != nil {
			t.Errorf("version %q: the out folder was touched: %v", c.version, err)
		}
	}
}

// TestCheckVersion: what a build and what a release to publish accept.
func TestCheckVersion(t *testing.T) {
	for _, c := range []struct {
		version        string
		build, publish bool // accepted
	}{
		{"0.2.0", true, true},
		{"10.20.30", true, true},
		{"0.2.0-3-gabc1234", true, false},
		{"0.0.0-gnpmtest", true, false},
		{"0.2.0-dirty", true, false},
		{"1.0.0-rc.1", true, false},
		{"1.0", false, false},
		{"01.0.0", false, false},
	} {
		if err := checkVersion(c.version, false); (err == nil) != c.build {
			t.Errorf("build of %q: %v", c.version, err)
		}
		if err := checkVersion(c.version, true); (err == nil) != c.publish {
			t.Errorf("release of %q: %v", c.version, err)
		}
	}
}
