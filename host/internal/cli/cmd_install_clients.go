package cli

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"

	"github.com/diwall/diwall/host/internal/installer"
)

// npmPackageEnv names the npm package whose launcher started this binary;
// the launcher (host/cmd/release/npm/launcher.js) sets it.
const npmPackageEnv = "DIWALL_NPM_PACKAGE"

// fromNpx reports whether this binary runs from npx's cache, which npm may
// clear at any time: a file there is no place for a client or a browser
// to start later.
func fromNpx(self string) bool {
	return os.Getenv(npmPackageEnv) != "" && (strings.Contains(self, "/_npx/") || strings.Contains(self, `\_npx\`))
}

// clientCommand is what an MCP client runs to start Diwall: this binary
// with `mcp` (and --launch), or, when this binary came through npx, npx
// with the same package, as the client would be told to run it anyway.
func clientCommand(self string, lf launchFlag) (string, []string) {
	args := []string{"mcp"}
	switch {
	case lf.headless:
		args = append(args, "--launch=headless")
	case lf.on:
		args = append(args, "--launch")
	}
	if fromNpx(self) {
		npx := "npx"
		if runtime.GOOS == "windows" {
			npx = "npx.cmd"
		}
		return npx, append([]string{"-y", os.Getenv(npmPackageEnv)}, args...)
	}
	return self, args
}

// warnTransient says when the binary a browser will start lives in npx's
// cache.
func warnTransient(stdio Stdio, self string) {
	if fromNpx(self) {
		fmt.Fprintf(stdio.Out, "warning: this diwall runs from npx's cache (%s), which npm may clear; "+
			"for your everyday browser, install it for good (npm install -g %s) and run `diwall install` from there\n\n",
			self, os.Getenv(npmPackageEnv))
	}
}

// printClients shows each client's file and what install would merge into
// it, for a person to paste.
func printClients(stdio Stdio, o installer.Options, clients []installer.Client, command string, args []string) {
	for i, c := range clients {
		if i > 0 {
			fmt.Fprintln(stdio.Out)
		}
		file := c.Path(runtime.GOOS, o.Home, o.Getenv)
		fmt.Fprintf(stdio.Out, "# %s: merge into %s, keeping the servers already there\n", c.Name, file)
		fmt.Fprint(stdio.Out, installer.ClientSnippet(c, command, args))
		if c.ID == "claude-code" {
			fmt.Fprintf(stdio.Out, "# or run: claude mcp add --scope user %s -- %s\n", installer.ServerName,
				installer.ShellCommand(runtime.GOOS, append([]string{command}, args...)))
		}
	}
}

// installClients writes Diwall's entry into each client's file, records
// it, and says what to do next. It returns the exit code.
func installClients(stdio Stdio, o installer.Options, rec *installer.Record, clients []installer.Client, command string, args []string) int {
	code := 0
	var then []string
	for _, c := range clients {
		file := c.Path(runtime.GOOS, o.Home, o.Getenv)
		res, cr, err := installer.InstallClient(c, file, command, args, rec.Client(file))
		_ = installer.Report{Results: []installer.Result{res}}.Format(stdio.Out)
		if err != nil {
			fmt.Fprintln(stdio.Err, "diwall install:", err)
			code = 1
			continue
		}
		rec.NoteClient(cr)
		then = append(then, fmt.Sprintf("  %s: %s", c.Name, c.Then))
	}
	if len(then) > 0 {
		fmt.Fprintf(stdio.Out, "\nThen:\n%s\n", strings.Join(then, "\n"))
	}
	return code
}

// uninstallClients removes what install wrote into the clients' files:
// those named, or every one recorded.
func uninstallClients(stdio Stdio, rec *installer.Record, only []installer.Client) error {
	var errs []error
	handled := map[string]bool{}
	for _, cr := range append([]installer.ClientRecord(nil), rec.Clients...) {
		c, err := installer.ClientByID(cr.Client)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(only) > 0 && !containsClient(only, c.ID) {
			continue
		}
		handled[c.ID] = true
		res, err := installer.UninstallClient(c, cr)
		_ = installer.Report{Results: []installer.Result{res}}.Format(stdio.Out)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rec.ForgetClient(cr.File)
	}
	for _, c := range only {
		if !handled[c.ID] {
			fmt.Fprintf(stdio.Out, "%-9s %s: install wrote nothing there\n", installer.Absent, c.ID)
		}
	}
	return errors.Join(errs...)
}

func containsClient(cs []installer.Client, id string) bool {
	for _, c := range cs {
		if c.ID == id {
			return true
		}
	}
	return false
}
