package cli

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// commandLine matches a command's first line in the overview.
var commandLine = regexp.MustCompile(`(?m)^  diwall (\w+)`)

// TestHelpForEveryCommand: every command, and every subcommand, with -h,
// -help or --help anywhere before "--", prints its usage on stdout and
// exits 0, having done nothing else: DIWALL_HOME stays empty (install and
// uninstall neither write nor remove), and no "flag: help requested".
func TestHelpForEveryCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("DIWALL_HOME", home)
	t.Setenv("HOME", t.TempDir())
	cases := [][]string{
		{"mcp"}, {"mcp", "--launch=headless"}, {"observe"}, {"observe", "https://example.com/"},
		{"install"}, {"install", "--client", "cursor"}, {"uninstall"}, {"uninstall", "--purge"}, {"doctor"},
		{"profile"}, {"profile", "create", "work"}, {"vault"}, {"vault", "add", "id", "--origin", "https://example.com"},
		{"audit"}, {"audit", "list"}, {"audit", "export", "abc"}, {"skill"}, {"skill", "export"},
		{"status"}, {"sessions"}, {"pause"}, {"resume", "--all"}, {"stop", "abcd"}, {"handoff"}, {"handoff", "done"},
		{"watch"}, {"version"}, {"help"},
	}
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c[0]] = true
		for _, flag := range []string{"--help", "-h", "-help", "--help=true"} {
			args := append(slices.Clone(c), flag)
			code, out, errOut := run(args...)
			if code != 0 || errOut != "" || !strings.Contains(out, "Usage:") || !strings.Contains(out, "diwall "+c[0]) || strings.Contains(out+errOut, "help requested") {
				t.Errorf("diwall %s: exit %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, out, errOut)
			}
		}
		// The flag may come first too.
		if code, out, _ := run(append([]string{c[0], "-h"}, c[1:]...)...); code != 0 || !strings.Contains(out, "diwall "+c[0]) {
			t.Errorf("diwall %s -h %s: exit %d\n%s", c[0], strings.Join(c[1:], " "), code, out)
		}
	}
	for _, m := range commandLine.FindAllStringSubmatch(usage, -1) {
		if !covered[m[1]] {
			t.Errorf("diwall %s is in the usage, but its --help is not tested", m[1])
		}
	}
	if entries, _ := os.ReadDir(home); len(entries) > 0 {
		t.Errorf("--help left files in DIWALL_HOME: %v", entries)
	}
}

// TestHelpShowsTheCommandOnly: a command's help is its paragraph of the
// overview, not another command's; a command with subcommands prints its
// own usage.
func TestHelpShowsTheCommandOnly(t *testing.T) {
	for _, c := range []struct {
		args      []string
		want, not []string
	}{
		{[]string{"observe", "--help"}, []string{"Usage:\n  diwall observe URL", "--browser PATH", `"diwall --help"`}, []string{"diwall mcp", "diwall install"}},
		{[]string{"pause", "-h"}, []string{"diwall pause [SESSION|--all]", "paused_by_user"}, []string{"diwall resume"}},
		{[]string{"stop", "-h"}, []string{"diwall stop [SESSION|--all] [--close-tabs]"}, []string{"diwall pause", "diwall handoff"}},
		{[]string{"doctor", "--help"}, []string{"diwall doctor       Check"}, []string{"diwall profile"}},
		{[]string{"handoff", "done", "--help"}, []string{"diwall handoff done|decline [SESSION]"}, []string{"diwall watch"}},
		{[]string{"version", "--help"}, []string{"diwall version"}, []string{"Chrome starts diwall itself"}},
		{[]string{"vault", "add", "--help"}, []string{vaultUsage}, nil},
		{[]string{"audit", "prune", "-h"}, []string{auditUsage}, nil},
		{[]string{"help", "install"}, []string{"Usage:\n  diwall install", "--client NAME"}, []string{"diwall uninstall"}},
		{[]string{"help", "profile"}, []string{profileUsage}, nil},
		{[]string{"help"}, []string{usage}, nil},
		{[]string{"--help"}, []string{usage}, nil},
		{[]string{"-h"}, []string{usage}, nil},
		{[]string{"vault", "help"}, []string{vaultUsage}, nil},
	} {
		code, out, errOut := run(c.args...)
		if code != 0 || errOut != "" {
			t.Errorf("diwall %s: exit %d, stderr %q", strings.Join(c.args, " "), code, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("diwall %s lacks %q:\n%s", strings.Join(c.args, " "), w, out)
			}
		}
		for _, n := range c.not {
			if strings.Contains(out, n) {
				t.Errorf("diwall %s shows %q, another command's:\n%s", strings.Join(c.args, " "), n, out)
			}
		}
	}
}

// TestHelpAfterDoubleDashIsAnArgument: "--" ends the flags, so a "--help"
// after it is not a request for help; an unknown command stays unknown.
func TestHelpAfterDoubleDashIsAnArgument(t *testing.T) {
	if wantsHelp([]string{"x", "--", "--help"}) {
		t.Error(`"--help" after "--" asked for help`)
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"-help"}, {"a", "--help=false"}, {"--json", "-h"}} {
		if !wantsHelp(args) {
			t.Errorf("%q: no help", args)
		}
	}
	for _, args := range [][]string{nil, {"help"}, {"--helpful"}, {"-hx"}, {"https://example.com/?q=--help"}} {
		if wantsHelp(args) {
			t.Errorf("%q asked for help", args)
		}
	}
	if code, out, errOut := run("fly", "--help"); code != 2 || out != "" || !strings.Contains(errOut, `unknown command "fly"`) {
		t.Errorf("diwall fly --help: exit %d, %q, %q", code, out, errOut)
	}
	if code, _, errOut := run("help", "fly"); code != 2 || !strings.Contains(errOut, `diwall help: unknown command "fly"`) {
		t.Errorf("diwall help fly: exit %d, %q", code, errOut)
	}
}
