package audit

import (
	"os"
	"path/filepath"
	"sort"
	"time"
)

// Retention says how much of the audit log to keep.
type Retention struct {
	// MaxAge: a session whose last record is older is removed; 0 keeps
	// sessions whatever their age.
	MaxAge time.Duration
	// MaxBytes: the oldest sessions are removed until the sessions and
	// their artifacts take at most this much; 0 means no limit.
	MaxBytes int64
}

// DefaultRetention is what the host applies when it starts.
var DefaultRetention = Retention{MaxAge: 90 * 24 * time.Hour, MaxBytes: 1 << 30}

// Pruned is what Prune removed.
type Pruned struct {
	Sessions, Artifacts int
	Bytes               int64
}

// artifactGrace keeps an artifact that no record names yet, for a call that
// stored it and has not appended its record.
const artifactGrace = 10 * time.Minute

// Prune removes the sessions the retention does not keep, then every
// artifact no remaining session names.
func Prune(dir string, keep Retention, now time.Time) (Pruned, error) {
	var p Pruned
	files, err := filepath.Glob(filepath.Join(sessionsDir(dir), "*.cbor"))
	if err != nil {
		return p, err
	}
	type session struct {
		path      string
		size      int64
		modified  time.Time
		artifacts []string
	}
	var sessions []session
	for _, path := range files {
		info, err := os.Stat(path)
		if err != nil {
			continue
		}
		s := session{path: path, size: info.Size(), modified: info.ModTime()}
		if read, err := Read(path); err == nil {
			for _, r := range read.Records {
				s.artifacts = append(s.artifacts, r.Artifacts...)
			}
		}
		sessions = append(sessions, s)
	}
	sort.Slice(sessions, func(i, j int) bool { return sessions[i].modified.Before(sessions[j].modified) })

	sizes := map[string]int64{} // artifact id -> size
	if entries, err := os.ReadDir(artifactsDir(dir)); err == nil {
		for _, e := range entries {
			if info, err := e.Info(); err == nil && validArtifactID(e.Name()) {
				sizes[e.Name()] = info.Size()
			}
		}
	}
	// Each artifact counts once, with the newest session that names it.
	var total int64
	counted := map[string]bool{}
	cost := make([]int64, len(sessions))
	for i := len(sessions) - 1; i >= 0; i-- {
		cost[i] = sessions[i].size
		for _, id := range sessions[i].artifacts {
			if !counted[id] {
				counted[id] = true
				cost[i] += sizes[id]
			}
		}
		total += cost[i]
	}
	kept := map[string]bool{}
	for i, s := range sessions {
		old := keep.MaxAge > 0 && now.Sub(s.modified) > keep.MaxAge
		big := keep.MaxBytes > 0 && total > keep.MaxBytes
		if !old && !big {
			for _, id := range s.artifacts {
				kept[id] = true
			}
			continue
		}
		if err := os.Remove(s.path); err != nil && !os.IsNotExist(err) {
			return p, err
		}
		p.Sessions++
		p.Bytes += s.size
		total -= cost[i]
	}
	for id, size := range sizes {
		path := filepath.Join(artifactsDir(dir), id)
		info, err := os.Stat(path)
		if kept[id] || err != nil || now.Sub(info.ModTime()) < artifactGrace {
			continue
		}
		if err := os.Remove(path); err == nil {
			p.Artifacts++
			p.Bytes += size
		}
	}
	return p, nil
}
