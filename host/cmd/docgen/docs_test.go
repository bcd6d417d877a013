package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
)

// root is the repository's root, from this package.
const root = "../../.."

func readDoc(t *testing.T, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestToolsPageIsCurrent: docs/tools.md is what the tools' definitions and
// the notes make of it.
func TestToolsPageIsCurrent(t *testing.T) {
	want, err := renderTools(notes)
	if err != nil {
		t.Fatal(err)
	}
	if got := readDoc(t, toolsPage); got != string(want) {
		t.Errorf("%s is stale: run `make docs` (go run ./host/cmd/docgen) and commit it", toolsPage)
	}
}

// TestEveryToolHasNotes: a tool without notes fails the generator, and
// notes for a tool that does not exist are caught too.
func TestEveryToolHasNotes(t *testing.T) {
	if _, err := renderTools("intro\n\n## `observe`\n\nnotes\n"); err == nil || !strings.Contains(err.Error(), "## `act`") {
		t.Errorf("notes without act: %v", err)
	}
	_, sections := parseNotes(notes)
	for _, s := range sections {
		if strings.HasPrefix(s.title, "`") && !slices.ContainsFunc(toolNames(), func(n string) bool { return toolHeading(n) == s.title }) {
			t.Errorf("tools_notes.md has notes for %s, which is not a tool", s.title)
		}
	}
}

func toolNames() []string {
	var out []string
	rendered, _ := renderTools(notes)
	for _, line := range strings.Split(string(rendered), "\n") {
		if name, ok := strings.CutPrefix(line, "## `"); ok {
			out = append(out, strings.TrimSuffix(name, "`"))
		}
	}
	return out
}

// pages are README.md and every page of docs/.
func pages(t *testing.T) []string {
	t.Helper()
	list, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil || len(list) == 0 {
		t.Fatalf("docs/*.md: %v", err)
	}
	var out []string
	for _, p := range list {
		out = append(out, filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator))))
	}
	return append([]string{"README.md"}, out...)
}

var (
	fence      = regexp.MustCompile("(?ms)^```.*?^```")
	codeSpan   = regexp.MustCompile("`[^`\n]*`")
	mdLink     = regexp.MustCompile(`\[[^\]]*\]\(([^)\s]+)\)`)
	heading    = regexp.MustCompile(`(?m)^#{1,6} +(.+?) *$`)
	tableEntry = regexp.MustCompile("(?m)^\\| `([^`]+)` \\|")
)

// anchors are the fragments GitHub gives a page's headings.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	for _, m := range heading.FindAllStringSubmatch(fence.ReplaceAllString(text, ""), -1) {
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			seen[a] = n + 1
			a = fmt.Sprintf("%s-%d", a, n)
		} else {
			seen[a] = 1
		}
		out[a] = true
	}
	return out
}

// TestDocsLinks: every link from the README or a page of docs/ to a file
// of the repository names one that exists, and every #fragment a heading
// of the page it points to.
func TestDocsLinks(t *testing.T) {
	for _, page := range pages(t) {
		text := readDoc(t, page)
		prose := codeSpan.ReplaceAllString(fence.ReplaceAllString(text, ""), "")
		for _, m := range mdLink.FindAllStringSubmatch(prose, -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(target, "#")
			dest := page
			if file != "" {
				dest = filepath.ToSlash(filepath.Join(filepath.Dir(page), file))
			}
			data, err := os.ReadFile(filepath.Join(root, dest))
			if err != nil {
				if fi, serr := os.Stat(filepath.Join(root, dest)); serr != nil || !fi.IsDir() {
					t.Errorf("%s links to %s, which does not exist", page, target)
				}
				continue
			}
			if frag != "" && !anchors(string(data))[frag] {
				t.Errorf("%s links to %s, but %s has no heading #%s", page, target, dest, frag)
			}
		}
	}
}

// TestReadmeIsShortAndLinksEveryPage: the README stays short, and every
// page of docs/ is reached from it.
func TestReadmeIsShortAndLinksEveryPage(t *testing.T) {
	readme := readDoc(t, "README.md")
	if n := strings.Count(readme, "\n"); n > 150 {
		t.Errorf("README.md has %d lines; keep it to 150 and move the rest into docs/", n)
	}
	for _, page := range pages(t)[1:] {
		if !strings.Contains(readme, "]("+page+")") && !strings.Contains(readme, "]("+page+"#") {
			t.Errorf("README.md does not link to %s", page)
		}
	}
	for _, want := range []string{"make demo", "make test"} {
		if !strings.Contains(readme, want) {
			t.Errorf("README.md does not show %q", want)
		}
	}
}

