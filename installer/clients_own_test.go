package installer

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClientEntryNotOursNeedsForce: a diwall entry the person wrote (a
// profile and an env of their own) is replaced only with force; without
// it the error names the file and the flag, and nothing changes; with it
// uninstall puts the person's entry back, byte for byte.
func TestClientEntryNotOursNeedsForce(t *testing.T) {
	cases := []struct{ client, name, before string }{
		{"cursor", "mcp.json", "{\n  \"mcpServers\": {\n    \"diwall\": {\"command\": \"/usr/local/bin/diwall\", \"args\": [\"mcp\", \"--profile\", \"work\"],\n      \"env\": {\"DIWALL_HOME\": \"/w\"}},\n    \"fs\": {\"command\": \"fs\"}\n  }\n}\n"},
		{"vscode", "mcp.json", "{\n  // mine\n  \"servers\": {\n    \"diwall\": /* mine too */ {\n      \"type\": \"stdio\", \"command\": \"diwall\", \"args\": [\"mcp\"], // trailing\n    },\n  },\n}\n"},
		{"codex", "config.toml", "model = \"o3\"\n\n[mcp_servers.diwall]\n# my own\ncommand = \"diwall\"\nargs = [\"mcp\", \"--profile\", \"work\"]\n\n[mcp_servers.diwall.env]\nDIWALL_HOME = \"/w\"\n\n# the next one\n[mcp_servers.other]\ncommand = \"o\"\n"},
		{"codex", "config.toml", "[mcp_servers.diwall]\ncommand = \"diwall\"\nargs = [\"mcp\"]\n"},
	}
	for _, tc := range cases {
		t.Run(tc.client, func(t *testing.T) {
			c := client(t, tc.client)
			file := filepath.Join(t.TempDir(), tc.name)
			if err := os.WriteFile(file, []byte(tc.before), 0o600); err != nil {
				t.Fatal(err)
			}
			var foreign *ForeignEntryError
			if err := CheckClient(c, file, "/opt/diwall", []string{"mcp", "--launch"}, nil); !errors.As(err, &foreign) {
				t.Errorf("CheckClient: %v, want a ForeignEntryError", err)
			}
			_, _, err := InstallClient(c, file, "/opt/diwall", []string{"mcp", "--launch"}, nil)
			if !errors.As(err, &foreign) || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), "--force") {
				t.Errorf("install without force: %v, want an error naming the file and --force", err)
			}
			if got, _ := os.ReadFile(file); string(got) != tc.before {
				t.Errorf("a refused install changed the file:\n%s", got)
			}
			if _, err := os.Stat(file + BackupSuffix); err == nil {
				t.Error("a refused install left a backup")
			}

			res, rec, err := InstallClientForce(c, file, "/opt/diwall", []string{"mcp", "--launch"}, nil)
			if err != nil || res.Action != Installed || rec.Replaced == "" {
				t.Fatalf("install with force: %+v %+v %v", res, rec, err)
			}
			after, _ := os.ReadFile(file)
			if entry, _ := c.readEntry(after); canonicalSum(entry) != rec.EntrySHA256 {
				t.Errorf("after install, the entry is not Diwall's:\n%s", after)
			}
			res, err = UninstallClient(c, rec)
			if err != nil || res.Action != Restored {
				t.Fatalf("uninstall: %+v %v", res, err)
			}
			if got, _ := os.ReadFile(file); string(got) != tc.before {
				t.Errorf("after uninstall:\n%s\nwant the person's file exactly:\n%s", got, tc.before)
			}
			if _, err := os.Stat(file + BackupSuffix); err == nil {
				t.Error("the backup is left behind")
			}
		})
	}
}

