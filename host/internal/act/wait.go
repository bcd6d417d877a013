package act

import (
	"context"
	"strconv"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// waitDefault bounds a wait for text or a navigation that gives no ms.
const waitDefault = 10 * time.Second

// wait waits for text to appear or for a navigation, at most s.MS (or
// waitDefault) and fails with timeout when it does not come; with ms
// alone it waits that long.
func (r *run) wait(ctx context.Context, s Step, sr *StepResult) error {
	defer r.waiting()()
	within := waitDefault
	if s.MS > 0 {
		within = time.Duration(s.MS) * time.Millisecond
	}
	switch {
	case s.Text != "":
		// The page answers when the text appears (it watches its own
		// changes), at most within later.
		found, err := r.hasText(ctx, s.Text, within)
		if err != nil {
			return err
		}
		if !found {
			return toolerr.Errorf(toolerr.CodeTimeout, "The text %q did not appear within %s; the steps after this one were not run. Observe to see the page as it is.", cutWaited(s.Text), spoken(within))
		}
		return nil
	case s.Navigation:
		return r.waitNavigation(ctx, within, sr)
	}
	select {
	case <-time.After(within):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// waitNavigation waits, at most within, for the page to navigate, then
// for the new document to load.
func (r *run) waitNavigation(ctx context.Context, within time.Duration, sr *StepResult) error {
	before := r.t.Info().LoaderID
	events, stop := r.t.Record()
	defer stop()
	started := time.NewTimer(within)
	defer started.Stop()
	for r.t.Info().LoaderID == before {
		select {
		case m := <-events:
			switch m {
			case browser.EventMainFrameNavigating, browser.EventMainFrameCommitted:
				r.settleLoad(ctx, events)
			case cdp.PageJavascriptDialogOpening:
				r.dialogOpened = true
				return nil
			case "", "detached":
				return toolerr.Errorf(toolerr.CodeTabGone, "The tab closed or was detached while waiting.")
			}
		case <-started.C:
			return toolerr.Errorf(toolerr.CodeTimeout, "The page did not navigate within %s; the steps after this one were not run. Observe to see the page as it is.", spoken(within))
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	sr.Navigated = true
	return nil
}

// spoken says a wait's length as a message does: "300 ms", "2.5 s".
func spoken(d time.Duration) string {
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// cutWaited is the text a wait looked for, as its message repeats it: at
// most 80 characters.
func cutWaited(text string) string {
	if r := []rune(text); len(r) > 80 {
		return string(r[:80]) + "…"
	}
	return text
}
