package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// worldName names Diwall's isolated world in every page.
const worldName = "diwall"

// World returns the execution context of Diwall's isolated world in the
// tab's current document, creating it when needed. Page scripts cannot see
// or change what runs there.
func (t *Tab) World(ctx context.Context) (int, error) {
	return t.WorldIn(ctx, Frame{})
}

// WorldIn is World for one frame of the tab (see Frame): the isolated
// world of the frame's current document.
func (t *Tab) WorldIn(ctx context.Context, f Frame) (int, error) {
	b := t.b
	if err := t.Attach(ctx); err != nil {
		return 0, err
	}
	b.mu.Lock()
	world, id, crashed := t.worlds[f], f.ID, t.crashed
	if f.Main() {
		id = t.frameID
	}
	b.mu.Unlock()
	if crashed {
		return 0, ErrCrashed
	}
	if world != 0 {
		return world, nil
	}
	var res cdp.CreateIsolatedWorldResult
	err := t.CDPIn(ctx, f.Session, cdp.PageCreateIsolatedWorld, cdp.CreateIsolatedWorldParams{
		FrameID: id, WorldName: worldName, GrantUniveralAccess: false,
	}, &res)
	if err != nil {
		if !f.Main() {
			return 0, fmt.Errorf("%w: %v", ErrWorldGone, err) //nolint:errorlint // the world is gone; what Chrome said is detail, not a cause to branch on
		}
		return 0, err
	}
	b.mu.Lock()
	if t.worlds == nil {
		t.worlds = make(map[Frame]int)
	}
	t.worlds[f] = res.ExecutionContextID
	b.mu.Unlock()
	return res.ExecutionContextID, nil
}

// installKey names a script defined in one frame's isolated world.
type installKey struct {
	frame Frame
	name  string
}

// InstalledIn says whether the host's script name was defined in world,
// the isolated world of frame f's document (see SetInstalledIn).
func (t *Tab) InstalledIn(f Frame, world int, name string) bool {
	b := t.b
	b.mu.Lock()
	defer b.mu.Unlock()
	return world != 0 && t.installed[installKey{f, name}] == world
}

// SetInstalledIn records that the host's script name is defined in world
// (of frame f), so that later calls send only its name and arguments.
func (t *Tab) SetInstalledIn(f Frame, world int, name string) {
	b := t.b
	b.mu.Lock()
	defer b.mu.Unlock()
	if t.installed == nil {
		t.installed = make(map[installKey]int)
	}
	t.installed[installKey{f, name}] = world
}

// forgetWorld drops a world of frame f the browser no longer knows (its
// document was replaced under us), so the next WorldIn makes a new one.
func (t *Tab) forgetWorld(f Frame, world int) {
	b := t.b
	b.mu.Lock()
	if t.worlds[f] == world {
		delete(t.worlds, f)
	}
	b.mu.Unlock()
}

// WorldErrIn returns ErrWorldGone for an error Chrome gave because the
// isolated world's context (of frame f) no longer exists (its document was
// replaced), and forgets that world; other errors are returned as they
// are. For a child frame, a session that is gone (the frame went out of
// process, or away) is a world gone too.
func (t *Tab) WorldErrIn(f Frame, world int, err error) error {
	if err == nil {
		return nil
	}
	if cdp.Is(err, cdp.ContextGone) || !f.Main() && cdp.Is(err, cdp.SessionGone) {
		t.forgetWorld(f, world)
		return fmt.Errorf("%w: %v", ErrWorldGone, err) //nolint:errorlint // the world is gone; what Chrome said is detail, not a cause to branch on
	}
	return err
}

// Evaluate runs the host's own constant expression in the tab's isolated
// world and returns its value, which must be a string; the script may run
// for timeoutMS. It never runs JavaScript that came from the model, and
// takes no arguments: a function that does is called with CallIn.
func (t *Tab) Evaluate(ctx context.Context, expression string, timeoutMS int) (string, error) {
	world, err := t.World(ctx)
	if err != nil {
		return "", err
	}
	var res cdp.EvaluateResult
	err = t.UnlessDialog(ctx, func(ctx context.Context) error {
		return t.CDP(ctx, cdp.RuntimeEvaluate, cdp.EvaluateParams{
			Expression: expression, ContextID: world, ReturnByValue: true, Timeout: int64(timeoutMS),
		}, &res)
	})
	if cdp.Is(err, cdp.Terminated) {
		return "", TooLong(time.Duration(timeoutMS)*time.Millisecond, err)
	}
	if err != nil {
		return "", t.WorldErrIn(Frame{}, world, err)
	}
	return StringResult(&res)
}

// StringResult is the string a page script answered, or its exception.
func StringResult(res *cdp.EvaluateResult) (string, error) {
	if d := res.ExceptionDetails; d != nil {
		return "", fmt.Errorf("page script failed: %s", d.Message())
	}
	if res.Result.Type != "string" {
		return "", fmt.Errorf("page script returned %s, not a string", res.Result.Type)
	}
	var s string
	if err := json.Unmarshal(res.Result.Value, &s); err != nil {
		return "", err
	}
	return s, nil
}

// CDPUnlessDialog is CDP, except that it stops waiting when a dialog opens
// on the tab (ErrDialogOpened): the page would not answer before the
// dialog is handled.
func (t *Tab) CDPUnlessDialog(ctx context.Context, method cdp.Method, params, result any) error {
	return t.UnlessDialog(ctx, func(ctx context.Context) error { return t.CDP(ctx, method, params, result) })
}

// SetSnapshot makes snap the tab's current snapshot, if the tab is still on
// the document the snapshot was taken of.
func (t *Tab) SetSnapshot(snap *Snapshot) bool {
	b := t.b
	b.mu.Lock()
	defer b.mu.Unlock()
	if t.loaderID != snap.LoaderID {
		return false
	}
	t.snapshot = snap
	return true
}