// TestClientKeepsTheFirstBackup: a second install with other flags keeps
// the backup of the file as it was before the first; an entry Diwall
// wrote is replaced without force; uninstall gives the first file back.
func TestClientKeepsTheFirstBackup(t *testing.T) {
	for _, id := range []string{"cursor", "codex"} {
		t.Run(id, func(t *testing.T) {
			c := client(t, id)
			file := filepath.Join(t.TempDir(), "config")
			before := "{\"mcpServers\": {\"fs\": {\"command\": \"fs\"}}}\n"
			if c.TOML {
				before = "[mcp_servers.fs]\ncommand = \"fs\"\n"
			}
			if err := os.WriteFile(file, []byte(before), 0o600); err != nil {
				t.Fatal(err)
			}
			_, first, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckClient(c, file, "/opt/diwall", []string{"mcp", "--launch"}, &first); err != nil {
				t.Errorf("CheckClient of Diwall's own entry: %v", err)
			}
			_, second, err := InstallClient(c, file, "/opt/diwall", []string{"mcp", "--launch"}, &first)
			if err != nil {
				t.Fatalf("a second install with other flags: %v", err)
			}
			if second.Backup != first.Backup || second.BackupSHA256 != first.BackupSHA256 {
				t.Errorf("backup %s %s, want the first's %s %s", second.Backup, second.BackupSHA256, first.Backup, first.BackupSHA256)
			}
			if got, _ := os.ReadFile(first.Backup); string(got) != before {
				t.Errorf("the first backup was overwritten:\n%s", got)
			}
			if res, err := UninstallClient(c, second); err != nil || res.Action != Removed {
				t.Fatalf("uninstall: %+v %v", res, err)
			}
			if got, _ := os.ReadFile(file); string(got) != before {
				t.Errorf("after uninstall:\n%s\nwant:\n%s", got, before)
			}
		})
	}
}

// TestClientEntryLikeOursWasThere: an entry just like Diwall's, there
// before install (pasted from --print), needs no force, and stays after
// uninstall: it was the person's.
func TestClientEntryLikeOursWasThere(t *testing.T) {
	c := client(t, "codex")
	file := filepath.Join(t.TempDir(), "config.toml")
	before := "[mcp_servers.diwall]\ncommand = '/opt/diwall'\nargs = ['mcp']\n"
	if err := os.WriteFile(file, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	res, rec, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil)
	if err != nil || res.Detail != "already there" {
		t.Fatalf("install: %+v %v", res, err)
	}
	if res, err := UninstallClient(c, rec); err != nil || res.Action != Restored {
		t.Fatalf("uninstall: %+v %v", res, err)
	}
	if got, _ := os.ReadFile(file); string(got) != before {
		t.Errorf("after uninstall:\n%s", got)
	}
}

// TestClientCodexTableAloneRemoved: a Codex file whose only server is
// Diwall's, in a file that held other settings, loses the table and
// nothing else: an [mcp_servers] left empty is no table of servers.
func TestClientCodexTableAloneRemoved(t *testing.T) {
	c := client(t, "codex")
	file := filepath.Join(t.TempDir(), "config.toml")
	before := "model = \"o3\"\n\n[mcp_servers]\n"
	if err := os.WriteFile(file, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	_, rec, err := InstallClient(c, file, "/opt/diwall", []string{"mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := UninstallClient(c, rec); err != nil || res.Action != Removed {
		t.Fatalf("uninstall: %+v %v", res, err)
	}
	data, _ := os.ReadFile(file)
	if m, err := decodeTOMLConfig(data); err != nil || m["model"] != "o3" {
		t.Errorf("after uninstall: %s %v", data, err)
	}
}

// TestBackupNeverOverwritten: a backup already beside the file (of an
// install whose record is gone) stays; the new one takes the next name.
func TestBackupNeverOverwritten(t *testing.T) {
	file := filepath.Join(t.TempDir(), "mcp.json")
	if err := os.WriteFile(file, []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file+BackupSuffix, []byte("the oldest"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, rec, err := InstallClient(client(t, "cursor"), file, "/opt/diwall", []string{"mcp"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Backup != file+BackupSuffix+".2" {
		t.Errorf("backup at %s", rec.Backup)
	}
	if got, _ := os.ReadFile(file + BackupSuffix); string(got) != "the oldest" {
		t.Errorf("the older backup was overwritten: %s", got)
	}
}
