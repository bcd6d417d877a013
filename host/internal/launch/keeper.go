package launch

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/diwall/diwall/internal/socket"
)

// Restart policy: a browser that died this many times within this window
// is not started again; something is wrong that a restart will not fix.
const (
	MaxDeaths   = 3
	DeathWindow = time.Minute
)

// GaveUpError says the launched browser died too often to be started
// again: MaxDeaths times within DeathWindow.
type GaveUpError struct {
	Deaths int
	Last   *ExitError // how the last one ended
}

func (e *GaveUpError) Error() string {
	return fmt.Sprintf("the browser exited %d times within %v, so it is not started again; the last time: %v", e.Deaths, DeathWindow, e.Last)
}

// Keeper starts the launched browser again when it has died: on the call
// after its death (Revive), on the same profile folder, unless it died
// MaxDeaths times within DeathWindow. It is safe for concurrent use: calls
// that find the browser dead wait for one restart.
type Keeper struct {
	inst    *Instance
	log     *slog.Logger
	hostFor time.Duration // how long a restart waits for the browser's host

	gaveUp atomic.Pointer[GaveUpError]

	mu     sync.Mutex  // held through a restart
	deaths []time.Time // when the browser's processes ended, within DeathWindow of the last
	seen   time.Time   // when the death last counted happened
}

// NewKeeper returns a Keeper of inst whose restarts wait at most hostWait
// for the new host.
func NewKeeper(inst *Instance, log *slog.Logger, hostWait time.Duration) *Keeper {
	return &Keeper{inst: inst, log: log, hostFor: hostWait}
}

// count counts a death of the browser at at, once, and forgets those more
// than DeathWindow before it. k.mu is held.
func (k *Keeper) count(at time.Time) {
	if at.Equal(k.seen) {
		return
	}
	k.seen = at
	kept := k.deaths[:0]
	for _, d := range k.deaths {
		if at.Sub(d) < DeathWindow {
			kept = append(kept, d)
		}
	}
	kept = append(kept, at)
	k.deaths = kept
}

// GaveUp is the *GaveUpError once the Keeper stopped restarting the
// browser, or nil.
func (k *Keeper) GaveUp() *GaveUpError { return k.gaveUp.Load() }

// reviveGrace bounds how long Revive waits, when no host serves, for the
// browser's death to be known (its process is reaped once its helpers let
// go of its output) or for a new host (the extension starts one when the
// host alone died).
const reviveGrace = 3 * time.Second

// AwaitLost is called when the host answered no_browser (its extension
// went away): it returns once the browser's exit is known or that host no
// longer serves, or after reviveGrace, so that the next Revive sees a
// browser that died as dead, not its ending host as serving.
func (k *Keeper) AwaitLost(ctx context.Context) {
	for end := time.Now().Add(reviveGrace); time.Now().Before(end); {
		if exit, _ := k.inst.Exited(); exit != nil || !socket.Alive(k.inst.SocketPath) {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// ErrNoHost says the launched browser runs but no host serves in it.
var ErrNoHost = errors.New("the launched browser runs, but no Diwall host serves in it")

// Revive is called when no host answered: it starts the browser again if
// it died, and waits for its host; restarted says it did. A browser that
// dies again at start is started again at once. One that died MaxDeaths
// times within DeathWindow is not started again: the error is then a
// *GaveUpError, for this call and every later one. Any other error (its
// host did not come in time) means no browser for now; the next call
// tries again.
func (k *Keeper) Revive(ctx context.Context) (restarted bool, err error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if g := k.gaveUp.Load(); g != nil {
		return false, g
	}
	exit, at := k.inst.Exited()
	for end := time.Now().Add(reviveGrace); exit == nil; exit, at = k.inst.Exited() {
		if socket.Alive(k.inst.SocketPath) {
			return false, nil
		}
		if time.Now().After(end) {
			return false, ErrNoHost
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	for {
		k.count(at)
		if len(k.deaths) >= MaxDeaths {
			g := &GaveUpError{Deaths: len(k.deaths), Last: exit}
			k.gaveUp.Store(g)
			k.log.Error("the launched browser died too often; not starting it again", "deaths", len(k.deaths), "last", exit)
			return restarted, g
		}
		k.log.Warn("the launched browser exited; starting it again", "exit", exit, "deaths_within_window", len(k.deaths))
		note := "the browser Diwall launched exited (" + exit.Status + ")"
		if exit.Reason != "" {
			note += ": " + exit.Reason
		}
		if err := k.inst.Restart(note); err != nil {
			return restarted, err
		}
		restarted = true
		wctx, cancel := context.WithTimeout(ctx, k.hostFor)
		err := k.inst.WaitHost(wctx)
		cancel()
		if err == nil {
			break
		}
		k.log.Warn("the restarted browser's host did not come", "err", err)
		// A browser that died again at start counts, and is tried again
		// at once: one that always does is given up on by this call.
		if exit, at = k.inst.Exited(); exit == nil || ctx.Err() != nil {
			return restarted, err
		}
	}
	k.log.Info("the launched browser is back", "socket", k.inst.SocketPath)
	return true, nil
}
