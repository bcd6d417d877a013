package sessions

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

// Record reads the record the last host left in the state folder
// stateDir, and keeps this host's there from now on (until
// StopRecording). A host calls it once, before any session connects.
func (r *Registry) Record(stateDir string) {
	path := filepath.Join(stateDir, recordName)
	prior := loadRecord(path, time.Now())
	r.mu.Lock()
	r.prior = prior
	r.mu.Unlock()
	r.recMu.Lock()
	r.recPath = path
	r.recMu.Unlock()
}

// SetCause records why this host started after another, when it knows
// (the launched browser was started again): sessions that reconnect are
// told.
func (r *Registry) SetCause(cause string) {
	r.mu.Lock()
	r.cause = cause
	r.mu.Unlock()
}

// StopRecording keeps the record as it is from now on: the host is ending,
// and its sessions are to find what they had in the next host. Once it
// returns, nothing more is written.
func (r *Registry) StopRecording() {
	r.recMu.Lock()
	r.recStopped = true
	r.recMu.Unlock()
}

// TakeReconnection returns, once, what the session key lost since it was
// connected to the host before this one; nil when it was not, or lost
// nothing and there is nothing to say.
func (r *Registry) TakeReconnection(key string) *Reconnection {
	r.mu.Lock()
	defer r.mu.Unlock()
	g := r.groupLocked(key)
	if g == nil {
		return nil
	}
	rc := g.reconnection
	g.reconnection = nil
	return rc
}

// priorLocked gives the session g, as it connects, what the record says
// of it: its tab group's title and colour, when no connected session has
// that title, and the tabs it lost (those of the record not among owned,
// its agent tabs now). It reports whether the session got its title. r.mu
// is held.
func (r *Registry) priorLocked(g *Group, owned []int) bool {
	h := hashKey(g.Key)
	p, ok := r.prior[h]
	if !ok {
		return false
	}
	delete(r.prior, h)
	var lost []string
	for _, id := range p.Tabs {
		if !slices.Contains(owned, id) {
			lost = append(lost, r.b.OpaqueID(id))
		}
	}
	if len(lost) > 0 || r.cause != "" {
		g.reconnection = &Reconnection{Lost: lost, Cause: r.cause}
	}
	if p.Title == "" || !slices.Contains(groupColors, p.Color) ||
		slices.ContainsFunc(r.groups, func(o *Group) bool { return o.Title == p.Title }) {
		return false
	}
	g.Title, g.Color = p.Title, p.Color
	return true
}

// saveRecord writes the record, unless the host stopped recording. A
// write that fails is logged: the record only serves the next host's
// notices.
func (r *Registry) saveRecord() {
	r.recMu.Lock()
	defer r.recMu.Unlock()
	if r.recStopped || r.recPath == "" {
		return
	}
	if err := r.writeRecord(); err != nil {
		r.log.Warn("could not record the sessions", "err", err)
	}
}

// writeRecord writes the connected sessions and their tabs, and the
// sessions of the record before that have not reconnected yet.
func (r *Registry) writeRecord() error {
	now := time.Now()
	owned := r.b.TabsByOwner()
	r.mu.Lock()
	rec := sessionRecord{Sessions: []recordedSession{}}
	for _, g := range r.groups {
		rec.Sessions = append(rec.Sessions, recordedSession{Key: hashKey(g.Key), Title: g.Title, Color: g.Color, Seen: now, Tabs: owned[g.Key]})
	}
	for _, p := range r.prior {
		if now.Sub(p.Seen) < recordKeep {
			rec.Sessions = append(rec.Sessions, p)
		}
	}
	r.mu.Unlock()
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	// Written beside and renamed over, not synced: a crash of the machine
	// loses at most what a session is told when it reconnects.
	tmp := r.recPath + ".tmp"
	if err := os.WriteFile(tmp, data, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, r.recPath)
}
