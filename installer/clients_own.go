package installer

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
)

// A client's file may hold a diwall entry that Diwall did not write: the
// person's own (say with --profile work and an env), or Diwall's changed
// since. Install replaces it only when told to (--force), keeps it, as
// written, in the record, and uninstall puts it back exactly.

// ForeignEntryError is the error of an install that would replace a diwall
// entry Diwall did not write: nothing changed.
type ForeignEntryError struct {
	Client Client
	File   string
}

func (e *ForeignEntryError) Error() string {
	return fmt.Sprintf("%s already has a %q server that Diwall did not write; install leaves it as it is. "+
		"To replace it, run install again with --force (uninstall then puts yours back)", e.File, ServerName)
}

// CheckClient says, without changing anything, whether installing into
// c's file would fail: a file that does not parse, or a diwall entry
// Diwall did not write (a *ForeignEntryError), which only
// InstallClientForce replaces. command, args and earlier are as for
// InstallClient: an entry just like the one it would write is no conflict.
func CheckClient(c Client, file, command string, args []string, earlier *ClientRecord) error {
	before, err := os.ReadFile(realPath(file))
	if err != nil {
		return nil //nolint:nilerr // a missing or unreadable file is InstallClient's to report
	}
	if _, err := c.decode(before); err != nil {
		return fmt.Errorf("%s: %s is not valid %s (%w); fix it or move it away, then install again", c.Name, file, c.format(), err)
	}
	cur, err := c.readEntry(before)
	if err == nil {
		_, err = c.set(before, c.Entry(command, args)) // a server written so that install cannot edit it
	}
	if err != nil {
		return fmt.Errorf("%s: %s: %w", c.Name, file, err)
	}
	if foreign(cur, earlier) && !reflect.DeepEqual(cur, decoded(c.Entry(command, args))) {
		return &ForeignEntryError{Client: c, File: file}
	}
	return nil
}

// foreign reports whether cur, the diwall entry in a file, is not what
// the earlier install recorded writing (nil earlier: install wrote none).
func foreign(cur any, earlier *ClientRecord) bool {
	return cur != nil && (earlier == nil || canonicalSum(cur) != earlier.EntrySHA256)
}

// noteReplaced fills rec's Replaced with the diwall entry in before when
// Diwall did not write it, or carries over the one an earlier install
// replaced. An entry unlike want needs force.
func (c Client) noteReplaced(rec *ClientRecord, before []byte, cur, want any, earlier *ClientRecord, force bool) error {
	if !foreign(cur, earlier) {
		if earlier != nil && cur != nil {
			rec.Replaced, rec.ReplacedSHA256 = earlier.Replaced, earlier.ReplacedSHA256
		}
		return nil
	}
	if !force && !reflect.DeepEqual(cur, want) {
		return &ForeignEntryError{Client: c, File: rec.File}
	}
	raw, err := c.rawEntry(before)
	if err != nil {
		return err
	}
	rec.Replaced, rec.ReplacedSHA256 = raw, canonicalSum(cur)
	return nil
}

// rawEntry is the text of Diwall's entry in data: the JSON value with
// what precedes it on its line, or the TOML tables.
func (c Client) rawEntry(data []byte) (string, error) {
	if c.TOML {
		return tomlRawServer(data, c.Key, ServerName)
	}
	return jsonRawServer(data, c.Key, ServerName)
}

// putRaw replaces Diwall's entry in data with raw, as rawEntry gave it.
func (c Client) putRaw(data []byte, raw string) ([]byte, error) {
	if c.TOML {
		return tomlReplaceServer(data, c.Key, ServerName, raw)
	}
	return jsonPutRawServer(data, c.Key, ServerName, raw)
}

// restoreReplaced puts back the entry install replaced, in place of
// Diwall's, and checks that the file then holds that entry and changed in
// nothing else.
func (c Client) restoreReplaced(res Result, file string, data []byte, rec ClientRecord) (Result, error) {
	fail := func(err error) (Result, error) {
		res.Action, res.Detail = Failed, err.Error()
		return res, fmt.Errorf("%s: %s: %w", c.Name, rec.File, err)
	}
	after, err := c.putRaw(data, rec.Replaced)
	if err != nil {
		return fail(err)
	}
	got, err := c.readEntry(after)
	if err != nil {
		return fail(err)
	}
	if canonicalSum(got) != rec.ReplacedSHA256 {
		return fail(fmt.Errorf("putting back your %s server would not give it as it was", ServerName))
	}
	if err := c.checkEdit(data, after, got, false); err != nil {
		return fail(err)
	}
	if err := writeKeepingMode(file, after); err != nil {
		return fail(err)
	}
	removeBackup(rec)
	res.Action, res.Detail = Restored, "your own "+ServerName+" server is back, as it was before install"
	return res, nil
}

// freeBackupPath is where install backs file up: file + BackupSuffix, or,
// when a file of that name is there already (an earlier backup whose
// record is gone), the first free file + BackupSuffix + ".N", so that no
// backup is ever written over.
func freeBackupPath(file string) string {
	p := file + BackupSuffix
	for n := 2; ; n++ {
		if _, err := os.Lstat(p); os.IsNotExist(err) {
			return p
		}
		p = file + BackupSuffix + "." + strconv.Itoa(n)
	}
}
