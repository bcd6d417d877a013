package main

import (
	"archive/zip"
	"encoding/json"
	"io"
	"path/filepath"
	"testing"

	"github.com/diwall/diwall/extension"
)

// TestStoreZipHasNoKey: the Chrome Web Store's zip holds the same files,
// with the manifest as written but for its "key".
func TestStoreZipHasNoKey(t *testing.T) {
	file := filepath.Join(t.TempDir(), "store.zip")
	if err := writeStoreZip(file); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	want, _ := extensionFiles()
	if len(zr.File) != len(want) {
		t.Errorf("%d files, want %d", len(zr.File), len(want))
	}
	for _, f := range zr.File {
		rc, _ := f.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		if f.Name != "manifest.json" {
			orig, err := extension.Files.ReadFile(f.Name)
			if err != nil || string(orig) != string(data) {
				t.Errorf("%s differs from the embedded file (%v)", f.Name, err)
			}
			continue
		}
		var got, orig map[string]any
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatalf("manifest.json: %v\n%s", err, data)
		}
		origData, _ := extension.Files.ReadFile("manifest.json")
		if err := json.Unmarshal(origData, &orig); err != nil {
			t.Fatal(err)
		}
		if _, ok := got["key"]; ok {
			t.Error("the store's manifest keeps the key")
		}
		// The store shows the description, and takes at most 132 characters.
		if d, _ := got["description"].(string); d == "" || len([]rune(d)) > 132 {
			t.Errorf("description %q: the store wants one of at most 132 characters", d)
		}
		delete(orig, "key")
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(orig)
		if string(a) != string(b) {
			t.Errorf("the store's manifest differs by more than its key:\n%s", data)
		}
	}
}
