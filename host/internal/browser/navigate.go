package browser

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/cdp"
)

// Navigation says how a navigation ended.
type Navigation struct {
	Status NavStatus
	// Error is Chrome's net error name (net::ERR_...) when Status is
	// NavFailed and Chrome said which.
	Error string
	// HTTPStatus is the status of the response the document came with; 0
	// when unknown (a same-document move, an error page, no response yet).
	HTTPStatus int
}

// NavStatus is the outcome of a navigation.
type NavStatus string

// Navigation outcomes.
const (
	NavLoaded       NavStatus = "loaded"        // the load event fired (or a same-document move)
	NavFailed       NavStatus = "failed"        // the browser could not load the URL
	NavStillLoading NavStatus = "still_loading" // the load event did not come in time
	NavAsked        NavStatus = "asked"         // the page asks first (a beforeunload dialog is open)
	NavClosed       NavStatus = "closed"        // the tab closed instead (AfterLeave)
	NavCrashed      NavStatus = "crashed"       // the page crashed its tab (with ErrCrashed)
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
		return &URLError{URL: raw, Scheme: u.Scheme}
	}
	if err != nil || u.Host == "" {
		return &URLError{URL: raw}
	}
	return nil
}

// Navigate loads url in the tab and waits for it to load.
func (t *Tab) Navigate(ctx context.Context, rawURL string) (Navigation, error) {
	b := t.b
	if err := CheckURL(rawURL); err != nil {
		return Navigation{}, err
	}
	return b.navigateWith(ctx, t, func(ctx context.Context) (string, error) {
		var res cdp.NavigateResult
		// The page's own navigations (location.href = …, a form's
		// submit): Chrome asks for them with this event, never for ours.
		pageAsked, stop := t.Watch(func(m string) bool { return m == cdp.PageFrameRequestedNavigation })
		defer stop()
		for attempt := 0; ; attempt++ {
			before := t.Info().LoaderID
			res.LoaderID, res.ErrorText = "", ""
			if err := t.CDP(ctx, cdp.PageNavigate, cdp.NavigateParams{URL: rawURL}, &res); err != nil {
				return "", err
			}
			// A page that navigates itself can cancel ours with its own:
			// ask again. An abort with no navigation of the page's (a
			// download, an empty answer) is the outcome.
			if res.ErrorText != abortedByAnother || attempt == 2 {
				break
			}
			select {
			case <-pageAsked:
			default:
				if t.Info().LoaderID == before {
					return res.ErrorText, nil
				}
			}
		}
		if res.LoaderID == "" && res.ErrorText == "" {
			return "same-document", nil
		}
		return res.ErrorText, nil
	})
}

// abortedByAnother is Chrome's error for a navigation cancelled before it
// committed, among other reasons by another navigation of the same frame.
const abortedByAnother = "net::ERR_ABORTED"

// Reload reloads the tab's page.
func (t *Tab) Reload(ctx context.Context) (Navigation, error) {
	b := t.b
	return b.navigateWith(ctx, t, func(ctx context.Context) (string, error) {
		return "", t.CDP(ctx, cdp.PageReload, cdp.ReloadParams{IgnoreCache: false}, nil)
	})
}

// History moves delta entries in the tab's history (-1 back, +1 forward).
// check refuses an entry's URL before it is loaded.
func (t *Tab) History(ctx context.Context, delta int, check func(url string) error) (Navigation, error) {
	b := t.b
	if err := b.ready(ctx, t); err != nil {
		return Navigation{}, err
	}
	var hist cdp.GetNavigationHistoryResult
	if err := t.CDP(ctx, cdp.PageGetNavigationHistory, nil, &hist); err != nil {
		return Navigation{}, err
	}
	i := hist.CurrentIndex + delta
	if i < 0 || i >= len(hist.Entries) {
		return Navigation{}, &NoHistoryError{Forward: delta > 0}
	}
	if err := check(hist.Entries[i].URL); err != nil {
		return Navigation{}, err
	}
	return b.navigateWith(ctx, t, func(ctx context.Context) (string, error) {
		return "", t.CDP(ctx, cdp.PageNavigateToHistoryEntry, cdp.NavigateToHistoryEntryParams{EntryID: hist.Entries[i].ID}, nil)
	})
}

// ready attaches the debugger when needed and refuses to act under an open
// dialog, which blocks the page.
func (b *Browser) ready(ctx context.Context, t *Tab) error {
	if err := t.Attach(ctx); err != nil {
		return err
	}
	if d := t.Info().Dialog; d != nil {
		return DialogOpen(d)
	}
	return nil
}

