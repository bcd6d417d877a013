package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
)

const profileUsage = `Usage:
  diwall profile list                   List the profiles and their files.
  diwall profile show NAME              Print the profile in effect, defaults included.
  diwall profile create NAME            Write a new profile, commented, that asks for every site.
  diwall profile allow NAME PATTERN     Add an origin pattern to the profile's sites.
  diwall profile disallow NAME PATTERN  Remove an origin pattern from the profile's sites.
  diwall profile path NAME              Print the profile's file.

A profile says what an MCP session may do: the sites it may see and act on,
the tools it may call, its credentials and budgets. Each is a TOML file,
CONFIG/profiles/NAME.toml, that you edit; NAME is lowercase letters, digits,
_ and -. PATTERN is an origin pattern such as https://*.example.com or
http://127.0.0.1:*. Without default.toml the default profile is built in:
no sites, and every site is asked for in the browser.

Two keys keep what the agent reads, and where it acts, in bounds:
  private = ["https://mail.example.com"]
    What the agent reads there (a sign-in code, an account number) does not
    leave for another site without your approval. A page elsewhere may talk
    the agent into typing it into a form or opening a link that carries it;
    before any such step, the browser asks you ("share"), showing both sites
    and the text, masked. Nothing is typed or sent before you answer.
  read_only = ["https://*.bank.example"]
    The agent may look, read, scroll and follow links there, but not type,
    choose, upload, log in, download, submit a form or send data: a page or
    a mistake cannot make it change anything on a site you only want read.
`

func runProfile(args []string, stdio Stdio) int {
	if len(args) == 0 {
		fmt.Fprint(stdio.Err, profileUsage)
		return 2
	}
	cmd, args := args[0], args[1:]
	want := map[string]int{"list": 0, "show": 1, "create": 1, "allow": 2, "disallow": 2, "path": 1}
	switch n, known := want[cmd]; {
	case cmd == "help":
		fmt.Fprint(stdio.Out, profileUsage)
		return 0
	case !known:
		fmt.Fprintf(stdio.Err, "diwall profile: unknown command %q\n\n%s", cmd, profileUsage)
		return 2
	case len(args) != n:
		fmt.Fprintf(stdio.Err, "diwall profile %s: wrong number of arguments\n\n%s", cmd, profileUsage)
		return 2
	}
	if cmd != "list" {
		if err := policy.ValidName(args[0]); err != nil {
			fmt.Fprintf(stdio.Err, "diwall profile %s: %v\n", cmd, err)
			return 2
		}
	}
	configDir := paths.Default().Config
	switch cmd {
	case "list":
		return profileList(configDir, stdio)
	case "show":
		return profileShow(configDir, args[0], stdio)
	case "create":
		return profileCreate(configDir, args[0], stdio)
	case "allow", "disallow":
		return profileEditSites(configDir, cmd, args[0], args[1], stdio)
	default: // path
		fmt.Fprintln(stdio.Out, policy.FilePath(configDir, args[0]))
		return 0
	}
}

// profileList prints one line a profile: its name and its file, or what
// stands in for it.
func profileList(configDir string, stdio Stdio) int {
	names, err := policy.List(configDir)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall profile list:", err)
		return 1
	}
	builtin := !slices.Contains(names, policy.DefaultName)
	if builtin {
		names = append([]string{policy.DefaultName}, names...)
	}
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		path := policy.FilePath(configDir, n)
		desc := path
		if n == policy.DefaultName && builtin {
			desc = "(built-in: " + path + " does not exist)"
		} else if _, err := policy.Load(configDir, n); err != nil {
			desc += "  (cannot be used: see diwall profile show " + n + ")"
		}
		fmt.Fprintf(stdio.Out, "%-*s  %s\n", width, n, desc)
	}
	return 0
}

// profileShow prints the profile in effect, as TOML, under a comment that
// says where it comes from.
func profileShow(configDir, name string, stdio Stdio) int {
	path := policy.FilePath(configDir, name)
	p, err := policy.Load(configDir, name)
	switch {
	case errors.Is(err, fs.ErrNotExist) && name == policy.DefaultName:
		p = policy.Default()
		fmt.Fprintf(stdio.Out, "# profile default (built-in: %s does not exist)\n", path)
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stdio.Err, "diwall profile show: there is no profile %s (%s)\n", name, path)
		return 1
	case err != nil:
		fmt.Fprintln(stdio.Err, "diwall profile show:", err)
		return 1
	default:
		fmt.Fprintf(stdio.Out, "# profile %s: %s\n", name, path)
	}
	_, _ = stdio.Out.Write(p.TOML())
	return 0
}

func profileCreate(configDir, name string, stdio Stdio) int {
	path, err := policy.Create(configDir, name)
	if errors.Is(err, fs.ErrExist) {
		fmt.Fprintf(stdio.Err, "diwall profile create: profile %s already exists: %s\n", name, policy.FilePath(configDir, name))
		return 1
	}
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall profile create:", err)
		return 1
	}
	fmt.Fprintf(stdio.Out, "created profile %s: %s\n", name, path)
	return 0
}

// profileEditSites runs allow and disallow.
func profileEditSites(configDir, cmd, name, pattern string, stdio Stdio) int {
	site, err := policy.ParseSite(pattern)
	if err != nil {
		fmt.Fprintf(stdio.Err, "diwall profile %s: %v\n", cmd, err)
		return 2
	}
	path := policy.FilePath(configDir, name)
	p, err := policy.Load(configDir, name)
	if errors.Is(err, fs.ErrNotExist) && cmd == "allow" && name == policy.DefaultName {
		if path, err = policy.Create(configDir, name); err != nil {
			fmt.Fprintf(stdio.Err, "diwall profile %s: %v\n", cmd, err)
			return 1
		}
		fmt.Fprintf(stdio.Out, "created profile %s: %s\n", name, path)
		p, err = policy.Load(configDir, name)
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stdio.Err, "diwall profile %s: there is no profile %s (%s); create it with: diwall profile create %s\n", cmd, name, path, name)
		return 1
	case err != nil:
		fmt.Fprintf(stdio.Err, "diwall profile %s: %v\n", cmd, err)
		return 1
	}

	if cmd == "allow" {
		if slices.Contains(p.Sites, site) {
			fmt.Fprintf(stdio.Out, "%s: %s is already in sites (%s)\n", name, site, path)
			return 0
		}
		if err := policy.AllowSite(configDir, name, pattern); err != nil {
			fmt.Fprintf(stdio.Err, "diwall profile allow: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdio.Out, "%s: allowed %s (%s)\n", name, site, path)
		return 0
	}

	err = policy.DisallowSite(configDir, name, pattern)
	if errors.Is(err, policy.ErrNotListed) {
		fmt.Fprintf(stdio.Err, "diwall profile disallow: %s is not in the sites of %s (%s)\n", site, name, path)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stdio.Err, "diwall profile disallow: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdio.Out, "%s: disallowed %s (%s)\n", name, site, path)
	if !strings.Contains(site.String(), "*") {
		if p, err := policy.Load(configDir, name); err == nil && p.Allows(site.String()) {
			fmt.Fprintf(stdio.Out, "note: another pattern of %s still allows %s\n", name, site)
		}
	}
	return 0
}
