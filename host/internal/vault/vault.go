package vault

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/diwall/diwall/internal/atomicfile"
)

// Entry is what the vault says of a credential without unlocking it.
type Entry struct {
	ID      string   `json:"id"`
	Origins []string `json:"origins"`
	// Store names the store that holds the secret: StoreFile or
	// StoreKeyring.
	Store string `json:"store"`
}

// Allows reports whether the credential may be used on a page of origin.
func (e Entry) Allows(origin string) bool {
	o, err := NormalizeOrigin(origin)
	return err == nil && slices.Contains(e.Origins, o)
}

// Secret is what login types. It never leaves the host but as input to the
// page of one of its credential's origins.
type Secret struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// Stores.
const (
	StoreFile    = "file"
	StoreKeyring = "keyring"
)

// Errors.
var (
	// ErrUnknown: the vault has no credential with that id.
	ErrUnknown = errors.New("no such credential")
)

// store keeps secrets.
type store interface {
	get(id string) (Secret, error)
	set(id string, s Secret) error
	remove(id string) error
}

// Options say where the vault lives.
type Options struct {
	// Dir is the vault folder (index.json, secrets.enc).
	Dir string
	// KeyFile is the key of the encrypted file, kept apart from it.
	KeyFile string
	// Store is the store of new credentials: StoreFile, StoreKeyring, or
	// "" for the keyring where one answers, else the file.
	Store string
}

// Vault is the person's credentials.
type Vault struct {
	opts Options
	mu   sync.Mutex
}

// Open returns the vault of opts. Nothing is read or created until used.
func Open(opts Options) (*Vault, error) {
	switch opts.Store {
	case "", StoreFile, StoreKeyring:
	default:
		return nil, fmt.Errorf("vault store %q: want %q or %q", opts.Store, StoreFile, StoreKeyring)
	}
	return &Vault{opts: opts}, nil
}

// NewStore is the store new credentials go to, and why.
func (v *Vault) NewStore() (name, why string) {
	switch v.opts.Store {
	case StoreFile:
		return StoreFile, "chosen with DIWALL_VAULT=file"
	case StoreKeyring:
		return StoreKeyring, "chosen with DIWALL_VAULT=keyring"
	}
	ok, why := keyringAvailable()
	if ok {
		return StoreKeyring, why
	}
	return StoreFile, why
}

func (v *Vault) store(name string) store {
	if name == StoreKeyring {
		return keyringStore{}
	}
	return &fileStore{path: filepath.Join(v.opts.Dir, "secrets.enc"), keyPath: v.opts.KeyFile}
}

// List returns every credential's entry, by id.
func (v *Vault) List() ([]Entry, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.readIndex()
}

// Entry returns the entry of credential id.
func (v *Vault) Entry(id string) (Entry, error) {
	entries, err := v.List()
	if err != nil {
		return Entry{}, err
	}
	for _, e := range entries {
		if e.ID == id {
			return e, nil
		}
	}
	return Entry{}, fmt.Errorf("%w: %q", ErrUnknown, id)
}

// Secret unlocks credential id.
func (v *Vault) Secret(id string) (Secret, error) {
	e, err := v.Entry(id)
	if err != nil {
		return Secret{}, err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	s, err := v.store(e.Store).get(id)
	if err != nil {
		return Secret{}, fmt.Errorf("credential %q (%s store): %w", id, e.Store, err)
	}
	return s, nil
}

// Add stores a credential, replacing one with the same id; replaced says
// whether it did.
func (v *Vault) Add(id string, origins []string, s Secret) (e Entry, replaced bool, err error) {
	if err := ValidID(id); err != nil {
		return Entry{}, false, err
	}
	if s.Password == "" {
		return Entry{}, false, errors.New("the password is empty")
	}
	e = Entry{ID: id}
	for _, o := range origins {
		n, err := NormalizeOrigin(o)
		if err != nil {
			return Entry{}, false, err
		}
		if !slices.Contains(e.Origins, n) {
			e.Origins = append(e.Origins, n)
		}
	}
	if len(e.Origins) == 0 {
		return Entry{}, false, errors.New("a credential needs at least one origin (--origin https://login.example.com)")
	}
	e.Store, _ = v.NewStore()
	v.mu.Lock()
	defer v.mu.Unlock()
	entries, err := v.readIndex()
	if err != nil {
		return Entry{}, false, err
	}
	if err := v.store(e.Store).set(id, s); err != nil {
		return Entry{}, false, fmt.Errorf("%s store: %w", e.Store, err)
	}
	for i, old := range entries {
		if old.ID == id {
			var left error
			if old.Store != e.Store {
				left = v.store(old.Store).remove(id)
			}
			entries[i] = e
			if err := v.writeIndex(entries); err != nil {
				return e, true, err
			}
			if left != nil {
				// Moved, but the person must know the old copy is still there.
				return e, true, fmt.Errorf("moved to the %s store, but its copy in the %s store is left: %w", e.Store, old.Store, left)
			}
			return e, true, nil
		}
	}
	return e, false, v.writeIndex(append(entries, e))
}

// Remove deletes credential id from its store and the index.
func (v *Vault) Remove(id string) error {
	v.mu.Lock()
	defer v.mu.Unlock()
	entries, err := v.readIndex()
	if err != nil {
		return err
	}
	for i, e := range entries {
		if e.ID == id {
			if err := v.store(e.Store).remove(id); err != nil && !errors.Is(err, ErrUnknown) {
				return fmt.Errorf("%s store: %w", e.Store, err)
			}
			return v.writeIndex(slices.Delete(entries, i, i+1))
		}
	}
	return fmt.Errorf("%w: %q", ErrUnknown, id)
}

// index is the file of ids and origins.
type index struct {
	Credentials []Entry `json:"credentials"`
}

func (v *Vault) indexPath() string { return filepath.Join(v.opts.Dir, "index.json") }

func (v *Vault) readIndex() ([]Entry, error) {
	data, err := os.ReadFile(v.indexPath())
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("vault index: %w", err)
	}
	var ix index
	if err := json.Unmarshal(data, &ix); err != nil {
		return nil, fmt.Errorf("vault index %s: %w", v.indexPath(), err)
	}
	return ix.Credentials, nil
}

func (v *Vault) writeIndex(entries []Entry) error {
	sort.Slice(entries, func(i, j int) bool { return entries[i].ID < entries[j].ID })
	if entries == nil {
		entries = []Entry{}
	}
	data, err := json.MarshalIndent(index{Credentials: entries}, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(v.indexPath(), append(data, '\n'))
}

// writeFileAtomic replaces path with data (0600, in a 0700 folder): a crash
// leaves the old file or the new one.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	return atomicfile.Write(path, data, 0o600)
}