// navigateWith starts a navigation with start and waits for the main
// frame's load event or a same-document move. start returns Chrome's error
// text for a navigation that failed, "same-document" for one that needs no
// load, or "". start runs on its own: when the page asks before it is left
// (beforeunload), Chrome holds the command until the dialog is answered,
// and the navigation reports the dialog at once instead (NavAsked).
func (b *Browser) navigateWith(ctx context.Context, t *Tab, start func(ctx context.Context) (string, error)) (Navigation, error) {
	if err := b.ready(ctx, t); err != nil {
		return Navigation{}, err
	}
	// The new page loads and runs its scripts at the speed of a tab in
	// front, though it stays in the background (awake.go).
	defer t.KeepAwake(ctx)()
	// A load event counts only after this navigation's document commits:
	// the one of the page before may still be on its way.
	committed := false
	events, cancel := t.Watch(func(m string) bool {
		switch m {
		case EventMainFrameCommitted:
			committed = true
		case cdp.PageLoadEventFired:
			return committed
		case cdp.PageNavigatedWithinDocument, cdp.PageJavascriptDialogOpening, EventRestored, cdp.InspectorTargetCrashed:
			return true
		}
		return false
	})
	defer cancel()
	wait := time.NewTimer(LoadWait)
	defer wait.Stop()
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	type started struct {
		outcome string
		err     error
	}
	startc := make(chan started, 1)
	go func() {
		outcome, err := start(sctx)
		startc <- started{outcome, err}
	}()
	for {
		select {
		case s := <-startc:
			switch {
			case s.err != nil:
				return Navigation{}, s.err
			case s.outcome == "same-document":
				return Navigation{Status: NavLoaded}, nil
			case s.outcome != "":
				if s.outcome != abortedByAnother {
					awaitErrorPage(ctx, events)
				}
				return Navigation{Status: NavFailed, Error: s.outcome}, nil
			}
			startc = nil // started: wait for the load
		case m := <-events:
			switch m {
			case "":
				return Navigation{}, ErrClosedLoading
			case "detached":
				return Navigation{}, ErrDetachedLoading
			case cdp.PageJavascriptDialogOpening:
				if d := t.Info().Dialog; d != nil && d.Type == "beforeunload" {
					return Navigation{Status: NavAsked}, DialogOpen(d)
				}
				return Navigation{Status: NavLoaded}, nil // the new page opened a dialog: it is there
			case cdp.PageNavigatedWithinDocument:
				return Navigation{Status: NavLoaded}, nil
			case cdp.InspectorTargetCrashed:
				return Navigation{Status: NavCrashed}, ErrCrashed
			}
			nav := b.loaded(ctx, t)
			if nav.Status == NavFailed && startc != nil {
				// Chrome's error page came before the command's answer,
				// which names the error.
				select {
				case s := <-startc:
					nav.Error = s.outcome
				case <-time.After(time.Second):
				}
			}
			return nav, nil
		case <-wait.C:
			nav := b.loaded(ctx, t)
			if nav.Status == NavLoaded {
				nav.Status = NavStillLoading
			}
			return nav, nil
		case <-ctx.Done():
			return Navigation{}, ctx.Err()
		}
	}
}

// errorPageWait bounds waiting for Chrome's error page after a navigation
// it refused at once.
const errorPageWait = 2 * time.Second

// awaitErrorPage waits for Chrome's error page of a failed navigation to
// commit and load. Page.navigate names the error before that page commits;
// returning then would leave its commit and load event to be taken by the
// next navigation of the tab as its own.
func awaitErrorPage(ctx context.Context, events <-chan string) {
	wait := time.NewTimer(errorPageWait)
	defer wait.Stop()
	// The navigation's watch fires once: on that load, or on whatever ends
	// the wait sooner (the tab closing, a crash).
	select {
	case <-events:
	case <-wait.C:
	case <-ctx.Done():
	}
}

// statusWait bounds reading a loaded document's HTTP status.
const statusWait = 2 * time.Second

// loaded reads how the document now in the tab came: Chrome's error page
// for a URL it could not load, or a response with its HTTP status.
func (b *Browser) loaded(ctx context.Context, t *Tab) Navigation {
	if t.Info().Unreachable != "" {
		return Navigation{Status: NavFailed}
	}
	nav := Navigation{Status: NavLoaded}
	sctx, cancel := context.WithTimeout(ctx, statusWait)
	defer cancel()
	text, err := t.Evaluate(sctx, `String((performance.getEntriesByType("navigation")[0] || {}).responseStatus || 0)`, int(statusWait.Milliseconds()))
	if err == nil {
		nav.HTTPStatus, _ = strconv.Atoi(text)
	}
	return nav
}

// AfterLeave follows what a beforeunload dialog held, from the moment it
// is called (before the dialog is accepted): the navigation, until its
// page loads (at most LoadWait), or the closing of the tab (NavClosed).
func (t *Tab) AfterLeave(ctx context.Context) <-chan Navigation {
	b := t.b
	events, stop := t.Record()
	out := make(chan Navigation, 1)
	go func() {
		defer stop()
		wait := time.NewTimer(LoadWait)
		defer wait.Stop()
		committed := false
		for {
			select {
			case m := <-events:
				switch m {
				case "":
					out <- Navigation{Status: NavClosed}
					return
				case EventMainFrameCommitted:
					committed = true
				case cdp.PageLoadEventFired:
					if committed {
						out <- b.loaded(ctx, t)
						return
					}
				case EventRestored:
					out <- b.loaded(ctx, t)
					return
				case cdp.PageNavigatedWithinDocument:
					out <- Navigation{Status: NavLoaded}
					return
				}
			case <-wait.C:
				nav := Navigation{Status: NavStillLoading}
				if committed {
					nav = b.loaded(ctx, t)
					if nav.Status == NavLoaded {
						nav.Status = NavStillLoading
					}
				}
				out <- nav
				return
			case <-ctx.Done():
				out <- Navigation{Status: NavStillLoading}
				return
			}
		}
	}()
	return out
}
