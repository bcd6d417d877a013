package cdp

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// root is the repository's root, from this package's folder.
var root = filepath.Join("..", "..", "..")

// cdpName is what a CDP command's or event's name looks like.
var cdpName = regexp.MustCompile(`^[A-Z][A-Za-z]+\.[a-z][A-Za-z]+$`)

// declared returns this package's command constants (typed Method) and
// event constants (untyped, with a CDP name), name -> value.
func declared(t *testing.T) (commands, events map[string]string) {
	commands, events = map[string]string{}, map[string]string{}
	fset := token.NewFileSet()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if i >= len(vs.Values) {
						continue
					}
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !ok || lit.Kind != token.STRING {
						continue
					}
					v, _ := strconv.Unquote(lit.Value)
					switch typ, _ := vs.Type.(*ast.Ident); {
					case typ != nil && typ.Name == "Method":
						commands[name.Name] = v
					case vs.Type == nil && cdpName.MatchString(v):
						events[name.Name] = v
					}
				}
			}
		}
	}
	return commands, events
}

// hostUses returns the names of this package the host's code (outside it,
// tests left out) refers to, and fails on any CDP name it writes as a
// string of its own.
func hostUses(t *testing.T) map[string]bool {
	used := map[string]bool{}
	fset := token.NewFileSet()
	self, _ := filepath.Abs(".")
	err := filepath.WalkDir(filepath.Join(root, "host"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if abs, _ := filepath.Abs(path); d.IsDir() && abs == self {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		local := ""
		for _, imp := range f.Imports {
			if imp.Path.Value == `"github.com/diwall/diwall/host/internal/cdp"` {
				local = "cdp"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && local != "" && x.Name == local {
					used[n.Sel.Name] = true
				}
			case *ast.BasicLit:
				if v, err := strconv.Unquote(n.Value); n.Kind == token.STRING && err == nil && cdpName.MatchString(v) && cdpDomain(v) {
					t.Errorf("%s: the CDP name %q is written out; use host/internal/cdp's constant", fset.Position(n.Pos()), v)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return used
}

// cdpDomain says whether name is in a DevTools domain (and not, say, a
// file name like "page.js").
func cdpDomain(name string) bool {
	switch name[:strings.IndexByte(name, '.')] {
	case "Page", "Runtime", "DOM", "DOMDebugger", "DOMSnapshot", "Input", "Target", "Accessibility",
		"Inspector", "Emulation", "Network", "Fetch", "Browser", "Storage", "Log", "CSS", "Debugger", "Overlay":
		return true
	}
	return false
}

// jsSet reads the strings of `export const name = new Set([...])` in the
// extension's allow-list.
func jsSet(t *testing.T, src, name string) []string {
	start := strings.Index(src, "export const "+name+" = new Set([")
	if start < 0 {
		t.Fatalf("cdp_allowlist.js has no %s", name)
	}
	end := strings.Index(src[start:], "])")
	var out []string
	for _, m := range regexp.MustCompile(`"([^"]+)"`).FindAllStringSubmatch(src[start:start+end], -1) {
		out = append(out, m[1])
	}
	return out
}

// TestAllowListIsWhatTheHostUses holds the extension's CDP allow-list
// equal to the commands the host sends, and the events the extension
// forwards equal to those the host reads: a command the host stops
// sending leaves the list, and one it starts sending must be added.
func TestAllowListIsWhatTheHostUses(t *testing.T) {
	commands, events := declared(t)
	used := hostUses(t)
	var sends, reads []string
	for name, v := range commands {
		if !used[name] {
			t.Errorf("the host never sends %s (cdp.%s): remove it", v, name)
			continue
		}
		sends = append(sends, v)
	}
	for name, v := range events {
		if !used[name] {
			t.Errorf("the host never reads %s (cdp.%s): remove it", v, name)
			continue
		}
		reads = append(reads, v)
	}
	src, err := os.ReadFile(filepath.Join(root, "extension", "src", "cdp_allowlist.js"))
	if err != nil {
		t.Fatal(err)
	}
	allowed := jsSet(t, string(src), "ALLOWED_CDP_COMMANDS")
	forwarded := append(jsSet(t, string(src), "FORWARDED_CDP_EVENTS"), jsSet(t, string(src), "FORWARDED_TARGET_EVENTS")...)
	forwarded = append(forwarded, jsSet(t, string(src), "FORWARDED_FETCH_EVENTS")...)
	forwarded = append(forwarded, jsSet(t, string(src), "FORWARDED_NETWORK_EVENTS")...)
	same(t, "the extension allows", allowed, "the host never sends it", sends, "the host sends", "the extension does not allow it")
	same(t, "the extension forwards", forwarded, "the host never reads it", reads, "the host reads", "the extension does not forward it")
}

// same reports each x of a not in b, and each of b not in a.
func same(t *testing.T, aHas string, a []string, notInB string, b []string, bHas, notInA string) {
	t.Helper()
	for _, x := range a {
		if !slices.Contains(b, x) {
			t.Errorf("%s %s, but %s", aHas, x, notInB)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			t.Errorf("%s %s, but %s", bHas, x, notInA)
		}
	}
}
