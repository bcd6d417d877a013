package installer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"

	"github.com/diwall/diwall/internal/atomicfile"
)

// BackupSuffix names the copy install keeps beside a client's file, as it
// was before install changed it.
const BackupSuffix = ".diwall-backup"

// ClientRecord is what install wrote into one client's file, so that
// uninstall removes that and no more.
type ClientRecord struct {
	Client string `json:"client"`
	File   string `json:"file"`
	// EntrySHA256 is the hash of Diwall's entry as written (canonical
	// JSON): uninstall removes the entry only if it is still that.
	EntrySHA256 string `json:"entry_sha256"`
	// CreatedFile: the file did not exist before install; CreatedKey: it
	// had no object (table) of servers.
	CreatedFile bool `json:"created_file,omitempty"`
	CreatedKey  bool `json:"created_key,omitempty"`
	// Backup is the copy of the file before install, and its hash.
	Backup       string `json:"backup,omitempty"`
	BackupSHA256 string `json:"backup_sha256,omitempty"`
	// Created are the folders install made for the file, outermost first.
	Created []string `json:"created,omitempty"`
	// Replaced is the diwall entry that was in the file before install
	// and that Diwall did not write (the person's own, replaced with
	// --force, or one just like Diwall's), as written: its JSON value or
	// its TOML tables, text and all; ReplacedSHA256 is its canonical hash.
	// Uninstall puts it back in place of Diwall's.
	Replaced       string `json:"replaced,omitempty"`
	ReplacedSHA256 string `json:"replaced_sha256,omitempty"`
}

// canonicalSum hashes a decoded JSON or TOML value as sorted JSON, so that
// the same entry hashes the same however it is laid out.
func canonicalSum(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// decoded is v as encoding/json decodes it (maps, []any, strings).
func decoded(v any) any {
	data, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(data, &out)
	return out
}

// readEntry returns Diwall's entry in a client's file, decoded, or nil.
func (c Client) readEntry(data []byte) (any, error) {
	if c.TOML {
		e, err := tomlEntry(data, c.Key, ServerName)
		if e == nil || err != nil {
			return nil, err
		}
		return decoded(e), nil
	}
	raw, err := jsonEntry(data, c.Key, ServerName)
	if raw == nil || err != nil {
		return nil, err
	}
	var v any
	return v, json.Unmarshal(raw, &v)
}

func (c Client) decode(data []byte) (map[string]any, error) {
	if c.TOML {
		return decodeTOMLConfig(data)
	}
	return decodeJSONConfig(data)
}

func (c Client) set(data []byte, entry ServerEntry) ([]byte, error) {
	if c.TOML {
		return tomlSetServer(data, c.Key, ServerName, entry)
	}
	return jsonSetServer(data, c.Key, ServerName, entry)
}

func (c Client) remove(data []byte, dropKey bool) ([]byte, bool, error) {
	if c.TOML {
		return tomlRemoveServer(data, c.Key, ServerName)
	}
	return jsonRemoveServer(data, c.Key, ServerName, dropKey)
}

// withoutServer is a decoded file without Diwall's entry, and without the
// object of servers when that is left empty and dropKey.
func (c Client) withoutServer(m map[string]any, dropKey bool) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	if servers, ok := out[c.Key].(map[string]any); ok {
		rest := map[string]any{}
		for k, v := range servers {
			if k != ServerName {
				rest[k] = v
			}
		}
		out[c.Key] = rest
		// In TOML, [mcp_servers.diwall] alone makes an empty
		// mcp_servers, which is no table of servers at all.
		if (dropKey || c.TOML) && len(rest) == 0 {
			delete(out, c.Key)
		}
	}
	return out
}

