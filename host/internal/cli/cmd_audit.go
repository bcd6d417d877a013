package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/internal/paths"
)

const auditUsage = `Usage:
  diwall audit list [--json]                 The sessions: start, client, profile, calls, errors.
  diwall audit show SESSION [--json]         One line per call of the session.
  diwall audit export SESSION -o report.html A report to read in a browser, images inline.
  diwall audit prune [--older-than 90d] [--max-size 1GiB]
      Remove the oldest sessions (the host does this with the defaults
      when it starts), and images no session names.

--json prints the same as JSON, for scripts: list an array of sessions
(key, start, client, profile, calls, errors, torn, damaged), show the session
(key, records, torn, damage) with each record's fields as the log keeps them.

SESSION is a session's key as list shows it, or the start of it. Secrets are
never in the log: the text typed into sensitive fields shows as [withheld],
and login's username and password are never written.
`

func runAudit(args []string, stdio Stdio) int {
	if len(args) == 0 {
		fmt.Fprint(stdio.Err, auditUsage)
		return 2
	}
	dir := paths.Default().AuditDir()
	switch cmd, args := args[0], args[1:]; cmd {
	case "list":
		return auditList(dir, args, stdio)
	case "show":
		return auditShow(dir, args, stdio)
	case "export":
		return auditExport(dir, args, stdio)
	case "prune":
		return auditPrune(dir, args, stdio)
	case "help":
		fmt.Fprint(stdio.Out, auditUsage)
		return 0
	default:
		fmt.Fprintf(stdio.Err, "diwall audit: unknown command %q\n\n%s", cmd, auditUsage)
		return 2
	}
}

func auditList(dir string, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall audit list", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	asJSON := fs.Bool("json", false, "print the sessions as a JSON array")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stdio.Err, "diwall audit list takes no arguments but --json")
		return 2
	}
	list, err := audit.List(dir)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall audit list:", err)
		return 1
	}
	if *asJSON {
		if list == nil {
			list = []audit.Summary{}
		}
		return printJSON(stdio, list)
	}
	if len(list) == 0 {
		fmt.Fprintln(stdio.Out, "No sessions in the audit log yet ("+dir+").")
		return 0
	}
	fmt.Fprintf(stdio.Out, "%-32s  %-19s  %-20s  %-10s  %5s  %6s\n", "SESSION", "START", "CLIENT", "PROFILE", "CALLS", "ERRORS")
	for _, s := range list {
		note := ""
		if s.Torn {
			note = "  (last record torn)"
		}
		if s.Damaged {
			note = "  (damaged)"
		}
		fmt.Fprintf(stdio.Out, "%-32s  %-19s  %-20s  %-10s  %5d  %6d%s\n", s.Key, s.Start.Local().Format("2006-01-02 15:04:05"),
			cut(orDash(s.Client), 20), cut(orDash(s.Profile), 10), s.Calls, s.Errors, note)
	}
	return 0
}

// readSession reads the session args[0] names.
func readSession(dir string, args []string, stdio Stdio, cmd string) (audit.SessionLog, bool) {
	if len(args) != 1 {
		fmt.Fprintf(stdio.Err, "diwall audit %s: give one SESSION (see diwall audit list)\n", cmd)
		return audit.SessionLog{}, false
	}
	path, err := audit.Find(dir, args[0])
	if err != nil {
		fmt.Fprintf(stdio.Err, "diwall audit %s: %v (see diwall audit list)\n", cmd, err)
		return audit.SessionLog{}, false
	}
	s, err := audit.Read(path)
	if err != nil {
		fmt.Fprintf(stdio.Err, "diwall audit %s: %v\n", cmd, err)
		return audit.SessionLog{}, false
	}
	return s, true
}

