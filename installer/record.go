package installer

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/diwall/diwall/internal/atomicfile"

	"github.com/diwall/diwall/internal/paths"
)

// Record is what `diwall install` made, kept in the data folder so that
// `diwall uninstall` removes that and no more: the folders it created (for
// Diwall itself and for browsers' manifests), the user data folders it
// registered with, and the default profile as it wrote it.
type Record struct {
	Created      []string `json:"created"` // outermost first
	UserDataDirs []string `json:"user_data_dirs,omitempty"`
	// DefaultProfile is the profile file install created, and its SHA-256
	// then: uninstall removes it only if nobody changed it since.
	DefaultProfile       string `json:"default_profile,omitempty"`
	DefaultProfileSHA256 string `json:"default_profile_sha256,omitempty"`
	// Clients are the MCP clients' files install wrote Diwall's entry into.
	Clients []ClientRecord `json:"clients,omitempty"`
	// ExtensionIDs are the extensions besides the embedded one that
	// install let start the host (--extension-id): the Chrome Web Store's
	// copy, say. The host accepts them too.
	ExtensionIDs []string `json:"extension_ids,omitempty"`
	// Everyday: install set up the person's everyday browsers (registered
	// the host, unpacked the extension). Launch: it wrote a client entry
	// that starts a dedicated browser instead (--launch). See LaunchOnly.
	Everyday bool `json:"everyday,omitempty"`
	Launch   bool `json:"launch,omitempty"`
}

// LaunchOnly reports whether the person chose only the dedicated browser
// of --launch: install wrote --launch entries and never set up the
// everyday browsers, whose checks then do not apply.
func (r Record) LaunchOnly() bool { return r.Launch && !r.Everyday }

// Client returns the record of what install wrote into file, or nil.
func (r *Record) Client(file string) *ClientRecord {
	for i := range r.Clients {
		if r.Clients[i].File == file {
			return &r.Clients[i]
		}
	}
	return nil
}

// NoteClient records what install wrote into a client's file, in place of
// an earlier record of the same file.
func (r *Record) NoteClient(c ClientRecord) {
	if old := r.Client(c.File); old != nil {
		*old = c
		return
	}
	r.Clients = append(r.Clients, c)
}

// ForgetClient drops the record of a client's file.
func (r *Record) ForgetClient(file string) {
	r.Clients = slices.DeleteFunc(r.Clients, func(c ClientRecord) bool { return c.File == file })
}

// AddExtensionIDs records extensions besides the embedded one that may
// start the host.
func (r *Record) AddExtensionIDs(ids []string) {
	for _, id := range ids {
		if !slices.Contains(r.ExtensionIDs, id) {
			r.ExtensionIDs = append(r.ExtensionIDs, id)
		}
	}
}

// RecordPath is where the record lives.
func RecordPath(d paths.Dirs) string { return filepath.Join(d.Data, "install.json") }

// LoadRecord reads the record; none is an empty record.
func LoadRecord(d paths.Dirs) (Record, error) {
	var r Record
	data, err := os.ReadFile(RecordPath(d))
	if errors.Is(err, fs.ErrNotExist) {
		return r, nil
	}
	if err != nil {
		return r, err
	}
	return r, json.Unmarshal(data, &r)
}

// Add merges what another install made into r: an earlier install's
// record wins for the folders (they were created then) and the profile.
func (r *Record) Add(created, userDataDirs []string) {
	for _, c := range created {
		if !slices.Contains(r.Created, c) {
			r.Created = append(r.Created, c)
		}
	}
	for _, u := range userDataDirs {
		if !slices.Contains(r.UserDataDirs, u) {
			r.UserDataDirs = append(r.UserDataDirs, u)
		}
	}
}

// NoteProfile records the default profile install created.
func (r *Record) NoteProfile(file string) {
	if sum, err := fileSHA256(file); err == nil {
		r.DefaultProfile, r.DefaultProfileSHA256 = file, sum
	}
}

// SaveRecord writes the record into the data folder.
func SaveRecord(d paths.Dirs, r Record) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(RecordPath(d), append(data, '\n'), 0o600)
}

func fileSHA256(file string) (string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}
