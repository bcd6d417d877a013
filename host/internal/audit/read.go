package audit

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// SessionLog is what one session file holds.
type SessionLog struct {
	Key     string
	Records []Record
	// Torn says the file ended in a record cut short by a crash, which was
	// skipped.
	Torn bool
	// Damage, when not nil, says why the file could not be read past its
	// last whole record (the records before it are in Records).
	Damage error
}

// Read reads the session file at path.
func Read(path string) (SessionLog, error) {
	f, err := os.Open(path)
	if err != nil {
		return SessionLog{}, err
	}
	defer f.Close()
	s := SessionLog{Key: strings.TrimSuffix(filepath.Base(path), ".cbor")}
	_, _, s.Torn, s.Damage = scan(f, func(r Record) { s.Records = append(s.Records, r) })
	return s, nil
}

// Summary is one session as `diwall audit list` shows it.
type Summary struct {
	Key     string    `json:"key"`
	Start   time.Time `json:"start"` // its first call
	Client  string    `json:"client"`
	Profile string    `json:"profile"`
	Calls   int       `json:"calls"`
	Errors  int       `json:"errors"`
	Torn    bool      `json:"torn"`
	Damaged bool      `json:"damaged"`
}

// Summarize sums up a session.
func Summarize(s SessionLog) Summary {
	sum := Summary{Key: s.Key, Calls: len(s.Records), Torn: s.Torn, Damaged: s.Damage != nil}
	for i, r := range s.Records {
		if i == 0 {
			sum.Start, sum.Client, sum.Profile = r.Start, r.Client, r.Profile
		}
		if sum.Client == "" {
			sum.Client = r.Client
		}
		if !r.OK {
			sum.Errors++
		}
	}
	return sum
}

// List sums up every session of the audit folder dir, oldest first.
func List(dir string) ([]Summary, error) {
	files, err := filepath.Glob(filepath.Join(sessionsDir(dir), "*.cbor"))
	if err != nil {
		return nil, err
	}
	var out []Summary
	for _, path := range files {
		info, err := os.Stat(path)
		if err != nil {
			continue
		}
		s, err := Read(path)
		if err != nil {
			return nil, err
		}
		sum := Summarize(s)
		if sum.Start.IsZero() {
			sum.Start = info.ModTime()
		}
		out = append(out, sum)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start.Before(out[j].Start) })
	return out, nil
}

// ErrNoSession is returned by Find when no session matches.
var ErrNoSession = errors.New("no such session")

// Find returns the session file of the audit folder dir whose key is key
// or starts with it (a prefix must name exactly one session).
func Find(dir, key string) (string, error) {
	if key == "" || strings.ContainsAny(key, `/\.`) {
		return "", fmt.Errorf("%w: %q", ErrNoSession, key)
	}
	if path := SessionFile(dir, key); fileExists(path) {
		return path, nil
	}
	matches, _ := filepath.Glob(filepath.Join(sessionsDir(dir), key+"*.cbor"))
	switch len(matches) {
	case 0:
		return "", fmt.Errorf("%w: %q", ErrNoSession, key)
	case 1:
		return matches[0], nil
	}
	return "", fmt.Errorf("%q names %d sessions: give more of the key", key, len(matches))
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
