package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// dir is pagescript's folder, this command's parent.
const dir = ".."

// TestBundlesAreFresh fails when a bundle checked in is not what the
// modules of js/ make now: run go generate ./host/internal/pagescript.
func TestBundlesAreFresh(t *testing.T) {
	bundles, err := build(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bundles {
		got, err := os.ReadFile(filepath.Join(dir, "bundled", b.Entry+".js"))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != b.Text {
			t.Errorf("bundled/%s.js is stale: run go generate ./host/internal/pagescript", b.Entry)
		}
	}
	entries, err := os.ReadDir(filepath.Join(dir, "bundled"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(bundles) {
		t.Errorf("bundled/ holds %d files, %d bundles are made", len(entries), len(bundles))
	}
}

// TestEveryModuleIsBundled: each ES module of js/ is in a bundle, so none
// is dead (pagescript's TestEveryFileIsSent holds the scripts sent as they
// are).
func TestEveryModuleIsBundled(t *testing.T) {
	bundles, err := build(dir)
	if err != nil {
		t.Fatal(err)
	}
	in := map[string]bool{}
	for _, b := range bundles {
		for _, f := range b.Inputs {
			in[f] = true
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "js", "*.js"))
	if err != nil {
		t.Fatal(err)
	}
	module := regexp.MustCompile(`(?m)^(import|export) `)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := "js/" + filepath.Base(f)
		if module.Match(src) && !in[name] {
			t.Errorf("%s is a module in no bundle", name)
		}
	}
	if !in["js/page_constants.json"] {
		t.Error("no bundle imports page_constants.json")
	}
}

// TestBundleOfAMissingModuleFails: a broken import is an error, not a
// bundle without it.
func TestBundleOfAMissingModuleFails(t *testing.T) {
	tmp := t.TempDir()
	if err := os.Mkdir(filepath.Join(tmp, "js"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range Entries {
		src := "export default function f() { return 1; }\n"
		if e == "act" {
			src = `import { gone } from "./gone.js";` + "\nexport default function f() { return gone; }\n"
		}
		if err := os.WriteFile(filepath.Join(tmp, "js", e+".js"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := build(tmp); err == nil || !strings.Contains(err.Error(), "js/act.js") {
		t.Fatalf("a missing import: %v", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "js", "act.js"), []byte("export const x = 1;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := build(tmp); err == nil || !strings.Contains(err.Error(), "default export") {
		t.Fatalf("no default export: %v", err)
	}
	if err := os.WriteFile(filepath.Join(tmp, "js", "act.js"), []byte("export default function f() { return 2; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := write(tmp); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(tmp, "bundled", "act.js"))
	if err != nil || !strings.HasPrefix(string(got), `(()=>{"use strict";`) || !strings.HasSuffix(string(got), "})()") {
		t.Fatalf("written %q: %v", got, err)
	}
}
