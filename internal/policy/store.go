package policy

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"slices"
	"sync"
	"time"
)

// Store hands out profiles by name: the host keeps one for its lifetime.
// It reads a profile's file the first time it is asked for it, and again
// whenever the file's modification time or size has changed, so a
// person's edit or an "Always" click applies to the next call. An edit
// that makes the file malformed keeps the last good version in force (see
// Get): a session never runs with no rules. It is safe for concurrent use.
type Store struct {
	configDir string
	builtins  map[string]Profile

	mu    sync.Mutex
	files map[string]*storedFile
}

// storedFile is a profile file as last read.
type storedFile struct {
	modTime time.Time
	size    int64
	// readAt is when the read began. A file modified less than racyWindow
	// before it may change again within the same modification time, so
	// its stat alone cannot show that it is unchanged.
	readAt time.Time
	data   []byte
	p      Profile
	err    error
	// good is the last version of the file that could be used, kept in
	// force while err says why the file as it is now cannot be.
	good *Profile
}

// racyWindow bounds the precision of file modification times (2 s on FAT).
const racyWindow = 2 * time.Second

// NewStore returns a Store of the profiles under configDir. builtins are
// the profiles given for a name whose file does not exist, such as
// {"default": Default()}; nil means none.
func NewStore(configDir string, builtins map[string]Profile) *Store {
	return &Store{configDir: configDir, builtins: maps.Clone(builtins), files: map[string]*storedFile{}}
}

// Get returns the profile name. Its file is read again when it changed
// since the last Get (one stat per call otherwise). When the file does not
// exist, Get returns the built-in profile of that name or an error wrapping
// fs.ErrNotExist. A file that is malformed gives its *Error, unless this
// Store read a good version of it before: then Get returns that version,
// with the *Error of the edit in its EditRefused, until the file is fixed
// (or removed).
func (s *Store) Get(name string) (Profile, error) {
	if err := ValidName(name); err != nil {
		return Profile{}, err
	}
	path := FilePath(s.configDir, name)
	fi, err := os.Stat(path)
	if err != nil {
		s.mu.Lock()
		delete(s.files, name)
		s.mu.Unlock()
		if b, ok := s.builtins[name]; ok && errors.Is(err, fs.ErrNotExist) {
			return b.clone(), nil
		}
		return Profile{}, fmt.Errorf("profile %s: %w", name, err)
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.files[name]
	if f != nil && f.modTime.Equal(fi.ModTime()) && f.size == fi.Size() && f.readAt.Sub(f.modTime) >= racyWindow {
		return f.result()
	}
	readAt := time.Now()
	data, err := readFile(path)
	if err != nil {
		delete(s.files, name)
		return Profile{}, fmt.Errorf("profile %s: %w", name, err)
	}
	if f == nil || !bytes.Equal(data, f.data) {
		p, err := Parse(name, path, data)
		next := &storedFile{data: data, p: p, err: err}
		if err != nil && f != nil {
			next.good = f.lastGood()
		}
		f = next
		s.files[name] = f
	}
	f.modTime, f.size, f.readAt = fi.ModTime(), fi.Size(), readAt
	return f.result()
}

func (f *storedFile) result() (Profile, error) {
	switch {
	case f.err == nil:
		return f.p.clone(), nil
	case f.good != nil:
		p := f.good.clone()
		p.EditRefused = f.err
		return p, nil
	}
	return Profile{}, f.err
}

// lastGood is the version of the file in force: the one read, when it
// could be used, or the one kept before it.
func (f *storedFile) lastGood() *Profile {
	if f.err == nil {
		return &f.p
	}
	return f.good
}

// clone returns p with slices of its own, so that a caller cannot change
// a stored profile.
func (p Profile) clone() Profile {
	p.Sites = slices.Clone(p.Sites)
	p.Tools = slices.Clone(p.Tools)
	p.Credentials = slices.Clone(p.Credentials)
	return p
}
