package browser_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/protocol"
)

// loads makes Page.navigate (and reload, and history moves) commit a new
// document and fire its load event; status is the response's.
func loads(t *testing.T, e *browsertest.Ext, tab **browser.Tab, status string) {
	n := 1
	commit := func(browsertest.Request) (any, error) {
		n++
		loader := "L" + string(rune('0'+n))
		browsertest.Navigate(t, *tab, loader, "https://a.test/next")
		browsertest.Event(t, *tab, "Page.loadEventFired", map[string]any{})
		return map[string]any{"loaderId": loader}, nil
	}
	for _, m := range []string{"Page.navigate", "Page.reload", "Page.navigateToHistoryEntry"} {
		e.On(m, commit)
	}
	e.On("Runtime.evaluate", func(browsertest.Request) (any, error) { return browsertest.EvalString(status), nil })
}

// code is the model's error code of err ("" for none).
func code(err error) toolerr.Code {
	if err == nil {
		return ""
	}
	return toolerr.From(err).Code
}

func TestNavigateOutcomes(t *testing.T) {
	e := browsertest.New()
	var tab *browser.Tab
	loads(t, e, &tab, "404")
	_, tab = browsertest.Start(t, e)
	ctx := context.Background()

	nav, err := tab.Navigate(ctx, "https://a.test/next")
	if err != nil || nav.Status != browser.NavLoaded || nav.HTTPStatus != 404 || tab.Info().URL != "https://a.test/next" {
		t.Errorf("a load: %+v %v", nav, err)
	}
	if r := e.Requests("Page.navigate"); len(r) != 1 || r[0].Str("url") != "https://a.test/next" {
		t.Errorf("Page.navigate %+v", r)
	}
	if _, err := tab.Navigate(ctx, "javascript:alert(1)"); code(err) != toolerr.CodeInvalidArgument {
		t.Errorf("javascript: %v", err)
	}
	if nav, err := tab.Reload(ctx); err != nil || nav.Status != browser.NavLoaded {
		t.Errorf("reload: %+v %v", nav, err)
	}

	e.On("Page.navigate", func(browsertest.Request) (any, error) {
		return map[string]any{"loaderId": "Lx", "errorText": "net::ERR_NAME_NOT_RESOLVED"}, nil
	})
	if nav, err := tab.Navigate(ctx, "https://nowhere.test/"); err != nil || nav.Status != browser.NavFailed || nav.Error != "net::ERR_NAME_NOT_RESOLVED" {
		t.Errorf("a failed load: %+v %v", nav, err)
	}
	e.On("Page.navigate", func(browsertest.Request) (any, error) { return map[string]any{}, nil })
	if nav, err := tab.Navigate(ctx, "https://a.test/next#part"); err != nil || nav.Status != browser.NavLoaded {
		t.Errorf("a same-document move: %+v %v", nav, err)
	}
	// A page's own navigation that cancelled ours: asked again.
	attempts := 0
	e.On("Page.navigate", func(r browsertest.Request) (any, error) {
		attempts++
		if attempts == 1 {
			browsertest.Event(t, tab, "Page.frameRequestedNavigation", map[string]any{"frameId": "main"})
			return map[string]any{"loaderId": "", "errorText": "net::ERR_ABORTED"}, nil
		}
		return map[string]any{}, nil
	})
	if nav, err := tab.Navigate(ctx, "https://a.test/again"); err != nil || nav.Status != browser.NavLoaded || attempts != 2 {
		t.Errorf("cancelled by the page: %+v %v after %d attempts", nav, err, attempts)
	}
	// An abort the page did not cause (a download): the outcome.
	e.On("Page.navigate", func(browsertest.Request) (any, error) {
		return map[string]any{"loaderId": "", "errorText": "net::ERR_ABORTED"}, nil
	})
	if nav, err := tab.Navigate(ctx, "https://a.test/file.zip"); err != nil || nav.Status != browser.NavFailed || nav.Error != "net::ERR_ABORTED" {
		t.Errorf("an abort: %+v %v", nav, err)
	}
}

