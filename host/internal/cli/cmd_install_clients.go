package cli

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"

	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/version"
)

// npmPackageEnv names the npm package whose launcher started this binary;
// the launcher (installer/cmd/release/npm/launcher.js) sets it.
const npmPackageEnv = "DIWALL_NPM_PACKAGE"

// fromNpx reports whether this binary runs from npx's cache, which npm may
// clear at any time: a file there is no place for a client or a browser
// to start later.
func fromNpx(self string) bool {
	return os.Getenv(npmPackageEnv) != "" && (strings.Contains(self, "/_npx/") || strings.Contains(self, `\_npx\`))
}

// clientCommand is what an MCP client runs to start Diwall: this binary
// with `mcp` (and --launch), or, when this binary came through npx, npx
// with the same package at this very version (npmSpec), as the client
// would be told to run it anyway.
func clientCommand(self string, lf launchFlag) (string, []string) {
	args := []string{"mcp"}
	switch {
	case lf.headless:
		args = append(args, "--launch=headless")
	case lf.on:
		args = append(args, "--launch")
	}
	if spec, ok := npmSpec(self, os.Getenv(npmPackageEnv), version.Host); ok {
		npx := "npx"
		if runtime.GOOS == "windows" {
			npx = "npx.cmd"
		}
		return npx, append([]string{"-y", spec}, args...)
	}
	return self, args
}

// releaseVersion is a release's version: X.Y.Z, the only kind `make
// release` publishes.
var releaseVersion = regexp.MustCompile(`^[0-9]+\.[0-9]+\.[0-9]+$`)

// npmSpec is the package npx should run for a client, pinned to this
// binary's version (pkg@X.Y.Z), so that the client runs the version that
// wrote its entry, not whatever npm has as latest. ok is false when this
// binary did not come through npx, or its version is no release (a dev
// build, which npm does not have): then the entry names this binary's
// own path, the only truthful one.
func npmSpec(self, pkg, version string) (string, bool) {
	if pkg == "" || !fromNpx(self) || !releaseVersion.MatchString(version) {
		return "", false
	}
	return pkg + "@" + version, true
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

// checkClients makes sure every client's file can take Diwall's entry
// before install changes anything: each parses, and none holds a diwall
// entry Diwall did not write, unless force. It returns the exit code.
func checkClients(stdio Stdio, o installer.Options, rec *installer.Record, clients []installer.Client, command string, args []string, force bool) int {
	code := 0
	for _, c := range clients {
		file := c.Path(runtime.GOOS, o.Home, o.Getenv)
		err := installer.CheckClient(c, file, command, args, rec.Client(file))
		var foreign *installer.ForeignEntryError
		if err == nil || force && errors.As(err, &foreign) {
			continue
		}
		fmt.Fprintln(stdio.Err, "diwall install:", err)
		code = 1
	}
	if code != 0 {
		fmt.Fprintln(stdio.Err, "diwall install: nothing was changed")
	}
	return code
}

// installClients writes Diwall's entry into each client's file, records
// it, and says what to do next; force replaces a diwall entry Diwall did
// not write. It returns the exit code.
func installClients(stdio Stdio, o installer.Options, rec *installer.Record, clients []installer.Client, command string, args []string, force bool) int {
	code := 0
	var then []string
	for _, c := range clients {
		file := c.Path(runtime.GOOS, o.Home, o.Getenv)
		write := installer.InstallClient
		if force {
			write = installer.InstallClientForce
		}
		res, cr, err := write(c, file, command, args, rec.Client(file))
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
