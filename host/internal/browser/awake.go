package browser

import (
	"context"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// The agent's tabs stay in the background: no call of the host makes one
// the active tab of its window or focuses a window, so the person keeps
// their screen and their keyboard. A tab in the background is hidden, and
// Chrome lets a hidden page draw no frames (a capture waits for one that
// never comes), run no requestAnimationFrame callbacks and wake its timers
// once a second at most. While the agent works on a tab, KeepAwake undoes
// that for the tab alone: Emulation.setFocusEmulationEnabled makes Chrome
// hold the tab as if a capturer watched it, shown, so its timers run
// unthrottled and the page believes it has the focus (Input events reach
// its focused element; the person's own focus is untouched), and a
// screencast, running while it is awake, makes Chrome send it
// begin-frames, so it draws, runs requestAnimationFrame and takes input
// promptly (sendFrames).
// When the agent has left the tab alone for AwakeLinger, it goes back to
// Chrome's usual throttling.

// AwakeLinger is how long a tab stays awake after the agent's last work on
// it ended: a timer the agent's click started (a debounce, a toast) fires
// on time, and a batch of calls in one turn does not switch the tab back
// and forth; past it, a background agent costs no more than any hidden tab.
var AwakeLinger = 2 * time.Second

// awakeWait bounds the answer to the command that ends the awake state; the
// command that starts it is not waited for (it is sent before the work's
// own commands, which Chrome runs after it).
const awakeWait = 5 * time.Second

// awakeState is a tab's awake bookkeeping, guarded by the Browser's lock.
type awakeState struct {
	holds  int         // KeepAwake calls not yet released
	on     bool        // Chrome holds the tab shown (focus emulation is on)
	frames bool        // the screencast that keeps it drawing runs
	sleep  *time.Timer // the pending end, once holds fell to 0
}

// KeepAwake makes the tab render, capture, run its timers and take input as
// a tab in front does, without bringing it forward (see above), until
// release is called and AwakeLinger has passed with no other hold. It
// attaches the debugger when needed. It never fails the caller: a tab that
// cannot be kept awake is worked on as it is (slower in the background).
func (t *Tab) KeepAwake(ctx context.Context) (release func()) {
	b := t.b
	if err := t.Attach(ctx); err != nil {
		b.log.Debug("cannot keep the tab awake: not attached", "tab", t.ChromeID, "err", err)
		return func() {}
	}
	b.mu.Lock()
	t.awake.holds++
	if t.awake.sleep != nil {
		t.awake.sleep.Stop()
		t.awake.sleep = nil
	}
	start := !t.awake.on && t.attached
	// A tab in front draws anyway: a screencast would only cost it time.
	frames := start && !t.active
	if start {
		t.awake.on, t.awake.frames = true, frames
	}
	b.mu.Unlock()
	if start {
		t.sendAwake(true)
	}
	if frames {
		t.sendFrames(true)
	}
	var once sync.Once
	return func() { once.Do(t.releaseAwake) }
}

// releaseAwake ends one hold; the last one schedules the end of the awake
// state after AwakeLinger.
func (t *Tab) releaseAwake() {
	b := t.b
	b.mu.Lock()
	defer b.mu.Unlock()
	t.awake.holds--
	if t.awake.holds > 0 || !t.awake.on {
		return
	}
	var timer *time.Timer
	timer = time.AfterFunc(AwakeLinger, func() {
		b.mu.Lock()
		if t.awake.sleep != timer || t.awake.holds > 0 || !t.awake.on {
			b.mu.Unlock()
			return
		}
		frames := t.awake.frames
		t.awake.sleep, t.awake.on, t.awake.frames = nil, false, false
		b.mu.Unlock()
		if frames {
			t.sendFrames(false)
		}
		t.sendAwake(false)
	})
	t.awake.sleep = timer
}

// sendAwake turns focus emulation on or off on the tab's session; a
// failure to turn it on is forgotten, so that the next hold tries again.
func (t *Tab) sendAwake(on bool) {
	t.sendSide(cdp.EmulationSetFocusEmulationEnabled, cdp.SetFocusEmulationEnabledParams{Enabled: on}, func() {
		if on {
			t.b.mu.Lock()
			t.awake.on = false
			t.b.mu.Unlock()
		}
	})
}

// sendFrames starts or stops the screencast that keeps the tab drawing:
// shown by focus emulation alone, a tab in the background draws frames
// only now and then (requestAnimationFrame 70–350 ms apart, measured, and
// input and act's page round trips waiting for them), until a capture of
// its frames asks Chrome for begin-frames. Chrome sends its first frame
// and no other (none is acknowledged); the host does not use it.
func (t *Tab) sendFrames(on bool) {
	if on {
		t.sendSide(cdp.PageStartScreencast, cdp.StartScreencastParams{Format: "jpeg", Quality: 10}, nil)
		return
	}
	t.sendSide(cdp.PageStopScreencast, nil, nil)
}

// sendSide writes one command to the tab's session at once, ahead of
// whatever the caller sends next, and awaits its answer on the side (a
// page busy in a long task answers late); failed, when not nil, runs when
// it fails.
func (t *Tab) sendSide(method cdp.Method, params any, failed func()) {
	b := t.b
	p := protocol.CDPParams{TabID: t.ChromeID, Method: string(method), Params: params}
	var wait func(context.Context, any) error
	if s, ok := b.ext.(starter); ok {
		wait = s.Start(protocol.MethodCDP, p)
	} else {
		wait = func(ctx context.Context, result any) error { return b.ext.Call(ctx, protocol.MethodCDP, p, result) }
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), awakeWait)
		defer cancel()
		if err := wait(ctx, nil); err != nil {
			b.log.Debug("a side command to keep the tab awake failed", "tab", t.ChromeID, "method", method, "err", err)
			if failed != nil {
				failed()
			}
		}
	}()
}

// sleptLocked forgets the awake state of a tab whose debugger session
// ended: Chrome dropped it with the session. b.mu is held.
func (t *Tab) sleptLocked() {
	if t.awake.sleep != nil {
		t.awake.sleep.Stop()
		t.awake.sleep = nil
	}
	t.awake.on, t.awake.frames = false, false
}

// Awake says whether Chrome holds the tab shown for the agent now.
func (t *Tab) Awake() bool {
	t.b.mu.Lock()
	defer t.b.mu.Unlock()
	return t.awake.on
}