// TestNavigateUnderADialog: a page that asks before it is left answers
// NavAsked at once; any other open dialog refuses the navigation.
func TestNavigateUnderADialog(t *testing.T) {
	e := browsertest.New()
	_, tab := browsertest.Start(t, e)
	e.On("Page.navigate", func(r browsertest.Request) (any, error) {
		browsertest.OpenDialog(t, tab, "beforeunload", "")
		<-r.Ctx.Done() // Chrome holds the command until the dialog is answered
		return nil, r.Ctx.Err()
	})
	nav, err := tab.Navigate(context.Background(), "https://a.test/other")
	if nav.Status != browser.NavAsked || code(err) != toolerr.CodeDialogOpen || !strings.Contains(toolerr.From(err).Msg, "leave") {
		t.Errorf("beforeunload: %+v %v", nav, err)
	}
	if _, err := tab.Navigate(context.Background(), "https://a.test/other"); code(err) != toolerr.CodeDialogOpen {
		t.Errorf("while the dialog is open: %v", err)
	}
	browsertest.Event(t, tab, "Page.javascriptDialogClosed", map[string]any{})
	e.On("Page.navigate", func(browsertest.Request) (any, error) {
		browsertest.Event(t, tab, cdp.InspectorTargetCrashed, map[string]any{})
		return map[string]any{"loaderId": "L9"}, nil
	})
	if nav, err := tab.Navigate(context.Background(), "https://a.test/big"); nav.Status != browser.NavCrashed || !errors.Is(err, browser.ErrCrashed) {
		t.Errorf("a crash: %+v %v", nav, err)
	}
}

func TestHistory(t *testing.T) {
	e := browsertest.New()
	var tab *browser.Tab
	loads(t, e, &tab, "200")
	_, tab = browsertest.Start(t, e)
	e.On("Page.getNavigationHistory", func(browsertest.Request) (any, error) {
		return map[string]any{"currentIndex": 1, "entries": []any{
			map[string]any{"id": 11, "url": "https://a.test/one"}, map[string]any{"id": 12, "url": "https://a.test/two"},
		}}, nil
	})
	ok := func(string) error { return nil }
	if _, err := tab.History(context.Background(), 1, ok); code(err) != toolerr.CodeInvalidArgument || !strings.Contains(err.Error(), "forward") {
		t.Errorf("forward from the last entry: %v", err)
	}
	refuse := func(url string) error { return toolerr.Errorf(toolerr.CodeOriginNotAllowed, "no %s", url) }
	if _, err := tab.History(context.Background(), -1, refuse); code(err) != toolerr.CodeOriginNotAllowed {
		t.Errorf("a refused entry: %v", err)
	}
	if len(e.Requests("Page.navigateToHistoryEntry")) != 0 {
		t.Fatal("a refused entry was loaded")
	}
	if nav, err := tab.History(context.Background(), -1, ok); err != nil || nav.Status != browser.NavLoaded {
		t.Errorf("back: %+v %v", nav, err)
	}
	if r := e.Requests("Page.navigateToHistoryEntry"); len(r) != 1 || r[0].Num("entryId") != 11 {
		t.Errorf("navigateToHistoryEntry %+v", r)
	}
}

func TestAfterLeave(t *testing.T) {
	e := browsertest.New()
	e.On("Runtime.evaluate", func(browsertest.Request) (any, error) { return browsertest.EvalString("200"), nil })
	b, tab := browsertest.Start(t, e)
	out := tab.AfterLeave(context.Background())
	browsertest.Navigate(t, tab, "L2", "https://a.test/left")
	browsertest.Event(t, tab, "Page.loadEventFired", map[string]any{})
	if nav := <-out; nav.Status != browser.NavLoaded || nav.HTTPStatus != 200 {
		t.Errorf("the navigation held: %+v", nav)
	}
	out = tab.AfterLeave(context.Background())
	m, _ := protocol.NewEvent(protocol.EventTabClosed, protocol.TabClosed{TabID: tab.ChromeID})
	b.HandleEvent(m)
	if nav := <-out; nav.Status != browser.NavClosed {
		t.Errorf("the tab closed: %+v", nav)
	}
}
