package observe

import (
	"context"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript"
	"github.com/diwall/diwall/internal/policy"
)

// The page's references of a snapshot (globalThis.__diwall in the isolated
// world) are set aside while a kept observation runs, then put back.
var (
	setAside = pagescript.SetSnapshotAside
	putBack  = pagescript.PutSnapshotBack
)

// KeepingMarks makes an observation of the tab, with the same masking as
// Observe, and leaves the tab's current snapshot current: the model's marks
// stay valid. It serves the screenshot a person audits. Frames are never
// read for it (they are masked): the page references it sets aside are
// the main frame's.
func KeepingMarks(ctx context.Context, t *browser.Tab, p policy.Profile, path Path) (*Observation, error) {
	prev := t.Info().Snapshot
	kept := prev != nil
	if kept {
		if _, err := t.Evaluate(ctx, setAside, 2000); err != nil {
			kept = false
		}
	}
	obs, err := Observe(ctx, t, p, path, nil, nil)
	if kept && t.Info().LoaderID == prev.LoaderID {
		// Only when the page's references are back does the host take the
		// old snapshot back; else its marks are refused as stale.
		if id, rerr := t.Evaluate(ctx, putBack, 2000); rerr == nil && id == prev.ID {
			t.SetSnapshot(prev)
		}
	}
	return obs, err
}
