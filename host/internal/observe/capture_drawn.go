package observe

import (
	"context"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// captureDrawn captures a tab that is not the active one of its window
// (the agent's tab beside the person's) and is kept awake
// (browser.KeepAwake): the page draws a frame first, in Diwall's isolated
// world (pagescript.NextFrame), then the tab's latest drawn frame is taken
// (browser.Tab.Screencast), so the image is of the page as it is now, in
// 40–50 ms. Page.captureScreenshot of such a tab waits about 300 ms for a
// frame of its own. It answers false, and the caller captures with
// Page.captureScreenshot, for a tab in front, one not kept awake, or when
// the page drew no frame within 500 ms. The capture guard brackets it as it
// does Page.captureScreenshot (masking.go): the frame is drawn after the
// guard started.
func captureDrawn(ctx context.Context, t *browser.Tab) (string, bool) {
	if t.Info().Active || !t.Awake() {
		return "", false
	}
	// A tab in the background gets no begin-frames from Chrome, shown or
	// not, until a capture of its frames starts (KeepAwake's screencast
	// stops with the first capture's): a screencast first, so that the
	// page draws at once (its frame, the last drawn, may be old, and is
	// dropped).
	if _, err := t.Screencast(ctx); err != nil {
		return "", false
	}
	if drawn, err := t.CallIn(ctx, browser.Frame{}, pagescript.NextFrame, nil, true); err != nil || drawn != "" {
		return "", false
	}
	data, err := t.Screencast(ctx)
	return data, err == nil
}
