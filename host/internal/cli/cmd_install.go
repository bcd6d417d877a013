package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/host/paths"
	"github.com/diwall/diwall/host/policy"
	"github.com/diwall/diwall/host/version"
	"github.com/diwall/diwall/installer"
)

func installOptions() (installer.Options, error) {
	self, err := executable()
	if err != nil {
		return installer.Options{}, err
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return installer.Options{}, err
	}
	return installer.Options{
		Home: home, Getenv: os.Getenv, BinaryPath: self,
		ExtensionID: extension.ID(), Dirs: paths.Default(),
	}, nil
}

// dirList is a repeatable flag.
type dirList []string

func (l *dirList) String() string     { return strings.Join(*l, ",") }
func (l *dirList) Set(v string) error { *l = append(*l, v); return nil }

func runInstall(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall install", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	var userDataDirs dirList
	fs.Var(&userDataDirs, "user-data-dir", "also register with a browser started with --user-data-dir `DIR` (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stdio.Err, "diwall install takes no arguments besides --user-data-dir DIR")
		return 2
	}
	o, err := installOptions()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall install:", err)
		return 1
	}
	o.UserDataDirs = userDataDirs
	fail := func(what string, err error) int {
		fmt.Fprintf(stdio.Err, "diwall install: %s%v\n", what, err)
		return 1
	}
	rec, err := installer.LoadRecord(o.Dirs)
	if err != nil {
		return fail("the record of an earlier install: ", err)
	}
	var created []string
	for _, dir := range []string{o.Dirs.Config, o.Dirs.State, o.Dirs.Logs, o.Dirs.Data} {
		c, err := installer.MkdirAllTracked(dir)
		if err != nil {
			return fail("", err)
		}
		created = append(created, c...)
	}
	if err := extension.Unpack(o.Dirs.ExtensionDir()); err != nil {
		return fail("unpack the extension: ", err)
	}
	report, err := installer.Install(o)
	report.Format(stdio.Out)
	for _, r := range append(report.Results, report.Manifest) {
		created = append(created, r.Created...)
	}
	rec.Add(created, o.UserDataDirs)
	if serr := installer.SaveRecord(o.Dirs, rec); serr != nil {
		return fail("record what install made: ", serr)
	}
	if err != nil {
		return fail("", err)
	}
	c, err := installer.MkdirAllTracked(filepath.Join(o.Dirs.Config, "profiles"))
	if err != nil {
		return fail("", err)
	}
	rec.Add(c, nil)
	profilePath, code := installDefaultProfile(o.Dirs.Config, stdio)
	if code != 0 {
		return code
	}
	if profilePath != "" {
		rec.NoteProfile(profilePath)
	}
	if err := installer.SaveRecord(o.Dirs, rec); err != nil {
		return fail("record what install made: ", err)
	}
	fmt.Fprintln(stdio.Out)
	fmt.Fprint(stdio.Out, installer.Instructions(installer.InstructionsOptions{
		BinaryPath: o.BinaryPath, ExtensionDir: o.Dirs.ExtensionDir(), ExtensionID: o.ExtensionID,
	}))
	return 0
}

// installDefaultProfile creates the default profile unless it exists, and
// says where it is, in the style of the install report. It returns the
// file's path when it created it.
func installDefaultProfile(configDir string, stdio Stdio) (string, int) {
	path, created, err := installer.EnsureDefaultProfile(configDir)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall install: the default profile:", err)
		return "", 1
	}
	if created {
		fmt.Fprintf(stdio.Out, "%-9s default profile: %s (no sites yet: every site is asked for in the browser)\n", "created", path)
		return path, 0
	}
	fmt.Fprintf(stdio.Out, "%-9s default profile: %s (already there)\n", "kept", path)
	if _, err := policy.Load(configDir, policy.DefaultName); err != nil {
		fmt.Fprintf(stdio.Out, "warning: %v\n", err)
	}
	return "", 0
}

func runUninstall(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall uninstall", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	var userDataDirs dirList
	fs.Var(&userDataDirs, "user-data-dir", "also unregister from a browser's user data folder `DIR` (those install was given are remembered)")
	purge := fs.Bool("purge", false, "also remove what uninstall keeps: logs, audit, vault, profiles")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stdio.Err, "diwall uninstall takes no arguments besides --user-data-dir DIR and --purge")
		return 2
	}
	o, err := installOptions()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall uninstall:", err)
		return 1
	}
	rec, err := installer.LoadRecord(o.Dirs)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall uninstall: the record of what install made:", err)
		return 1
	}
	o.UserDataDirs = append(slices.Clone(rec.UserDataDirs), userDataDirs...)
	slices.Sort(o.UserDataDirs)
	o.UserDataDirs = slices.Compact(o.UserDataDirs)
	report, err := installer.Uninstall(o)
	report.Format(stdio.Out)
	own, ownErr := installer.RemoveOwnFiles(o.Dirs, rec, *purge)
	own.Format(stdio.Out)
	if err = errors.Join(err, ownErr); err != nil {
		fmt.Fprintln(stdio.Err, "diwall uninstall:", err)
		return 1
	}
	if slices.ContainsFunc(own.Results, func(r installer.Result) bool { return r.Action == installer.Kept }) {
		fmt.Fprintln(stdio.Out, "\nKept what is yours (above); `diwall uninstall --purge` removes it too.")
	}
	fmt.Fprintln(stdio.Out, "\nRemove the extension from chrome://extensions yourself (its files are gone).")
	return 0
}

func runDoctor(args []string, stdio Stdio) int {
	if len(args) > 0 {
		fmt.Fprintln(stdio.Err, "diwall doctor takes no arguments")
		return 2
	}
	o, err := installOptions()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall doctor:", err)
		return 1
	}
	socketPath := o.Dirs.Socket()
	fmt.Fprintf(stdio.Out, "diwall %s, extension %s\n", version.Host, extension.Version())
	checks := installer.Doctor(installer.DoctorOptions{
		Options: o, ExtensionVersion: extension.Version(),
		ExtensionStatus: func() (bool, string) {
			// The browser starts the host only for a connected extension,
			// and the host listens only once the extension said hello.
			if running, _ := installer.DialSocket(socketPath); running {
				return true, "the extension is connected (its host is serving)"
			}
			return false, "no extension is connected to a host"
		},
	})
	checks = append(checks, vaultCheck(o.Dirs), auditCheck(o.Dirs))
	installer.FormatChecks(stdio.Out, checks)
	if !installer.Healthy(checks) {
		return 1
	}
	return 0
}
