package cli

import (
	"regexp"
	"strings"
	"testing"
)

// definedFlag matches a flag in what a flag set prints of its flags
// (PrintDefaults): "  -name" then its kind or the end of the line.
var definedFlag = regexp.MustCompile(`(?m)^  -([\w-]+)`)

// flagsOf returns the flags the command accepts, as its own flag set lists
// them when it is given one it does not know: that is parsed before the
// command does anything.
func flagsOf(t *testing.T, command []string) []string {
	t.Helper()
	code, _, errOut := run(append(command, "--no-such-flag")...)
	if code != 2 || !strings.Contains(errOut, "flag provided but not defined") {
		t.Fatalf("diwall %s --no-such-flag: exit %d, stderr %q", strings.Join(command, " "), code, errOut)
	}
	var names []string
	for _, m := range definedFlag.FindAllStringSubmatch(errOut, -1) {
		names = append(names, m[1])
	}
	if len(names) == 0 {
		t.Fatalf("diwall %s lists no flags: %q", strings.Join(command, " "), errOut)
	}
	return names
}

// usageOf returns the paragraph of a usage text about one command: from
// its line ("  diwall CMD") to the next command's.
func usageOf(t *testing.T, text, command string) string {
	t.Helper()
	start := strings.Index(text, "  diwall "+command)
	if start < 0 {
		t.Fatalf("the usage does not mention diwall %s", command)
	}
	rest := text[start+len("  diwall "+command):]
	if end := strings.Index(rest, "\n  diwall "); end >= 0 {
		rest = rest[:end]
	}
	return command + rest
}

// TestUsageListsEveryFlag ties each command's usage text to its flag set:
// a flag added to a command without a word in its usage fails here.
func TestUsageListsEveryFlag(t *testing.T) {
	cases := []struct {
		command []string // as run, with the arguments it needs
		text    string   // the usage text that describes it
		section string   // the command, as that text names it
	}{
		{[]string{"mcp"}, usage, "mcp"},
		{[]string{"observe", "http://127.0.0.1/"}, usage, "observe"},
		{[]string{"install"}, usage, "install"},
		{[]string{"uninstall"}, usage, "uninstall"},
		{[]string{"pause"}, usage, "pause"},
		{[]string{"resume"}, usage, "resume"},
		{[]string{"stop"}, usage, "stop"},
		{[]string{"watch"}, usage, "watch"},
		{[]string{"audit", "export", "s"}, auditUsage, "audit export"},
		{[]string{"audit", "prune"}, auditUsage, "audit prune"},
		{[]string{"vault", "add", "id"}, vaultUsage, "vault add"},
		{[]string{"skill", "export"}, usage, "skill export"},
		{[]string{"skill", "export"}, skillUsage, "skill export"},
	}
	for _, c := range cases {
		text := usageOf(t, c.text, c.section)
		for _, name := range flagsOf(t, c.command) {
			dash := "--"
			if len(name) == 1 {
				dash = "-"
			}
			if !strings.Contains(text, dash+name) {
				t.Errorf("diwall %s accepts %s%s, but its usage does not say so:\n%s", c.section, dash, name, text)
			}
		}
	}
}
