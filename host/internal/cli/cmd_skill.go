package cli

import (
	"flag"
	"fmt"
	"strings"

	"github.com/diwall/diwall/host/internal/skill"
)

const skillUsage = `Usage:
  diwall skill export [DIR] [--force]
      Write the portal-navigation procedure (the MCP prompt of that name)
      as an agent-skill folder: DIR/portal-navigation/SKILL.md, DIR being
      the current folder by default. An existing SKILL.md is kept unless
      --force.
`

// runSkill is `diwall skill`: the procedures the MCP server offers as
// prompts, written out for agents that read skill folders.
func runSkill(args []string, stdio Stdio) int {
	if len(args) == 0 {
		fmt.Fprint(stdio.Err, skillUsage)
		return 2
	}
	switch args[0] {
	case "export":
		return runSkillExport(args[1:], stdio)
	case "help":
		fmt.Fprint(stdio.Out, skillUsage)
		return 0
	}
	fmt.Fprintf(stdio.Err, "diwall skill: unknown command %q\n\n%s", args[0], skillUsage)
	return 2
}

func runSkillExport(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall skill export", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	force := fs.Bool("force", false, "overwrite an existing SKILL.md")
	fs.Usage = func() {
		fmt.Fprintln(stdio.Err, "Usage: diwall skill export [DIR] [--force]")
		fs.PrintDefaults()
	}
	positional, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(positional) > 1 {
		fmt.Fprintf(stdio.Err, "diwall skill export: give one folder, not %d (%s)\n", len(positional), strings.Join(positional, ", "))
		return 2
	}
	dir := "."
	if len(positional) == 1 {
		dir = positional[0]
	}
	path, err := skill.Export(dir, *force)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall skill export:", err)
		return 1
	}
	fmt.Fprintln(stdio.Out, "wrote", path)
	return 0
}