// checkEdit makes sure an edit changed Diwall's entry and nothing else:
// before and after mean the same once it is set aside, and after holds
// want (nil: no entry).
func (c Client) checkEdit(before, after []byte, want any, dropKey bool) error {
	b, err := c.decode(before)
	if err != nil {
		return err
	}
	a, err := c.decode(after)
	if err != nil {
		return fmt.Errorf("the edit would not parse (%w)", err)
	}
	got, err := c.readEntry(after)
	if err != nil {
		return err
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("the edit would not hold Diwall's entry as meant")
	}
	if !reflect.DeepEqual(c.withoutServer(a, dropKey), c.withoutServer(b, dropKey)) {
		return fmt.Errorf("the edit would change more than Diwall's entry")
	}
	return nil
}

// realPath follows a symbolic link to the file it names, so that a
// client's file kept elsewhere (a dotfiles folder) is written where it
// is, and the link stays.
func realPath(file string) string {
	if p, err := filepath.EvalSymlinks(file); err == nil {
		return p
	}
	return file
}

// InstallClient writes Diwall's entry, which runs command with args, into
// c's file: it merges it into the file (keeping every other server and
// setting, comments and layout), or creates the file; it keeps a copy of
// the file as it was beside it (file + BackupSuffix), and keeps the first
// such copy over later installs. earlier is the record of an earlier
// install into the same file, whose notes of what existed before it keeps.
//
// A diwall entry Diwall did not write (the person's own, or Diwall's
// changed since) is not replaced: the error is a *ForeignEntryError and
// nothing changes. InstallClientForce replaces it.
func InstallClient(c Client, file, command string, args []string, earlier *ClientRecord) (Result, ClientRecord, error) {
	return installClient(c, file, command, args, earlier, false)
}

// InstallClientForce is InstallClient that also replaces a diwall entry
// Diwall did not write; the record keeps that entry, as written, for
// UninstallClient to put back.
func InstallClientForce(c Client, file, command string, args []string, earlier *ClientRecord) (Result, ClientRecord, error) {
	return installClient(c, file, command, args, earlier, true)
}

func installClient(c Client, file, command string, args []string, earlier *ClientRecord, force bool) (Result, ClientRecord, error) {
	res := Result{Browser: c.ID, Name: c.Name, Manifest: file}
	rec := ClientRecord{Client: c.ID, File: file}
	fail := func(err error) (Result, ClientRecord, error) {
		res.Action, res.Detail = Failed, err.Error()
		return res, rec, fmt.Errorf("%s: %w", c.Name, err)
	}
	entry := c.Entry(command, args)
	want := decoded(entry)
	rec.EntrySHA256 = canonicalSum(want)

	resolved := realPath(file)
	before, err := os.ReadFile(resolved)
	existed := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(err)
	}
	mode := fs.FileMode(0o600)
	if fi, err := os.Stat(resolved); err == nil {
		mode = fi.Mode().Perm()
	}
	m, err := c.decode(before)
	if err != nil {
		return fail(fmt.Errorf("%s is not valid %s (%w); fix it or move it away, then install again", file, c.format(), err))
	}
	_, hadKey := m[c.Key]
	rec.CreatedFile, rec.CreatedKey = !existed, !hadKey
	if earlier != nil {
		rec.CreatedFile, rec.CreatedKey, rec.Created = earlier.CreatedFile, earlier.CreatedKey, earlier.Created
		rec.Backup, rec.BackupSHA256 = earlier.Backup, earlier.BackupSHA256
	}
	cur, err := c.readEntry(before)
	if err != nil {
		return fail(fmt.Errorf("%s: %w", file, err))
	}
	after, err := c.set(before, entry)
	if err == nil {
		err = c.checkEdit(before, after, want, !hadKey)
	}
	if err != nil {
		return fail(fmt.Errorf("%s: %w", file, err))
	}
	if err := c.noteReplaced(&rec, before, cur, want, earlier, force); err != nil {
		return fail(err)
	}
	if reflect.DeepEqual(cur, want) {
		res.Action, res.Detail = Installed, "already there"
		return res, rec, nil
	}
	switch {
	case rec.Backup != "":
		res.Detail = "the file as it was before the first install: " + rec.Backup
	case existed && !rec.CreatedFile:
		rec.Backup = freeBackupPath(file)
		if err := atomicfile.Write(rec.Backup, before, mode); err != nil {
			return fail(fmt.Errorf("back up %s: %w", file, err))
		}
		rec.BackupSHA256 = canonicalBytes(before)
		res.Detail = "the file as it was: " + rec.Backup
	case !existed:
		created, err := MkdirAllTracked(filepath.Dir(resolved))
		if err != nil {
			return fail(err)
		}
		if earlier == nil {
			rec.Created = created
		}
	}
	if rec.Replaced != "" {
		res.Detail = joinDetail("replaced your own "+ServerName+" server; uninstall puts it back", res.Detail)
	}
	if err := atomicfile.Write(resolved, after, mode); err != nil {
		return fail(err)
	}
	res.Action = Installed
	return res, rec, nil
}

