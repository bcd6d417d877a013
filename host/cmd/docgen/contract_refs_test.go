package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/act"
)

// oldCite is how code cited the contract before the repository held it.
var oldCite = "SP" + "EC §"

// TestContractCitations: code and pages cite the contract by its file in
// the repository, docs/contract.md, and every section they cite exists.
func TestContractCitations(t *testing.T) {
	contract := readDoc(t, "docs/contract.md")
	sections := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## (\d+)\. `).FindAllStringSubmatch(contract, -1) {
		sections[m[1]] = true
	}
	cite := regexp.MustCompile(`contract\.md` + "`?" + `\)? §(\d+)`)
	cited := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			switch rel {
			case ".git", "node_modules", filepath.Join("e2e", "testdata"), "dist", "bin":
				return filepath.SkipDir
			}
			if d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".js", ".md":
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(data)
		if strings.Contains(text, oldCite) {
			t.Errorf("%s cites %s, a file the repository does not have: cite docs/contract.md §", rel, oldCite)
		}
		for _, m := range cite.FindAllStringSubmatch(text, -1) {
			cited++
			if !sections[m[1]] {
				t.Errorf("%s cites docs/contract.md §%s, which has no such section", rel, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if cited < 10 {
		t.Errorf("found %d citations of docs/contract.md; the pattern no longer finds them", cited)
	}
}

// TestContractNamesEveryAction: the contract's act row names every action
// of act's action table, so an action added there is written down here.
func TestContractNamesEveryAction(t *testing.T) {
	contract := readDoc(t, "docs/contract.md")
	row := ""
	for _, line := range strings.Split(contract, "\n") {
		if strings.HasPrefix(line, "| `act` |") {
			row = line
		}
	}
	if row == "" {
		t.Fatal("docs/contract.md has no row for act")
	}
	for _, a := range act.Actions {
		if !strings.Contains(row, "`"+string(a)+"`") {
			t.Errorf("docs/contract.md's act row does not name the action %q", a)
		}
	}
}
