package main

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLicenceIsApache: the repository's LICENSE is the Apache License 2.0,
// whole, with the copyright of the Diwall authors, which licenseID names.
func TestLicenceIsApache(t *testing.T) {
	data, err := os.ReadFile("../../../LICENSE")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, want := range []string{
		"Apache License\n                           Version 2.0, January 2004\n",
		"TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
		"9. Accepting Warranty or Additional Liability.",
		"END OF TERMS AND CONDITIONS",
		"Copyright 2026 The Diwall Authors",
		`Licensed under the Apache License, Version 2.0 (the "License");`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("LICENSE lacks %q", want)
		}
	}
	if licenseID != "Apache-2.0" {
		t.Errorf("licenseID %q, the SPDX name of LICENSE is Apache-2.0", licenseID)
	}
}

// TestEveryPackageJSONNamesTheLicence: each package.json of the repository
// (the extension's, the page scripts', the test and benchmark clients')
// and the root entry of its package-lock.json say Apache-2.0; npm's own
// node_modules are not ours.
func TestEveryPackageJSONNamesTheLicence(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	var found int
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == ".git" || d.Name() == "dist") {
			return filepath.SkipDir
		}
		switch d.Name() {
		case "package.json":
			found++
			var m struct{ License string }
			readJSON(t, path, &m)
			if m.License != licenseID {
				t.Errorf("%s: license %q, want %q", path, m.License, licenseID)
			}
		case "package-lock.json":
			var m struct {
				Packages map[string]struct{ License string }
			}
			readJSON(t, path, &m)
			if got := m.Packages[""].License; got != licenseID {
				t.Errorf("%s: the root package's license %q, want %q (npm install writes it from package.json)", path, got, licenseID)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 5 {
		t.Errorf("found %d package.json files, want the 5 or more of the repository", found)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
