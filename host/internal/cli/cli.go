// Package cli parses diwall's command line and runs its modes: the
// native-messaging host (started by Chrome), `mcp` (started by an MCP
// client), install, uninstall, doctor, profile and skill export, and the
// person's commands to a running host (sessions, pause, resume, stop, watch).
package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/internal/version"
)

// Stdio are the process's standard streams.
type Stdio struct {
	In  io.ReadCloser
	Out io.WriteCloser
	Err io.Writer
}

const usage = `diwall lets an AI model see and act in your Chrome, through MCP, safely.

Usage:
  diwall mcp [--profile NAME] [--launch[=headless]] [--browser PATH]
             [--sites PATTERNS] [--tree-chars N] [--marks N] [--frames sites|mask]
             [--download-dir DIR]
      Serve MCP on stdio (what an MCP client runs), under the profile NAME
      (default: "default"). Without --launch it uses your browser, where the
      Diwall extension is installed. With --launch it starts a dedicated
      Chromium with the extension, isolated from your profile, and closes it
      when the client goes away; without --profile it then runs under a
      built-in profile that --sites (comma-separated origin patterns),
      --tree-chars, --marks, --frames and --download-dir (the only folder
      downloads are saved in; without it every download is refused) shape.
  diwall observe URL [-o marked.png] [--json] [--browser PATH]
      See what the model sees: load URL (http or https) in a headless
      browser, observe it once as the observe tool does, write the marked
      image and print the page's HTTP status, the tree and the elements.
  diwall install [--user-data-dir DIR]... [--extension-id ID]...
                 [--client NAME]... [--launch[=headless]] [--force] [--print]
      Register the native host with the installed Chrome, Chromium, Edge and
      Brave, their Snaps and Flatpaks (and with browsers started with
      --user-data-dir DIR; and let the extension ID, the Chrome Web Store's
      copy, start it). --client writes Diwall into the MCP client NAME's own
      file (claude-code, claude-desktop, cursor, vscode, windsurf, codex,
      gemini), keeping its other servers and a backup beside it; with
      --launch the client starts a dedicated browser, and nothing else is
      installed. A diwall entry that is yours is replaced only with --force,
      and uninstall puts it back. --print shows what --client would write,
      and where, and changes nothing.
  diwall uninstall [--purge] [--user-data-dir DIR]... | --client NAME...
      Remove what install made; --purge also your logs, audit, vault,
      profiles. --client removes Diwall from that client's file only.
  diwall doctor       Check the installation, each running browser, and each
      MCP client's entry for Diwall.
  diwall profile list | show | create | allow | disallow | path ...
      Manage profiles, the TOML files that say what a session may do (its
      sites, tools and budgets). "diwall profile help" says more.
  diwall vault add | list | remove ...
      The credentials the login tool types without the model seeing them.
  diwall audit list | show | export | prune ...
      What each session did, call by call; export writes a report to read
      in a browser; list and show --json print it for scripts.
  diwall skill export [DIR] [--force]
      Write the portal-navigation procedure (the MCP prompt of that name) as
      an agent-skill folder, DIR/portal-navigation/SKILL.md (DIR: the
      current folder by default); an existing SKILL.md is kept unless
      --force.
  diwall status [--json]
      The hosts running now, your browsers' and those of the browsers
      "diwall mcp --launch" started (pid, its browser's pid, versions,
      whether it answers on its socket), and Diwall's folders (profiles,
      state, logs, audit); --json prints it for scripts.
  diwall sessions     List the sessions of the running host: key, name, state.
  diwall pause [SESSION|--all]
      Pause a session (or every one, also when none is named): until you
      resume it, each of its tools answers paused_by_user at once, and a
      call it is making is interrupted. SESSION is a key (its first
      characters will do) or the client's name, as "diwall sessions" shows.
  diwall resume [SESSION|--all]
      Let a paused or stopped session act again.
  diwall stop [SESSION|--all] [--close-tabs]
      End a session's access: the debugger leaves its tabs, which stay open
      for you unless --close-tabs; its calls are refused until resumed.
  diwall handoff done|decline [SESSION]
      Answer a step a session handed to you (a captcha, an MFA code) once
      you did it in its tab (done), or could not (decline). SESSION may be
      left out when only one session waits for you.
  diwall watch [--no-open]
      Start the operator's page (off until asked: 127.0.0.1 only, a random
      port, a secret token in its address) and open it in your browser.
  diwall version      The host's version and the extension it embeds.
  diwall help [COMMAND]
      This text, or one command's (as "diwall COMMAND --help" prints it).

Chrome starts diwall itself as a native-messaging host (argument
chrome-extension://ID/); that mode speaks only to the extension.
DIWALL_HOME, when set, holds all of Diwall's files.
`

// Run runs diwall with args (without the program name) and returns the
// exit code.
func Run(ctx context.Context, args []string, stdio Stdio) int {
	if len(args) > 0 && strings.HasPrefix(args[0], "chrome-extension://") {
		return runHost(ctx, args, stdio)
	}
	if len(args) == 0 {
		fmt.Fprint(stdio.Err, usage)
		return 2
	}
	if wantsHelp(args[1:]) {
		if text, ok := commandHelp(args[0]); ok {
			fmt.Fprint(stdio.Out, text)
			return 0
		}
	}
	switch args[0] {
	case "mcp":
		return runMCP(ctx, args[1:], stdio)
	case "observe":
		return runObserve(ctx, args[1:], stdio)
	case "install":
		return runInstall(args[1:], stdio)
	case "uninstall":
		return runUninstall(args[1:], stdio)
	case "doctor":
		return runDoctor(args[1:], stdio)
	case "profile":
		return runProfile(args[1:], stdio)
	case "vault":
		return runVault(args[1:], stdio)
	case "audit":
		return runAudit(args[1:], stdio)
	case "skill":
		return runSkill(args[1:], stdio)
	case "pause", "resume", "stop":
		return runControl(args[0], args[1:], stdio)
	case "sessions":
		return runSessions(args[1:], stdio)
	case "status":
		return runStatus(args[1:], stdio)
	case "handoff":
		return runHandoff(args[1:], stdio)
	case "watch":
		return runWatch(args[1:], stdio)
	case "version", "--version":
		fmt.Fprintln(stdio.Out, "diwall", version.Host)
		fmt.Fprintf(stdio.Out, "extension %s (ID %s, embedded)\n", extension.Version(), extension.ID())
		return 0
	case "help", "-h", "-help", "--help":
		if len(args) > 1 && args[0] == "help" {
			return runHelp(args[1], stdio)
		}
		return runHelp("", stdio)
	}
	fmt.Fprintf(stdio.Err, "diwall: unknown command %q\n\n%s", args[0], usage)
	return 2
}

// executable is the absolute path of this binary, as browsers must start it.
func executable() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("cannot find my own path: %w", err)
	}
	return p, nil
}