// section returns the text under a "## " heading of a page, to the next.
func sectionOf(t *testing.T, text, title string) string {
	t.Helper()
	_, rest, ok := strings.Cut(text, "\n## "+title+"\n")
	if !ok {
		t.Fatalf("no section ## %s", title)
	}
	if end := strings.Index(rest, "\n## "); end >= 0 {
		rest = rest[:end]
	}
	return rest
}

// entries are the first cells, in backticks, of a section's table rows.
func entries(text string) map[string]int {
	out := map[string]int{}
	for _, m := range tableEntry.FindAllStringSubmatch(text, -1) {
		out[m[1]]++
	}
	return out
}

// TestTroubleshootingHasEveryCode: one entry per error code a tool can
// answer, and none for a code that does not exist.
func TestTroubleshootingHasEveryCode(t *testing.T) {
	got := entries(sectionOf(t, readDoc(t, "docs/troubleshooting.md"), "Error codes"))
	for _, c := range toolerr.Codes {
		if got[string(c)] != 1 {
			t.Errorf("docs/troubleshooting.md has %d entries for the error code %s, want 1", got[string(c)], c)
		}
		delete(got, string(c))
	}
	for code := range got {
		t.Errorf("docs/troubleshooting.md has an entry for %q, which is not an error code", code)
	}
}

// findingNames runs doctor's checks on a home where everything can be
// found, and names each finding as the troubleshooting page does: BROWSER
// for a browser's ID, CLIENT for an MCP client's, PID and DIR for a
// running browser's.
func findingNames(t *testing.T) []string {
	t.Helper()
	home := t.TempDir()
	self := filepath.Join(home, "diwall")
	if err := os.WriteFile(self, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := paths.Dirs{Config: filepath.Join(home, "c"), State: filepath.Join(home, "s"), Logs: filepath.Join(home, "l"), Data: filepath.Join(home, "d")}
	checks := installer.Doctor(installer.DoctorOptions{
		Options: installer.Options{GOOS: "linux", Home: home, BinaryPath: self, Dirs: d},
		Running: func() ([]installer.RunningBrowser, bool) {
			return []installer.RunningBrowser{{Browser: installer.Chromium, PID: 4242, UserDataDir: filepath.Join(home, "ud")}}, true
		},
		ExtensionStatus: func() (bool, string) { return false, "" },
	})
	checks = append(checks, installer.Doctor(installer.DoctorOptions{
		Options: installer.Options{GOOS: "linux", Home: home, BinaryPath: self, Dirs: d},
		Running: func() ([]installer.RunningBrowser, bool) { return nil, true },
	})...)
	for _, c := range installer.Clients() {
		file := c.Path(runtime.GOOS, home, nil)
		if _, _, err := installer.InstallClient(c, file, self, []string{"mcp"}, nil); err != nil {
			t.Fatal(err)
		}
	}
	checks = append(checks, installer.ClientChecks(runtime.GOOS, home, nil, self)...)
	var names []string
	for _, c := range checks {
		name := strings.Replace(c.Name, "pid 4242 ("+filepath.Join(home, "ud")+")", "pid PID (DIR)", 1)
		for _, b := range installer.BrowserIDs() {
			if strings.HasPrefix(name, b+" ") {
				name = "BROWSER" + strings.TrimPrefix(name, b)
			}
		}
		for _, id := range installer.ClientIDs() {
			if name == id+" config" {
				name = "CLIENT config"
			}
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return append(names, "vault", "audit log")
}

// TestTroubleshootingHasEveryDoctorFinding: each kind of line doctor
// prints has an entry with its fix.
func TestTroubleshootingHasEveryDoctorFinding(t *testing.T) {
	got := entries(sectionOf(t, readDoc(t, "docs/troubleshooting.md"), "Doctor findings"))
	names := findingNames(t)
	for _, want := range []string{"binary", "BROWSER manifest", "extension folder", "BROWSER pid PID (DIR) manifest", "BROWSER pid PID (DIR) extension", "running browsers", "host running", "extension connected", "CLIENT config"} {
		if !slices.Contains(names, want) {
			t.Errorf("the doctor scenario produced no %q: %v", want, names)
		}
	}
	for _, n := range names {
		if got[n] != 1 {
			t.Errorf("docs/troubleshooting.md has %d entries for the doctor finding %q, want 1", got[n], n)
		}
	}
}
