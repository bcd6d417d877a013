package installer

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestManifestJSON(t *testing.T) {
	m, err := NewManifest("/opt/diwall/bin/diwall", "")
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.JSON()
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "name": "com.diwall.host",
  "description": "Diwall: lets an AI model see and act in this browser, safely",
  "path": "/opt/diwall/bin/diwall",
  "type": "stdio",
  "allowed_origins": [
    "chrome-extension://jnkblebobpkmgfmabfliknkpdffmpgob/"
  ]
}
`
	if string(got) != want {
		t.Errorf("manifest:\n%s\nwant:\n%s", got, want)
	}
	if !m.IsDiwall() || !m.Allows(DefaultExtensionID) || m.Allows("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa") {
		t.Errorf("IsDiwall/Allows wrong for %+v", m)
	}
}

func TestNewManifestRefuses(t *testing.T) {
	tests := []struct {
		binary, id string
		want       error
	}{
		{"diwall", "", ErrRelativeBinary},
		{"./bin/diwall", "", ErrRelativeBinary},
		{"", "", ErrRelativeBinary},
		{"/bin/diwall", "short", ErrBadExtensionID},
		{"/bin/diwall", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz", ErrBadExtensionID},
		{"/bin/diwall", "JNKBLEBOBPKMGFMABFLIKNKPDFFMPGOB", ErrBadExtensionID},
	}
	for _, tt := range tests {
		if _, err := NewManifest(tt.binary, tt.id); !errors.Is(err, tt.want) {
			t.Errorf("NewManifest(%q, %q) err = %v, want %v", tt.binary, tt.id, err, tt.want)
		}
	}
	dir := t.TempDir()
	if _, err := WriteManifest(dir, "diwall", ""); !errors.Is(err, ErrRelativeBinary) {
		t.Errorf("WriteManifest relative: err = %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a refused manifest left files: %v", entries)
	}
}

func TestWriteManifest(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "profile", "NativeMessagingHosts")
	const otherID = "abcdefghijklmnopabcdefghijklmnop"
	file, err := WriteManifest(dir, "/usr/bin/old", otherID)
	if err != nil {
		t.Fatal(err)
	}
	if file != filepath.Join(dir, "com.diwall.host.json") {
		t.Errorf("file = %q", file)
	}
	// Replacing keeps one file, with the new content and mode 0644.
	if _, err := WriteManifest(dir, "/usr/bin/diwall", ""); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries, want only the manifest: %v", len(entries), entries)
	}
	fi, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode = %v, want 0644", fi.Mode().Perm())
	}
	m, err := ReadManifest(file)
	if err != nil {
		t.Fatal(err)
	}
	if m.Path != "/usr/bin/diwall" || !m.Allows(DefaultExtensionID) || m.Allows(otherID) {
		t.Errorf("rewritten manifest = %+v", m)
	}
}

func TestReadManifestNotJSON(t *testing.T) {
	file := filepath.Join(t.TempDir(), ManifestFileName)
	if err := os.WriteFile(file, []byte("not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadManifest(file); !errors.Is(err, ErrNotManifest) {
		t.Errorf("err = %v, want ErrNotManifest", err)
	}
}

// TestManifestAllowsMoreExtensions: the Chrome Web Store's copy of the
// extension has an ID of its own; the manifest can allow it beside the
// pinned one, once each, and refuses an ID that is not one.
func TestManifestAllowsMoreExtensions(t *testing.T) {
	store := "abcdefghijklmnopabcdefghijklmnop"
	m, err := NewManifest("/opt/diwall", "", store, DefaultExtensionID, store)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.AllowedOrigins) != 2 || !m.Allows(DefaultExtensionID) || !m.Allows(store) {
		t.Errorf("allowed_origins %v", m.AllowedOrigins)
	}
	if _, err := NewManifest("/opt/diwall", "", "not-an-id"); !errors.Is(err, ErrBadExtensionID) {
		t.Errorf("a bad extra ID: %v", err)
	}
}
