package audit

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// Log appends records to the session files of one audit folder. It is safe
// for concurrent use; several processes may write to the same folder as
// long as no two write the same session.
type Log struct {
	dir       string
	artifacts *Artifacts

	mu      sync.Mutex
	checked map[string]bool // session files whose tail was checked by this Log
}

// Open returns the log of the audit folder dir, creating its folders.
func Open(dir string) (*Log, error) {
	for _, d := range []string{sessionsDir(dir), artifactsDir(dir)} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, fmt.Errorf("audit folder: %w", err)
		}
	}
	return &Log{dir: dir, artifacts: &Artifacts{dir: artifactsDir(dir)}, checked: map[string]bool{}}, nil
}

// Artifacts is the log's artifact store.
func (l *Log) Artifacts() *Artifacts { return l.artifacts }

func sessionsDir(dir string) string  { return filepath.Join(dir, "sessions") }
func artifactsDir(dir string) string { return filepath.Join(dir, "artifacts") }

// SessionFile is the file of session key under the audit folder dir.
func SessionFile(dir, key string) string {
	return filepath.Join(sessionsDir(dir), key+".cbor")
}

// Append writes rec at the end of its session's file, in one write, and
// syncs it.
func (l *Log) Append(rec Record) error {
	if !validKey(rec.Session) {
		return fmt.Errorf("audit: bad session key %q", rec.Session)
	}
	data, err := encMode.Marshal(rec)
	if err != nil {
		return fmt.Errorf("audit: encode: %w", err)
	}
	if len(data) > maxRecord {
		return fmt.Errorf("audit: a record of %d bytes is past the bound of %d", len(data), maxRecord)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	path := SessionFile(l.dir, rec.Session)
	if !l.checked[path] {
		// A crash of an earlier process may have left a torn record at the
		// end: cut it off, so this record does not follow garbage.
		if err := cutTornTail(path); err != nil {
			return err
		}
		l.checked[path] = true
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("audit: append: %w", err)
	}
	return nil
}

// cutTornTail truncates a session file after its last whole record.
func cutTornTail(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	good, _, torn, err := scan(f, nil)
	f.Close()
	if err != nil || !torn {
		// Damage before the end is left for the reader to report: records
		// appended after it are still read up to it.
		return nil
	}
	if err := os.Truncate(path, good); err != nil {
		return fmt.Errorf("audit: cut a torn record: %w", err)
	}
	return nil
}

// scan decodes the records of r, giving each to each (when not nil). It
// returns the offset after the last whole record, how many there were, and
// whether the data ends in a torn record. Data that is not a record, before
// the end, is an error.
func scan(r io.Reader, each func(Record)) (good int64, n int, torn bool, err error) {
	dec := decMode.NewDecoder(r)
	for {
		var rec Record
		err := dec.Decode(&rec)
		switch {
		case errors.Is(err, io.EOF):
			return good, n, false, nil
		case errors.Is(err, io.ErrUnexpectedEOF):
			return good, n, true, nil
		case err != nil:
			return good, n, false, fmt.Errorf("audit: record %d at byte %d: %w", n+1, good, err)
		}
		good = int64(dec.NumBytesRead())
		n++
		if each != nil {
			each(rec)
		}
	}
}

// validKey accepts session keys as the host makes them: 16 to 64 lowercase
// hex digits (they name files).
func validKey(k string) bool {
	return len(k) >= 16 && len(k) <= 64 && isLowerHex(k)
}

func isLowerHex(s string) bool {
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
