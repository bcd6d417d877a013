package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/skill"
)

// TestSkillExport: diwall skill export writes DIR/portal-navigation/SKILL.md
// (the current folder by default), keeps an existing one unless --force,
// and says why it refuses.
func TestSkillExport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "portal-navigation", "SKILL.md")
	code, out, errOut := run("skill", "export", dir)
	if code != 0 || !strings.Contains(out, path) {
		t.Fatalf("export: code %d, stdout %q, stderr %q", code, out, errOut)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "---\nname: portal-navigation\ndescription: "+skill.Description+"\n---\n") {
		t.Errorf("SKILL.md begins %.120q", data)
	}
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run("skill", "export", dir); code != 1 || !strings.Contains(errOut, path+" already exists") || !strings.Contains(errOut, "--force") {
		t.Errorf("export over SKILL.md: code %d, stderr %q", code, errOut)
	}
	if data, _ := os.ReadFile(path); string(data) != "mine" {
		t.Error("the refused export changed SKILL.md")
	}
	if code, _, errOut := run("skill", "export", dir, "--force"); code != 0 {
		t.Errorf("export --force: code %d, stderr %q", code, errOut)
	}
	if data, _ := os.ReadFile(path); string(data) != string(skill.File()) {
		t.Error("export --force did not overwrite SKILL.md")
	}

	here := t.TempDir()
	t.Chdir(here)
	if code, _, errOut := run("skill", "export"); code != 0 {
		t.Errorf("export to the current folder: code %d, stderr %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(here, "portal-navigation", "SKILL.md")); err != nil {
		t.Error(err)
	}
}

func TestSkillUsage(t *testing.T) {
	if code, _, errOut := run("skill"); code != 2 || !strings.Contains(errOut, "diwall skill export [DIR] [--force]") {
		t.Errorf("skill: code %d, stderr %q", code, errOut)
	}
	if code, _, errOut := run("skill", "import"); code != 2 || !strings.Contains(errOut, `unknown command "import"`) {
		t.Errorf("skill import: code %d, stderr %q", code, errOut)
	}
	if code, _, errOut := run("skill", "export", "a", "b"); code != 2 || !strings.Contains(errOut, "give one folder, not 2") {
		t.Errorf("two folders: code %d, stderr %q", code, errOut)
	}
	if !strings.Contains(usage, "diwall skill export [DIR] [--force]") {
		t.Error("the main usage does not mention diwall skill export")
	}
}
