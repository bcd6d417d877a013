package cli

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/internal/paths"
)

const vaultUsage = `Usage:
  diwall vault add ID --origin ORIGIN [--origin ORIGIN ...] [--username USER] [--password-stdin]
      Store a credential. The password is read from the terminal without
      echo, or from standard input with --password-stdin (one line).
  diwall vault list          Show the credentials' ids, origins and stores (never a secret).
  diwall vault remove ID     Delete a credential.

The login tool types a credential for a session whose profile lists its id
(credentials = ["ID"]) on a page of one of its origins only. The model never
sees the username or the password. Secrets live in the OS keyring where one
answers, otherwise in an encrypted file; DIWALL_VAULT=file or keyring chooses.
`

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

func runVault(args []string, stdio Stdio) int {
	if len(args) == 0 {
		fmt.Fprint(stdio.Err, vaultUsage)
		return 2
	}
	if args[0] == "help" {
		fmt.Fprint(stdio.Out, vaultUsage)
		return 0
	}
	dirs := paths.Default()
	v, err := vaultOf(dirs)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall vault:", err)
		return 2
	}
	switch cmd, args := args[0], args[1:]; cmd {
	case "add":
		return vaultAdd(v, args, stdio)
	case "list":
		return vaultList(v, args, stdio)
	case "remove":
		if len(args) != 1 {
			fmt.Fprint(stdio.Err, "diwall vault remove: give one ID\n\n"+vaultUsage)
			return 2
		}
		if err := v.Remove(args[0]); err != nil {
			fmt.Fprintln(stdio.Err, "diwall vault remove:", err)
			return 1
		}
		fmt.Fprintf(stdio.Out, "removed %s\n", args[0])
		return 0
	default:
		fmt.Fprintf(stdio.Err, "diwall vault: unknown command %q\n\n%s", cmd, vaultUsage)
		return 2
	}
}

func vaultAdd(v *vault.Vault, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall vault add", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	var origins stringList
	fs.Var(&origins, "origin", "an origin the credential may be used on (repeat for several)")
	username := fs.String("username", "", "the username login types")
	fromStdin := fs.Bool("password-stdin", false, "read the password from standard input")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) != 1 {
		fmt.Fprint(stdio.Err, "diwall vault add: give one ID\n\n"+vaultUsage)
		return 2
	}
	id := pos[0]
	if err := vault.ValidID(id); err != nil {
		fmt.Fprintln(stdio.Err, "diwall vault add:", err)
		return 2
	}
	if len(origins) == 0 {
		fmt.Fprintln(stdio.Err, "diwall vault add: give at least one --origin (such as https://login.example.com)")
		return 2
	}
	password, err := readPassword(id, *fromStdin, stdio)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall vault add:", err)
		return 1
	}
	e, replaced, err := v.Add(id, origins, vault.Secret{Username: *username, Password: password})
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall vault add:", err)
		return 1
	}
	verb := "added"
	if replaced {
		verb = "replaced"
	}
	fmt.Fprintf(stdio.Out, "%s %s for %s (%s store)\n", verb, e.ID, strings.Join(e.Origins, ", "), e.Store)
	fmt.Fprintf(stdio.Out, "A session may use it when its profile lists it: credentials = [%q]\n", e.ID)
	return 0
}

// readPassword reads the password: one line of standard input, or typed
// at the terminal without echo.
func readPassword(id string, fromStdin bool, stdio Stdio) (string, error) {
	if fromStdin {
		line, err := bufio.NewReader(io.LimitReader(stdio.In, 64<<10)).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", err
		}
		return strings.TrimRight(line, "\r\n"), nil
	}
	f, ok := stdio.In.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return "", errors.New("standard input is not a terminal: give the password with --password-stdin")
	}
	fmt.Fprintf(stdio.Err, "Password for %s: ", id)
	pw, err := term.ReadPassword(int(f.Fd()))
	fmt.Fprintln(stdio.Err)
	return string(pw), err
}

func vaultList(v *vault.Vault, args []string, stdio Stdio) int {
	if len(args) != 0 {
		fmt.Fprint(stdio.Err, "diwall vault list takes no arguments\n")
		return 2
	}
	entries, err := v.List()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall vault list:", err)
		return 1
	}
	if len(entries) == 0 {
		fmt.Fprintln(stdio.Out, "The vault is empty. Add a credential with: diwall vault add ID --origin ORIGIN --username USER")
		return 0
	}
	for _, e := range entries {
		fmt.Fprintf(stdio.Out, "%-24s %-8s %s\n", e.ID, e.Store, strings.Join(e.Origins, " "))
	}
	return 0
}
