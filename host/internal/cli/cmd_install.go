package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/internal/version"
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
	o := installer.Options{
		Home: home, Getenv: os.Getenv, BinaryPath: self,
		ExtensionID: extension.ID(), Dirs: paths.Default(),
	}
	// The store's copy of the extension, and those an earlier install was
	// told of, stay allowed.
	o.MoreExtensionIDs = extension.KnownIDs()[1:]
	if rec, err := installer.LoadRecord(o.Dirs); err == nil {
		o.MoreExtensionIDs = append(o.MoreExtensionIDs, rec.ExtensionIDs...)
	}
	return o, nil
}

// dirList is a repeatable flag.
type dirList []string

func (l *dirList) String() string     { return strings.Join(*l, ",") }
func (l *dirList) Set(v string) error { *l = append(*l, v); return nil }

// clientList is the repeatable --client, which also takes a
// comma-separated list.
type clientList []installer.Client

func (l *clientList) String() string { return "" }
func (l *clientList) Set(v string) error {
	for _, id := range strings.Split(v, ",") {
		c, err := installer.ClientByID(strings.TrimSpace(id))
		if err != nil {
			return errors.New(strings.TrimPrefix(err.Error(), "installer: "))
		}
		if !slices.ContainsFunc(*l, func(have installer.Client) bool { return have.ID == c.ID }) {
			*l = append(*l, c)
		}
	}
	return nil
}

// runInstall runs install with its output held back until it is done:
// what install made is recorded before anything is printed, so that a
// closed output (`diwall install ... | true`, which ends diwall with
// SIGPIPE at its first line) cannot leave an entry or a manifest that
// uninstall does not know of.
func runInstall(args []string, stdio Stdio) int {
	var out, errOut bytes.Buffer
	code := install(args, Stdio{In: stdio.In, Out: nopCloser{&out}, Err: &errOut})
	_, _ = stdio.Out.Write(out.Bytes())
	_, _ = stdio.Err.Write(errOut.Bytes())
	return code
}

// nopCloser is a writer that Stdio.Out may hold.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

