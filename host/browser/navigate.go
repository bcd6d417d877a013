package browser

import (
	"context"
	"net/url"
	"strings"
	"time"

	"github.com/diwall/diwall/protocol"
)

// Navigation says how a navigation ended.
type Navigation struct {
	Status NavStatus
	// Error is Chrome's net error text when Status is NavFailed.
	Error string
}

// NavStatus is the outcome of a navigation.
type NavStatus string

// Navigation outcomes.
const (
	NavLoaded       NavStatus = "loaded"        // the load event fired (or a same-document move)
	NavFailed       NavStatus = "failed"        // the browser could not load the URL
	NavStillLoading NavStatus = "still_loading" // the load event did not come in time
)

// LoadWait bounds how long a navigation waits for the load event before it
// reports NavStillLoading. Navigations return on their own when a page
// hangs; the model can observe what is there.
const LoadWait = 15 * time.Second

// CheckURL refuses URLs a navigation must never load: anything but http and
// https, since javascript:, data:, file: and chrome: URLs would run code or
// read files the model has no business with.
func CheckURL(raw string) error {
	u, err := url.Parse(raw)
	if err == nil && u.Scheme != "" && !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https") {
		return Errorf(protocol.CodeInvalidArgument, "Only http and https URLs can be opened, not %s: URLs.", u.Scheme)
	}
	if err != nil || u.Host == "" {
		return Errorf(protocol.CodeInvalidArgument, "%q is not an absolute URL; give one like https://example.com/path.", raw)
	}
	return nil
}

// Navigate loads url in the tab and waits for it to load.
func (b *Browser) Navigate(ctx context.Context, t *Tab, rawURL string) (Navigation, error) {
	if err := CheckURL(rawURL); err != nil {
		return Navigation{}, err
	}
	return b.navigateWith(ctx, t, func() (string, error) {
		var res struct {
			LoaderID  string `json:"loaderId"`
			ErrorText string `json:"errorText"`
		}
		if err := b.CDP(ctx, t, "Page.navigate", map[string]string{"url": rawURL}, &res); err != nil {
			return "", err
		}
		if res.LoaderID == "" && res.ErrorText == "" {
			return "same-document", nil
		}
		return res.ErrorText, nil
	})
}

// Reload reloads the tab's page.
func (b *Browser) Reload(ctx context.Context, t *Tab) (Navigation, error) {
	return b.navigateWith(ctx, t, func() (string, error) {
		return "", b.CDP(ctx, t, "Page.reload", map[string]bool{"ignoreCache": false}, nil)
	})
}

// History moves delta entries in the tab's history (-1 back, +1 forward).
// check refuses an entry's URL before it is loaded.
func (b *Browser) History(ctx context.Context, t *Tab, delta int, check func(url string) error) (Navigation, error) {
	if err := b.ready(ctx, t); err != nil {
		return Navigation{}, err
	}
	var hist struct {
		CurrentIndex int `json:"currentIndex"`
		Entries      []struct {
			ID  int    `json:"id"`
			URL string `json:"url"`
		} `json:"entries"`
	}
	if err := b.CDP(ctx, t, "Page.getNavigationHistory", nil, &hist); err != nil {
		return Navigation{}, err
	}
	i := hist.CurrentIndex + delta
	if i < 0 || i >= len(hist.Entries) {
		word := "back"
		if delta > 0 {
			word = "forward"
		}
		return Navigation{}, Errorf(protocol.CodeInvalidArgument, "There is no page to go %s to in this tab's history.", word)
	}
	if err := check(hist.Entries[i].URL); err != nil {
		return Navigation{}, err
	}
	return b.navigateWith(ctx, t, func() (string, error) {
		return "", b.CDP(ctx, t, "Page.navigateToHistoryEntry", map[string]int{"entryId": hist.Entries[i].ID}, nil)
	})
}

// ready attaches the debugger when needed and refuses to act under an open
// dialog, which blocks the page.
func (b *Browser) ready(ctx context.Context, t *Tab) error {
	if err := b.Attach(ctx, t); err != nil {
		return err
	}
	if d := b.Info(t).Dialog; d != nil {
		return Errorf(protocol.CodeDialogOpen, "A %s dialog is open on this page and blocks it. Answer it with the dialog tool first.", d.Type)
	}
	return nil
}

// navigateWith starts a navigation with start and waits for the main
// frame's load event or a same-document move. start returns Chrome's error
// text for a navigation that failed, "same-document" for one that needs no
// load, or "".
func (b *Browser) navigateWith(ctx context.Context, t *Tab, start func() (string, error)) (Navigation, error) {
	if err := b.ready(ctx, t); err != nil {
		return Navigation{}, err
	}
	// A load event counts only after this navigation's document commits:
	// the one of the page before may still be on its way.
	committed := false
	events, cancel := b.Watch(t, func(m string) bool {
		switch m {
		case EventMainFrameCommitted:
			committed = true
		case "Page.loadEventFired":
			return committed
		case "Page.navigatedWithinDocument", "Page.javascriptDialogOpening", EventRestored:
			return true
		}
		return false
	})
	defer cancel()
	outcome, err := start()
	if err != nil {
		return Navigation{}, err
	}
	switch outcome {
	case "":
	case "same-document":
		return Navigation{Status: NavLoaded}, nil
	default:
		return Navigation{Status: NavFailed, Error: outcome}, nil
	}
	wait := time.NewTimer(LoadWait)
	defer wait.Stop()
	select {
	case m := <-events:
		switch m {
		case "":
			return Navigation{}, Errorf(protocol.CodeTabGone, "The tab closed while loading.")
		case "detached":
			return Navigation{}, Errorf(protocol.CodeDebuggerDetached, "Diwall lost control of the tab while it loaded. Call again to re-attach.")
		}
		return Navigation{Status: NavLoaded}, nil
	case <-wait.C:
		return Navigation{Status: NavStillLoading}, nil
	case <-ctx.Done():
		return Navigation{}, ctx.Err()
	}
}
