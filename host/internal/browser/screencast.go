package browser

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// screencastStopWait bounds stopping the screencast once its frame came.
const screencastStopWait = 2 * time.Second

// ErrNoScreencastFrame is Screencast's answer when Chrome started the
// screencast but sent no frame before ctx ended.
var ErrNoScreencastFrame = errors.New("the screencast sent no frame")

// Screencast returns the latest frame Chrome drew of the tab's viewport,
// as base64 JPEG, from a screencast started and stopped for it: Chrome
// sends its first frame at once (13–50 ms measured), in the background as
// in front, where Page.captureScreenshot of a tab that is not shown in its
// window waits about 300 ms for a frame. The frame is the one Chrome drew
// last: a caller that needs the page as it is now has it draw a frame
// first (observe does, in the page's isolated world).
func (t *Tab) Screencast(ctx context.Context) (string, error) {
	b := t.b
	frames, stop := t.Watch(func(m string) bool { return m == cdp.PageScreencastFrame })
	defer stop()
	b.mu.Lock()
	t.frame = ""
	b.mu.Unlock()
	if err := t.CDP(ctx, cdp.PageStartScreencast, cdp.StartScreencastParams{Format: "jpeg", Quality: 90}, nil); err != nil {
		return "", err
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), screencastStopWait)
		defer cancel()
		if err := t.CDP(sctx, cdp.PageStopScreencast, nil, nil); err != nil {
			b.log.Debug("stopping the screencast", "tab", t.ChromeID, "err", err)
		}
	}()
	select {
	case m := <-frames:
		if m != cdp.PageScreencastFrame {
			return "", ErrNoScreencastFrame // the debugger left the tab
		}
	case <-ctx.Done():
		return "", errors.Join(ErrNoScreencastFrame, ctx.Err())
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	data := t.frame
	t.frame = ""
	if data == "" {
		return "", ErrNoScreencastFrame
	}
	return data, nil
}

// screencastFrame keeps the frame of a Page.screencastFrame for
// Screencast. b.mu is held.
func (t *Tab) screencastFrame(params json.RawMessage) {
	var ev cdp.ScreencastFrame
	if json.Unmarshal(params, &ev) == nil {
		t.frame = ev.Data
	}
}