func install(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall install", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	var userDataDirs, extensionIDs dirList
	var clients clientList
	var lf launchFlag
	fs.Var(&userDataDirs, "user-data-dir", "also register with a browser started with --user-data-dir `DIR` (repeatable)")
	fs.Var(&clients, "client", "also write Diwall into the MCP client `NAME`'s own file (repeatable): "+strings.Join(installer.ClientIDs(), ", "))
	printOnly := fs.Bool("print", false, "show what --client would write, and where, and change nothing")
	fs.Var(&lf, "launch", "with --client: the client starts a dedicated browser (=headless for no window), and no browser is registered")
	fs.Var(&extensionIDs, "extension-id", "also let the extension `ID` start the host (the Chrome Web Store's copy; repeatable)")
	force := fs.Bool("force", false, "with --client: replace a diwall entry Diwall did not write (yours); uninstall puts it back")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stdio.Err, "diwall install takes no arguments besides its flags (diwall help)")
		return 2
	}
	if lf.on && len(clients) == 0 && !*printOnly {
		fmt.Fprintln(stdio.Err, "diwall install: --launch says how a client starts Diwall; name the client with --client NAME")
		return 2
	}
	o, err := installOptions()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall install:", err)
		return 1
	}
	command, mcpArgs := clientCommand(o.BinaryPath, lf)
	if fromNpx(o.BinaryPath) && command == o.BinaryPath && len(clients) > 0 {
		fmt.Fprintf(stdio.Out, "warning: this diwall (%s) is no release that npx can fetch again, so the clients' entries name it where npx put it (%s), which npm may clear\n\n",
			version.Host, o.BinaryPath)
	}
	if *printOnly {
		if len(clients) == 0 {
			clients = installer.Clients()
		}
		printClients(stdio, o, clients, command, mcpArgs)
		return 0
	}
	for _, id := range extensionIDs {
		if _, err := installer.NewManifest(o.BinaryPath, id); err != nil {
			fmt.Fprintf(stdio.Err, "diwall install: --extension-id %s: %v\n", id, err)
			return 2
		}
	}
	o.MoreExtensionIDs = append(o.MoreExtensionIDs, extensionIDs...)
	o.UserDataDirs = userDataDirs
	fail := func(what string, err error) int {
		fmt.Fprintf(stdio.Err, "diwall install: %s%v\n", what, err)
		return 1
	}
	rec, err := installer.LoadRecord(o.Dirs)
	if err != nil {
		return fail("the record of an earlier install: ", err)
	}
	if code := checkClients(stdio, o, &rec, clients, command, mcpArgs, *force); code != 0 {
		return code // before anything changed
	}
	if lf.on {
		// The dedicated browser needs nothing of the everyday one's set-up.
		c, err := installer.MkdirAllTracked(o.Dirs.Data)
		if err != nil {
			return fail("", err)
		}
		rec.Add(c, nil)
		rec.Launch = true
		code := installClients(stdio, o, &rec, clients, command, mcpArgs, *force)
		if err := installer.SaveRecord(o.Dirs, rec); err != nil {
			return fail("record what install made: ", err)
		}
		return code
	}
	warnTransient(stdio, o.BinaryPath)
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
	_ = report.Format(stdio.Out)
	for _, r := range append(report.Results, report.Manifest) {
		created = append(created, r.Created...)
	}
	rec.Add(created, o.UserDataDirs)
	rec.AddExtensionIDs(extensionIDs)
	rec.Everyday = true
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
	code = installClients(stdio, o, &rec, clients, command, mcpArgs, *force)
	if err := installer.SaveRecord(o.Dirs, rec); err != nil {
		return fail("record what install made: ", err)
	}
	fmt.Fprintln(stdio.Out)
	fmt.Fprint(stdio.Out, installer.Instructions(installer.InstructionsOptions{
		ExtensionDir: o.Dirs.ExtensionDir(), ExtensionID: o.ExtensionID, ClientsWritten: len(clients) > 0,
	}))
	return code
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
	var clients clientList
	fs.Var(&userDataDirs, "user-data-dir", "also unregister from a browser's user data folder `DIR` (those install was given are remembered)")
	fs.Var(&clients, "client", "remove Diwall from the MCP client `NAME`'s file only, and nothing else (repeatable)")
	purge := fs.Bool("purge", false, "also remove what uninstall keeps: logs, audit, vault, profiles")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stdio.Err, "diwall uninstall takes no arguments besides its flags (diwall help)")
		return 2
	}
	if len(clients) > 0 && (*purge || len(userDataDirs) > 0) {
		fmt.Fprintln(stdio.Err, "diwall uninstall: --client removes one client's entry only; give it alone")
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
	if len(clients) > 0 {
		err := uninstallClients(stdio, &rec, clients)
		if serr := installer.SaveRecord(o.Dirs, rec); err == nil {
			err = serr
		}
		if err != nil {
			fmt.Fprintln(stdio.Err, "diwall uninstall:", err)
			return 1
		}
		return 0
	}
	clientErr := uninstallClients(stdio, &rec, nil)
	o.UserDataDirs = append(slices.Clone(rec.UserDataDirs), userDataDirs...)
	slices.Sort(o.UserDataDirs)
	o.UserDataDirs = slices.Compact(o.UserDataDirs)
	report, err := installer.Uninstall(o)
	_ = report.Format(stdio.Out)
	own, ownErr := installer.RemoveOwnFiles(o.Dirs, rec, *purge)
	_ = own.Format(stdio.Out)
	if err = errors.Join(clientErr, err, ownErr); err != nil {
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
	rec, _ := installer.LoadRecord(o.Dirs) // none: doctor checks the everyday set-up
	o.UserDataDirs = rec.UserDataDirs
	_, unpacked := os.Stat(filepath.Join(o.Dirs.ExtensionDir(), "manifest.json"))
	checks := installer.Doctor(installer.DoctorOptions{
		Options: o, ExtensionVersion: extension.Version(),
		// An unpacked extension is an everyday set-up of an install
		// older than the record's note of it.
		LaunchOnly: rec.LaunchOnly() && unpacked != nil,
		ExtensionStatus: func() (bool, string) {
			// The browser starts the host only for a connected extension,
			// and the host listens only once the extension said hello.
			if running, _ := installer.DialSocket(socketPath); running {
				return true, "the extension is connected (its host is serving)"
			}
			return false, "no extension is connected to a host"
		},
	})
	checks = append(checks, installer.ClientChecks(runtime.GOOS, o.Home, os.Getenv, o.BinaryPath)...)
	checks = append(checks, vaultCheck(o.Dirs), auditCheck(o.Dirs))
	_ = installer.FormatChecks(stdio.Out, checks)
	if !installer.Healthy(checks) {
		return 1
	}
	return 0
}
