package cli

import (
	"fmt"
	"os"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/host/paths"
	"github.com/diwall/diwall/host/profile"
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

func runInstall(args []string, stdio Stdio) int {
	if len(args) > 0 {
		fmt.Fprintln(stdio.Err, "diwall install takes no arguments")
		return 2
	}
	o, err := installOptions()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall install:", err)
		return 1
	}
	if err := o.Dirs.Ensure(); err != nil {
		fmt.Fprintln(stdio.Err, "diwall install:", err)
		return 1
	}
	if err := extension.Unpack(o.Dirs.ExtensionDir()); err != nil {
		fmt.Fprintln(stdio.Err, "diwall install: unpack the extension:", err)
		return 1
	}
	report, err := installer.Install(o)
	report.Format(stdio.Out)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall install:", err)
		return 1
	}
	if code := installDefaultProfile(o.Dirs.Config, stdio); code != 0 {
		return code
	}
	fmt.Fprintln(stdio.Out)
	fmt.Fprint(stdio.Out, installer.Instructions(installer.InstructionsOptions{
		BinaryPath: o.BinaryPath, ExtensionDir: o.Dirs.ExtensionDir(), ExtensionID: o.ExtensionID,
	}))
	return 0
}

// installDefaultProfile creates the default profile unless it exists, and
// says where it is, in the style of the install report.
func installDefaultProfile(configDir string, stdio Stdio) int {
	path, created, err := installer.EnsureDefaultProfile(configDir)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall install: the default profile:", err)
		return 1
	}
	if created {
		fmt.Fprintf(stdio.Out, "%-9s default profile: %s (no sites yet: every site is asked for in the browser)\n", "created", path)
		return 0
	}
	fmt.Fprintf(stdio.Out, "%-9s default profile: %s (already there)\n", "kept", path)
	if _, err := profile.Load(configDir, profile.DefaultName); err != nil {
		fmt.Fprintf(stdio.Out, "warning: %v\n", err)
	}
	return 0
}

func runUninstall(args []string, stdio Stdio) int {
	if len(args) > 0 {
		fmt.Fprintln(stdio.Err, "diwall uninstall takes no arguments")
		return 2
	}
	o, err := installOptions()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall uninstall:", err)
		return 1
	}
	report, err := installer.Uninstall(o)
	report.Format(stdio.Out)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall uninstall:", err)
		return 1
	}
	fmt.Fprintf(stdio.Out, "\nRemove the extension from chrome://extensions yourself; its files are in %s.\n", o.Dirs.ExtensionDir())
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
	checks := installer.Doctor(installer.DoctorOptions{
		Options: o,
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
