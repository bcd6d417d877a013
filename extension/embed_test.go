package extension

import (
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"testing"
)

// Every file the manifest and the pages name must be embedded, or Chrome loads an extension
// whose popup or approval window is blank.
func TestEmbeddedFilesAreComplete(t *testing.T) {
	data, err := Files.ReadFile("manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Background struct {
			ServiceWorker string `json:"service_worker"`
		} `json:"background"`
		Action struct {
			DefaultPopup string `json:"default_popup"`
		} `json:"action"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	// The approval window is opened by URL from approvals.js, not named in the manifest.
	want := []string{m.Background.ServiceWorker, m.Action.DefaultPopup, "src/approve.html"}
	for _, name := range want {
		if name == "" {
			t.Fatalf("manifest names an empty file: %+v", m)
		}
		if _, err := fs.Stat(Files, name); err != nil {
			t.Errorf("%s is not embedded: %v", name, err)
		}
	}

	ref := regexp.MustCompile(`(?:src|href)="([^"]+)"`)
	pages, err := fs.Glob(Files, "src/*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, page := range pages {
		html, err := Files.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, match := range ref.FindAllStringSubmatch(string(html), -1) {
			name := path.Join(path.Dir(page), match[1])
			if _, err := fs.Stat(Files, name); err != nil {
				t.Errorf("%s names %s, which is not embedded", page, match[1])
			}
		}
	}
}
