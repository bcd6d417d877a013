package installer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// ClientChecks checks Diwall's entry in each MCP client's file that has
// one: it must run `diwall mcp` from a file that exists and is this
// binary (self), or the npm package through npx. A client without the
// file, or without Diwall in it, is not listed: it is not set up, which
// is no fault.
func ClientChecks(goos, home string, getenv func(string) string, self string) []Check {
	var checks []Check
	for _, c := range clients {
		file := c.Path(goos, home, getenv)
		data, err := os.ReadFile(file)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		name := c.ID + " config"
		fix := "diwall install --client " + c.ID
		if err != nil {
			checks = append(checks, Check{Name: name, Detail: err.Error(), Fix: "let your user read " + file})
			continue
		}
		raw, err := c.readEntry(data)
		if err != nil {
			checks = append(checks, Check{Name: name, Detail: fmt.Sprintf("%s is not valid %s: %v", file, c.format(), err),
				Fix: "fix the file (install kept the file as it was in " + file + BackupSuffix + " if it changed it)"})
			continue
		}
		if raw == nil {
			continue
		}
		var entry ServerEntry
		if b, err := json.Marshal(raw); err != nil || json.Unmarshal(b, &entry) != nil {
			checks = append(checks, Check{Name: name, Detail: file + ": its " + ServerName + " server is not a command with args", Fix: fix})
			continue
		}
		for _, a := range entry.Args {
			if a == "--launch" || strings.HasPrefix(a, "--launch=") {
				fix += " " + a // the set-up the person chose
				break
			}
		}
		checks = append(checks, entryCheck(name, file, fix, entry, self))
	}
	return checks
}

// entryCheck checks one client's entry.
func entryCheck(name, file, fix string, e ServerEntry, self string) Check {
	c := Check{Name: name, Fix: fix}
	runs := strings.Join(append([]string{e.Command}, e.Args...), " ")
	if npx := filepath.Base(e.Command); npx == "npx" || npx == "npx.cmd" {
		if _, err := exec.LookPath(e.Command); err != nil {
			c.Detail = fmt.Sprintf("%s runs %s, but npx is not on PATH (%v)", file, runs, err)
			c.Fix = "install Node.js, which brings npx"
			return c
		}
		if !slices.Contains(e.Args, "mcp") {
			c.Detail = fmt.Sprintf("%s runs %s, not `diwall mcp`", file, runs)
			return c
		}
		c.OK, c.Detail = true, fmt.Sprintf("%s runs %s (the npm package, through npx)", file, runs)
		return c
	}
	if len(e.Args) == 0 || e.Args[0] != "mcp" {
		c.Detail = fmt.Sprintf("%s runs %s, not `diwall mcp`", file, runs)
		return c
	}
	if !filepath.IsAbs(e.Command) {
		c.Detail = fmt.Sprintf("%s runs %s, a command found on the client's PATH, which may not be this diwall (%s)", file, runs, self)
		return c
	}
	got, err := os.Stat(e.Command)
	if err != nil {
		c.Detail = fmt.Sprintf("%s runs %s, but there is no file at %s", file, runs, e.Command)
		return c
	}
	if me, err := os.Stat(self); err != nil || !os.SameFile(got, me) {
		c.Detail = fmt.Sprintf("%s runs %s, another diwall than this one (%s)", file, runs, self)
		c.Fix = fix + " (run from the diwall you mean to use)"
		return c
	}
	c.OK, c.Detail = true, fmt.Sprintf("%s runs %s", file, runs)
	return c
}
