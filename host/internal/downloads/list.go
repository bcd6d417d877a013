package downloads

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// State is where a download stands.
type State string

// A download's states.
const (
	InProgress State = "in_progress"
	Complete   State = "complete"
	Failed     State = "failed"
	Refused    State = "refused"
)

// Download is one download of a session's tab.
type Download struct {
	ID    string
	TabID string
	State State
	Bytes int64
	Mime  string
	// SuggestedName is the name the page suggested: page content. Empty for
	// a download refused for its site (nothing of it but its origin).
	SuggestedName string
	// SavedName is the name Diwall saved it under, in the download folder.
	SavedName string
	// Origin is the origin of the download's final URL.
	Origin string
	SHA256 string
	// Code and Message say why a download failed or was refused.
	Code    toolerr.Code
	Message string
	Started time.Time
	Ended   time.Time

	path     string // the file, never shown
	reported bool
}

// Done reports whether the download will change no more.
func (d Download) Done() bool { return d.State != InProgress }

// List is one session's downloads, oldest first. Its methods are safe for
// concurrent use.
type List struct {
	mu      sync.Mutex
	items   []*Download
	changed chan struct{} // closed, and replaced, at every change
}

// NewList returns an empty list.
func NewList() *List { return &List{changed: make(chan struct{})} }

// Started is how many downloads the session began that were not refused
// (the session's count budget).
func (l *List) Started() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, d := range l.items {
		if d.State != Refused {
			n++
		}
	}
	return n
}

// Add appends d, giving it its id, and returns that id.
func (l *List) Add(d *Download) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	d.ID = fmt.Sprintf("dl-%d", len(l.items)+1)
	if d.Started.IsZero() {
		d.Started = time.Now()
	}
	if d.Done() && d.Ended.IsZero() {
		d.Ended = d.Started
	}
	l.items = append(l.items, d)
	l.signal()
	return d.ID
}

// update changes a download under the list's lock.
func (l *List) update(d *Download, f func(*Download)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(d)
	if d.Done() && d.Ended.IsZero() {
		d.Ended = time.Now()
	}
	l.signal()
}

func (l *List) signal() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// All returns a copy of every download, oldest first.
func (l *List) All() []Download {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := make([]Download, len(l.items))
	for i, d := range l.items {
		out[i] = *d
	}
	return out
}

// Get returns a copy of the download with this id.
func (l *List) Get(id string) (Download, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.items {
		if d.ID == id {
			return *d, true
		}
	}
	return Download{}, false
}

// Unreported returns the downloads not yet reported to the model, and
// marks them reported.
func (l *List) Unreported() []Download {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Download
	for _, d := range l.items {
		if !d.reported {
			d.reported = true
			out = append(out, *d)
		}
	}
	return out
}

// HasUnreported reports whether some download was not yet reported.
func (l *List) HasUnreported() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, d := range l.items {
		if !d.reported {
			return true
		}
	}
	return false
}

// Wait waits until the download with this id is done, or ctx ends, and
// returns it as it is then.
func (l *List) Wait(ctx context.Context, id string) (Download, error) {
	for {
		l.mu.Lock()
		var found *Download
		for _, d := range l.items {
			if d.ID == id {
				found = d
			}
		}
		changed := l.changed
		var d Download
		if found != nil {
			d = *found
		}
		l.mu.Unlock()
		if found == nil || d.Done() {
			return d, nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return d, ctx.Err()
		}
	}
}

// WaitBegun waits until the list holds more than n downloads, or ctx ends.
func (l *List) WaitBegun(ctx context.Context, n int) {
	for {
		l.mu.Lock()
		more, changed := len(l.items) > n, l.changed
		l.mu.Unlock()
		if more {
			return
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return
		}
	}
}

// WaitAll waits until every download that is in progress now is done, or
// ctx ends.
func (l *List) WaitAll(ctx context.Context) {
	for _, d := range l.All() {
		if !d.Done() {
			if _, err := l.Wait(ctx, d.ID); err != nil {
				return
			}
		}
	}
}

// Fail ends a download in progress as failed, with why.
func Fail(l *List, d *Download, code toolerr.Code, msg string) {
	l.update(d, func(d *Download) { d.State, d.Code, d.Message = Failed, code, msg })
}