// UninstallClient removes what InstallClient recorded: Diwall's entry, if
// it is still as written (else it is Kept), putting back the entry it
// replaced, if any, as it was written; the file if install created it
// and nothing else is in it now; the folders it created if empty; and the
// backup if unchanged.
func UninstallClient(c Client, rec ClientRecord) (Result, error) {
	res := Result{Browser: c.ID, Name: c.Name, Manifest: rec.File}
	resolved := realPath(rec.File)
	data, err := os.ReadFile(resolved)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.Action, res.Detail = Absent, "the file is gone"
		removeBackup(rec)
		return res, nil
	case err != nil:
		res.Action, res.Detail = Failed, err.Error()
		return res, fmt.Errorf("%s: %w", c.Name, err)
	}
	cur, err := c.readEntry(data)
	if err != nil {
		res.Action, res.Detail = Failed, fmt.Sprintf("%s is not valid %s (%v)", rec.File, c.format(), err)
		return res, fmt.Errorf("%s: %s", c.Name, res.Detail)
	}
	if cur == nil {
		res.Action, res.Detail = Absent, "no "+ServerName+" server in it"
		removeBackup(rec)
		return res, nil
	}
	if canonicalSum(cur) != rec.EntrySHA256 {
		res.Action, res.Detail = Kept, "its "+ServerName+" server changed since install"
		return res, nil
	}
	if rec.Replaced != "" {
		return c.restoreReplaced(res, resolved, data, rec)
	}
	after, _, err := c.remove(data, rec.CreatedKey)
	if err == nil {
		err = c.checkEdit(data, after, nil, rec.CreatedKey)
	}
	if err != nil {
		res.Action, res.Detail = Failed, err.Error()
		return res, fmt.Errorf("%s: %s: %w", c.Name, rec.File, err)
	}
	m, _ := c.decode(after)
	if rec.CreatedFile && len(m) == 0 {
		err = os.Remove(resolved)
		removeEmptyDirs(rec.Created)
	} else {
		err = writeKeepingMode(resolved, after)
	}
	if err != nil {
		res.Action, res.Detail = Failed, err.Error()
		return res, fmt.Errorf("%s: %w", c.Name, err)
	}
	removeBackup(rec)
	res.Action = Removed
	return res, nil
}

// writeKeepingMode replaces file with data, keeping the file's mode.
func writeKeepingMode(file string, data []byte) error {
	mode := fs.FileMode(0o600)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	return atomicfile.Write(file, data, mode)
}

// joinDetail joins two details of a result with "; ", leaving out an
// empty one.
func joinDetail(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// removeBackup removes the backup install wrote, unless it changed since.
func removeBackup(rec ClientRecord) {
	if rec.Backup == "" {
		return
	}
	if data, err := os.ReadFile(rec.Backup); err == nil && canonicalBytes(data) == rec.BackupSHA256 {
		os.Remove(rec.Backup)
	}
}

func canonicalBytes(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

func (c Client) format() string {
	if c.TOML {
		return "TOML"
	}
	return "JSON"
}
