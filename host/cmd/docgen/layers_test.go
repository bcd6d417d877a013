package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/diwall/diwall/"

// layers reads docs/development.md's table of layers: each package and
// its layer.
func layers(t *testing.T) map[string]int {
	t.Helper()
	doc := readDoc(t, "docs/development.md")
	_, table, ok := strings.Cut(doc, "## Packages and layers")
	if !ok {
		t.Fatal(`docs/development.md has no "## Packages and layers" section`)
	}
	row := regexp.MustCompile(`(?m)^\| (\d+) \| ([^|]+) \|`)
	name := regexp.MustCompile("`([^`]+)`")
	of := map[string]int{}
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		n, _ := strconv.Atoi(m[1])
		for _, p := range name.FindAllStringSubmatch(m[2], -1) {
			of[p[1]] = n
		}
	}
	if len(of) < 20 {
		t.Fatalf("read %d packages from the table of layers", len(of))
	}
	return of
}

// imports lists each package of the module (but the end-to-end tests)
// with the module's packages its non-test files import, whatever their
// build tags.
func imports(t *testing.T) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	fset := token.NewFileSet()
	for _, top := range []string{"protocol", "extension", "internal", "installer", "host"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "node_modules" || d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			pkg := filepath.ToSlash(rel)
			if out[pkg] == nil {
				out[pkg] = map[string]bool{}
			}
			for _, imp := range f.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if dep, ok := strings.CutPrefix(p, module); ok {
					out[pkg][dep] = true
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestImportLayers: every package is in a layer of docs/development.md,
// and imports only packages of lower layers.
func TestImportLayers(t *testing.T) {
	of := layers(t)
	pkgs := imports(t)
	for pkg, deps := range pkgs {
		n, ok := of[pkg]
		if !ok {
			t.Errorf("%s is in no layer of docs/development.md's table", pkg)
			continue
		}
		for dep := range deps {
			if m, ok := of[dep]; ok && m >= n {
				t.Errorf("%s (layer %d) imports %s (layer %d): a package imports only lower layers", pkg, n, dep, m)
			}
		}
	}
	for pkg := range of {
		if _, ok := pkgs[pkg]; !ok {
			t.Errorf("docs/development.md's table names %s, which is no package", pkg)
		}
	}
}

// TestEndToEndTestsAreBlackBox: the end-to-end tests (their test files
// too) import, of the module, only the wire contract and packages of their
// own: they drive diwall as a person does, through its binary and its
// commands, so the host's packages can move without them.
func TestEndToEndTestsAreBlackBox(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(filepath.Join(root, "e2e"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			dep, ok := strings.CutPrefix(p, module)
			if ok && dep != "protocol" && !strings.HasPrefix(dep, "e2e/") {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s imports %s: the end-to-end tests use the diwall binary and protocol only", filepath.ToSlash(rel), p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
