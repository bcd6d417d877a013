package cli

import (
	"fmt"
	"strings"
)

// Help for one command: `diwall COMMAND --help` (or -h, -help, anywhere
// before a "--"), and `diwall help COMMAND`, print the command's usage on
// stdout and exit 0, before the command parses anything: so no command
// starts, and none answers "flag: help requested".

// subcommandUsage are the commands with subcommands of their own, and the
// usage each prints.
var subcommandUsage = map[string]string{
	"audit":   auditUsage,
	"profile": profileUsage,
	"skill":   skillUsage,
	"vault":   vaultUsage,
}

// wantsHelp reports whether args (a command's, after its name) ask for
// help: -h, -help or --help (also with =VALUE, which the flag package
// takes as a request for help too), before any "--".
func wantsHelp(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "h" || name == "help" {
			return true
		}
	}
	return false
}

// commandHelp is the usage of one command: its own text for a command with
// subcommands, otherwise its paragraph of the overview under "Usage:". ok
// is false for a command diwall does not have.
func commandHelp(command string) (text string, ok bool) {
	if text, ok := subcommandUsage[command]; ok {
		return text, true
	}
	if command == "help" {
		return usage, true
	}
	part, ok := usageSection(usage, command)
	if !ok {
		return "", false
	}
	return "Usage:\n" + part + "\nRun \"diwall --help\" for every command.\n", true
}

// usageSection is the paragraph of text about command: from its line
// ("  diwall COMMAND", followed by a space or the end of the line) to the
// next command's line or the text's first unindented line.
func usageSection(text, command string) (string, bool) {
	lines := strings.SplitAfter(text, "\n")
	start := -1
	for i, l := range lines {
		if rest, ok := strings.CutPrefix(l, "  diwall "+command); ok && (rest == "\n" || strings.HasPrefix(rest, " ")) {
			start = i
			break
		}
	}
	if start < 0 {
		return "", false
	}
	end := start + 1
	for end < len(lines) && strings.HasPrefix(lines[end], "   ") {
		end++
	}
	return strings.Join(lines[start:end], ""), true
}

// runHelp prints the usage of command (the overview when it is "") on
// stdout and returns 0; an unknown command is an error, with the overview.
func runHelp(command string, stdio Stdio) int {
	if command == "" {
		fmt.Fprint(stdio.Out, usage)
		return 0
	}
	text, ok := commandHelp(command)
	if !ok {
		fmt.Fprintf(stdio.Err, "diwall help: unknown command %q\n\n%s", command, usage)
		return 2
	}
	fmt.Fprint(stdio.Out, text)
	return 0
}