func auditShow(dir string, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall audit show", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	asJSON := fs.Bool("json", false, "print the session and its records as JSON")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	s, ok := readSession(dir, pos, stdio, "show")
	if !ok {
		return 1
	}
	if *asJSON {
		return printJSON(stdio, newSessionJSON(s))
	}
	for _, r := range s.Records {
		args, _ := json.Marshal(r.Args)
		if d := r.Download; d != nil {
			args, _ = json.Marshal(map[string]any{"download": d.ID, "saved_name": d.SavedName, "bytes": d.Bytes, "sha256": d.SHA256})
		}
		line := fmt.Sprintf("%s  %-10s  %-18s  %6d ms  %s", r.Start.Local().Format("15:04:05.000"), r.Tool, r.Outcome,
			r.Took.Milliseconds(), cut(string(args), 100))
		if r.Origin != "" {
			line += "  " + r.Origin
		}
		if len(r.Artifacts) > 0 {
			line += fmt.Sprintf("  [%d image(s)]", len(r.Artifacts))
		}
		fmt.Fprintln(stdio.Out, line)
	}
	if s.Torn {
		fmt.Fprintln(stdio.Out, "(the last record was cut short by a crash and is skipped)")
	}
	if s.Damage != nil {
		fmt.Fprintln(stdio.Out, "(the log cannot be read further:", s.Damage, ")")
	}
	return 0
}

// sessionJSON is a session as audit show --json prints it.
type sessionJSON struct {
	Key     string         `json:"key"`
	Records []audit.Record `json:"records"`
	// Torn says the last record was cut short by a crash, and skipped.
	Torn bool `json:"torn"`
	// Damage says why the log cannot be read past its last whole record.
	Damage string `json:"damage,omitempty"`
}

func newSessionJSON(s audit.SessionLog) sessionJSON {
	out := sessionJSON{Key: s.Key, Records: s.Records, Torn: s.Torn}
	if out.Records == nil {
		out.Records = []audit.Record{}
	}
	if s.Damage != nil {
		out.Damage = s.Damage.Error()
	}
	return out
}

func auditExport(dir string, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall audit export", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	out := fs.String("o", "", "the HTML file to write")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	if *out == "" {
		fmt.Fprintln(stdio.Err, "diwall audit export: say where with -o report.html")
		return 2
	}
	s, ok := readSession(dir, pos, stdio, "export")
	if !ok {
		return 1
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall audit export:", err)
		return 1
	}
	err = audit.Export(f, s, audit.ArtifactsOf(dir))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall audit export:", err)
		return 1
	}
	abs, _ := filepath.Abs(*out)
	fmt.Fprintf(stdio.Out, "wrote %s (%d calls)\n", abs, len(s.Records))
	return 0
}

func auditPrune(dir string, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall audit prune", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	olderThan := fs.String("older-than", "90d", "remove sessions whose last call is older (e.g. 30d, 12h; 0 keeps any age)")
	maxSize := fs.String("max-size", "1GiB", "remove the oldest sessions until the log takes at most this (e.g. 500MB; 0: no limit)")
	if err := fs.Parse(args); err != nil || fs.NArg() != 0 {
		return 2
	}
	age, err := parseAge(*olderThan)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall audit prune:", err)
		return 2
	}
	size, err := parseSize(*maxSize)
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall audit prune:", err)
		return 2
	}
	p, err := audit.Prune(dir, audit.Retention{MaxAge: age, MaxBytes: size}, time.Now())
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall audit prune:", err)
		return 1
	}
	fmt.Fprintf(stdio.Out, "removed %d session(s) and %d image(s), %d bytes\n", p.Sessions, p.Artifacts, p.Bytes)
	return 0
}

// parseAge reads 30d, 12h or 90m; "0" means no limit.
func parseAge(s string) (time.Duration, error) {
	if s == "0" {
		return 0, nil
	}
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("--older-than %q: want a number of days such as 30d", s)
		}
		return time.Duration(n) * 24 * time.Hour, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("--older-than %q: want a duration such as 30d or 12h", s)
	}
	return d, nil
}

// parseSize reads 500MB, 1GiB, 2G or a number of bytes; "0" means no limit.
func parseSize(s string) (int64, error) {
	units := []struct {
		suffix string
		n      int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}}
	mult, num := int64(1), s
	for _, u := range units {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			mult, num = u.n, v
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(num), 10, 64)
	if err != nil || n < 0 {
		return 0, errors.New("--max-size " + strconv.Quote(s) + ": want a size such as 500MB or 1GiB")
	}
	return n * mult, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func cut(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}
