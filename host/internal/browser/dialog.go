package browser

import (
	"context"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// dialogCloseWait bounds the wait for Chrome's report that an answered
// dialog closed.
const dialogCloseWait = 2 * time.Second

// AnswerDialog accepts or dismisses the JavaScript dialog open on the tab,
// a prompt with promptText when it is not empty, and waits a moment for
// Chrome to report it closed: closed is false when it did not in time.
func (t *Tab) AnswerDialog(ctx context.Context, accept bool, promptText string) (closed bool, err error) {
	done, cancel := t.Watch(func(m string) bool { return m == cdp.PageJavascriptDialogClosed })
	defer cancel()
	params := cdp.HandleJavaScriptDialogParams{Accept: accept, PromptText: promptText}
	if err := t.CDP(ctx, cdp.PageHandleJavaScriptDialog, params, nil); err != nil {
		return false, err
	}
	select {
	case <-done:
		return true, nil
	case <-time.After(dialogCloseWait):
		return false, nil
	}
}
