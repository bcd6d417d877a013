package browser

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"time"
)

// The host records in its state folder the sessions connected to it: each
// session's tab group (title, colour) and its tabs. A host that ends
// without its sessions leaving (it was killed, or its browser, extension
// or service worker went away) leaves the record to the next host, which
// gives each session that reconnects its tab group back and tells it
// which of its tabs it lost.

// recordName is the record's file in the state folder.
const recordName = "sessions.json"

// recordKeep is how long a session that has not reconnected is kept in
// the record.
const recordKeep = 24 * time.Hour

type sessionRecord struct {
	Sessions []recordedSession `json:"sessions"`
}

type recordedSession struct {
	// Key is the SHA-256 of the session's key: the file holds no key.
	Key   string    `json:"key"`
	Title string    `json:"title"`
	Color string    `json:"color"`
	Tabs  []int     `json:"tabs,omitempty"` // its tabs' Chrome ids
	Seen  time.Time `json:"seen"`           // when it was last connected
}

// Reconnection is what a session learns when it reconnects to a host that
// started after the one it was connected to.
type Reconnection struct {
	// Lost are the opaque ids of its tabs that are not its own any more:
	// closed with the browser, or left to the person when the extension
	// restarted.
	Lost []string
	// Cause says why, when the host knows it (the launched browser was
	// started again); "" otherwise.
	Cause string
}

func hashKey(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// loadRecord reads the record the last host left, dropping sessions not
// seen within recordKeep. A missing or unreadable record is no prior
// session.
func loadRecord(path string, now time.Time) map[string]recordedSession {
	data, err := os.ReadFile(path)
	var rec sessionRecord
	if err != nil || json.Unmarshal(data, &rec) != nil {
		return map[string]recordedSession{}
	}
	prior := make(map[string]recordedSession, len(rec.Sessions))
	for _, s := range rec.Sessions {
		if s.Key != "" && now.Sub(s.Seen) < recordKeep {
			prior[s.Key] = s
		}
	}
	return prior
}

// RecordSessions reads the record the last host left in the state folder,
// and keeps this host's from now on (until StopRecording). A host calls it
// once, before any session connects.
func (b *Browser) RecordSessions() {
	path := filepath.Join(b.stateDir, recordName)
	prior := loadRecord(path, time.Now())
	b.mu.Lock()
	b.prior = prior
	b.mu.Unlock()
	b.recMu.Lock()
	b.recPath = path
	b.recMu.Unlock()
}

// SetCause records why this host started after another, when it knows
// (the launched browser was started again): sessions that reconnect are
// told.
func (b *Browser) SetCause(cause string) {
	b.mu.Lock()
	b.cause = cause
	b.mu.Unlock()
}

// StopRecording keeps the record as it is from now on: the host is ending,
// and its sessions are to find what they had in the next host. Once it
// returns, nothing more is written.
func (b *Browser) StopRecording() {
	b.recMu.Lock()
	b.recStopped = true
	b.recMu.Unlock()
}

// TakeReconnection returns, once, what the session key lost since it was
// connected to the host before this one; nil when it was not, or lost
// nothing and there is nothing to say.
func (b *Browser) TakeReconnection(key string) *Reconnection {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.sessionLocked(key)
	if s == nil {
		return nil
	}
	r := s.reconnection
	s.reconnection = nil
	return r
}

// priorLocked gives the session key, as it connects, what the record says
// of it: its tab group's title and colour, when no connected session has
// that title, and the tabs it lost. It reports whether the session got
// its title. b.mu is held.
func (b *Browser) priorLocked(s *Session) bool {
	h := hashKey(s.Key)
	p, ok := b.prior[h]
	if !ok {
		return false
	}
	delete(b.prior, h)
	var lost []string
	for _, id := range p.Tabs {
		if t, ok := b.tabs[id]; !ok || t.owner != s.Key {
			lost = append(lost, b.ids.opaque(id))
		}
	}
	if len(lost) > 0 || b.cause != "" {
		s.reconnection = &Reconnection{Lost: lost, Cause: b.cause}
	}
	if p.Title == "" || !slices.Contains(groupColors, p.Color) ||
		slices.ContainsFunc(b.sessions, func(o *Session) bool { return o.Title == p.Title }) {
		return false
	}
	s.Title, s.Color = p.Title, p.Color
	return true
}

// saveRecord writes the record, unless the host stopped recording. A
// write that fails is logged: the record only serves the next host's
// notices.
func (b *Browser) saveRecord() {
	b.recMu.Lock()
	defer b.recMu.Unlock()
	if b.recStopped || b.recPath == "" {
		return
	}
	if err := b.writeRecord(); err != nil {
		b.log.Warn("could not record the sessions", "err", err)
	}
}

// writeRecord writes the connected sessions and their tabs, and the
// sessions of the record before that have not reconnected yet.
func (b *Browser) writeRecord() error {
	now := time.Now()
	b.mu.Lock()
	rec := sessionRecord{Sessions: []recordedSession{}}
	for _, s := range b.sessions {
		r := recordedSession{Key: hashKey(s.Key), Title: s.Title, Color: s.Color, Seen: now}
		for _, id := range b.order {
			if b.tabs[id].owner == s.Key {
				r.Tabs = append(r.Tabs, id)
			}
		}
		rec.Sessions = append(rec.Sessions, r)
	}
	for _, p := range b.prior {
		if now.Sub(p.Seen) < recordKeep {
			rec.Sessions = append(rec.Sessions, p)
		}
	}
	b.mu.Unlock()
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	// Written beside and renamed over, not synced: a crash of the machine
	// loses at most what a session is told when it reconnects.
	tmp := b.recPath + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, b.recPath)
}
