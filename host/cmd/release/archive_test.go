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

func TestRunRefusesABadVersion(t *testing.T) {
	for _, v := range []string{"", "a b", "../x", "v1.0.0", "1.0", "0.0.0-0123456", "1.0.0+build"} {
		if err := run(options{version: v, out: t.TempDir()}); err == nil || !strings.Contains(err.Error(), "-version") {
			t.Errorf("version %q: %v", v, err)
		}
	}
}
