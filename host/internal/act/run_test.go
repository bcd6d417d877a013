package act

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/toolerr"
)

func run1(p *fakePage, opts Options, steps ...Step) Result {
	if opts.Allowed == nil {
		opts.Allowed = allowAll
	}
	return Run(context.Background(), p.tab, opts, p.snap, steps)
}

func TestRunClicksTheMarkWhereThePageSaysItIs(t *testing.T) {
	p := newFakePage(t)
	res := run1(p, Options{}, Step{Action: "click", Mark: 2})
	if res.Err != nil || res.Succeeded != 1 || len(res.Steps) != 1 || !res.Steps[0].OK {
		t.Fatalf("click: %+v %v", res.Steps, res.Err)
	}
	mouse := p.inputs("Input.dispatchMouseEvent")
	if len(mouse) != 3 || mouse[1]["type"] != "mousePressed" || mouse[1]["x"] != 10.0 || mouse[1]["y"] != 20.0 || mouse[1]["button"] != "left" {
		t.Fatalf("mouse events: %v", mouse)
	}
	if h := p.helpers(); len(h) != 1 || h[0] != "locate" {
		t.Errorf("helpers: %v", h)
	}
}

func TestClickButtonCountAndModifiers(t *testing.T) {
	p := newFakePage(t)
	res := run1(p, Options{}, Step{Action: "click", Mark: 1, Button: "right", Double: true, Modifiers: []string{"Shift", "Control"}})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	mouse := p.inputs("Input.dispatchMouseEvent")
	if len(mouse) != 5 {
		t.Fatalf("a double click: %d events", len(mouse))
	}
	last := mouse[4]
	if last["type"] != "mouseReleased" || last["button"] != "right" || last["clickCount"] != 2.0 || last["modifiers"] != float64(modShift|modCtrl) {
		t.Errorf("the second release: %v", last)
	}
}

func TestAClickOnAFileInputIsRefused(t *testing.T) {
	p := newFakePage(t)
	p.on("locate", func(map[string]any) any { return map[string]any{"x": 1, "y": 1, "file": true} })
	res := run1(p, Options{}, Step{Action: "click", Mark: 1})
	if res.Err == nil || res.Err.Code != toolerr.CodeNotActionable || !strings.Contains(res.Err.Msg, "upload") {
		t.Fatalf("%v", res.Err)
	}
	if len(p.inputs("Input.dispatchMouseEvent")) != 0 {
		t.Error("it clicked")
	}
}

func TestRunChecksTheSnapshotFirst(t *testing.T) {
	p := newFakePage(t)
	older := p.snap
	p.snap = p.tab.NewSnapshotID()
	p.snapshot(p.snap, map[int]int{1: 0, 2: 1, 3: 2})
	res := Run(context.Background(), p.tab, Options{Allowed: allowAll}, older, []Step{{Action: "click", Mark: 1}})
	if res.Err != toolerr.SnapshotStale {
		t.Errorf("an older snapshot: %v", res.Err)
	}
	// An id the tab never issued is called so, not old.
	res = Run(context.Background(), p.tab, Options{Allowed: allowAll}, "zzz", []Step{{Action: "click", Mark: 1}})
	if res.Err == nil || res.Err.Code != toolerr.CodeSnapshotStale || !strings.Contains(res.Err.Msg, `"zzz" was never issued`) || strings.Contains(res.Err.Msg, "no longer current") {
		t.Errorf("a made-up snapshot: %v", res.Err)
	}
	res = run1(p, Options{}, Step{Action: "click", Mark: 9}, Step{Action: "click", Mark: 1})
	if res.Err == nil || res.Err.Code != toolerr.CodeInvalidArgument || !strings.Contains(res.Err.Msg, "Mark 9") ||
		len(res.Steps) != 2 || !res.Steps[1].Skipped {
		t.Errorf("a mark not in the snapshot: %+v %v", res.Steps, res.Err)
	}
	browsertest.OpenDialog(t, p.tab, "alert", "hi")
	res = run1(p, Options{}, Step{Action: "click", Mark: 1})
	if res.Err == nil || res.Err.Code != toolerr.CodeDialogOpen || len(p.helpers()) != 0 {
		t.Errorf("under a dialog: %v, helpers %v", res.Err, p.helpers())
	}
}

func TestAPageOutsideTheSitesIsNotActedOn(t *testing.T) {
	p := newFakePage(t)
	res := run1(p, Options{Allowed: func(url string) bool { return !strings.Contains(url, "a.test") }}, Step{Action: "click", Mark: 1})
	if res.Err == nil || res.Err.Code != toolerr.CodeOriginNotAllowed || len(p.helpers()) != 0 {
		t.Errorf("%v %v", res.Err, p.helpers())
	}
}

// TestLocateDecidesWhatMayBeActedOn: what the page found of the element
// becomes the step's error, and a covering mark its covered_by. (A
// read-only field is typeTarget's answer: typing_test.go.)
func TestLocateDecidesWhatMayBeActedOn(t *testing.T) {
	cases := []struct {
		answer    map[string]any
		code      toolerr.Code
		coveredBy int
		says      string
	}{
		{map[string]any{"stale": true}, toolerr.CodeSnapshotStale, 0, "no longer current"},
		{map[string]any{"renamed": true}, toolerr.CodeSnapshotStale, 0, "relabelled"},
		{map[string]any{"gone": true}, toolerr.CodeElementGone, 0, "no longer on the page"},
		{map[string]any{"invisible": true}, toolerr.CodeNotActionable, 0, "not visible"},
		{map[string]any{"disabled": true}, toolerr.CodeNotActionable, 0, "disabled"},
		{map[string]any{"covered": 2}, toolerr.CodeCovered, 3, "covered by mark 3"},
		{map[string]any{"covered": 7}, toolerr.CodeCovered, 0, "no mark"},
		{map[string]any{"covered": -1}, toolerr.CodeCovered, 0, "no mark"},
	}
	for _, c := range cases {
		p := newFakePage(t)
		p.on("locate", func(map[string]any) any { return c.answer })
		res := run1(p, Options{}, Step{Action: "hover", Mark: 1})
		if res.Err == nil || res.Err.Code != c.code || !strings.Contains(res.Err.Msg, c.says) || res.Steps[0].CoveredBy != c.coveredBy {
			t.Errorf("%v: %+v %v", c.answer, res.Steps, res.Err)
		}
		if len(p.inputs("Input.dispatchMouseEvent")) != 0 {
			t.Errorf("%v: the mouse moved", c.answer)
		}
	}
}

// TestAStepThatNavigatesMakesTheMarksStale: the next step with a mark is
// refused, one without runs on the new page.
func TestAStepThatNavigatesMakesTheMarksStale(t *testing.T) {
	p := newFakePage(t)
	p.ext.On("Input.dispatchMouseEvent", func(r browsertest.Request) (any, error) {
		if r.Str("type") == "mouseReleased" {
			browsertest.Navigate(t, p.tab, "L2", "https://a.test/next")
			browsertest.Event(t, p.tab, "Page.loadEventFired", map[string]any{})
		}
		return map[string]any{}, nil
	})
	res := run1(p, Options{}, Step{Action: "click", Mark: 1}, Step{Action: "scroll"}, Step{Action: "click", Mark: 2})
	if res.Err != toolerr.SnapshotStale || res.Succeeded != 2 || !res.Navigated || !res.Steps[0].Navigated {
		t.Fatalf("%+v %v", res.Steps, res.Err)
	}
	if res.Steps[2].Code != toolerr.CodeSnapshotStale || res.Steps[2].OK {
		t.Errorf("the click after: %+v", res.Steps[2])
	}
}

// TestADialogStopsTheBatch: the step that opened it succeeded, the rest
// are not run and say why.
func TestADialogStopsTheBatch(t *testing.T) {
	p := newFakePage(t)
	p.ext.On("Input.dispatchMouseEvent", func(r browsertest.Request) (any, error) {
		if r.Str("type") == "mousePressed" {
			browsertest.OpenDialog(t, p.tab, "confirm", "Sure?")
		}
		return map[string]any{}, nil
	})
	res := run1(p, Options{}, Step{Action: "click", Mark: 1}, Step{Action: "hover", Mark: 2})
	if !res.DialogOpened || res.Succeeded != 1 || len(res.Steps) != 2 {
		t.Fatalf("%+v %v", res.Steps, res.Err)
	}
	if s := res.Steps[1]; !s.Skipped || s.Code != toolerr.CodeDialogOpen || s.Message != toolerr.DialogOpened.Msg {
		t.Errorf("the step after: %+v", s)
	}
}

func TestHoverOnlyMovesTheMouse(t *testing.T) {
	p := newFakePage(t)
	if res := run1(p, Options{}, Step{Action: "hover", Mark: 3}); res.Err != nil {
		t.Fatal(res.Err)
	}
	mouse := p.inputs("Input.dispatchMouseEvent")
	if len(mouse) != 1 || mouse[0]["type"] != "mouseMoved" {
		t.Errorf("%v", mouse)
	}
}

func TestScroll(t *testing.T) {
	p := newFakePage(t)
	if res := run1(p, Options{}, Step{Action: "scroll"}); res.Err != nil {
		t.Fatal(res.Err)
	}
	wheel := p.inputs("Input.dispatchMouseEvent")
	if len(wheel) != 1 || wheel[0]["type"] != "mouseWheel" || wheel[0]["deltaY"] != 600.0 || wheel[0]["x"] != 400.0 {
		t.Errorf("one screen down: %v", wheel)
	}
	// A mark alone is scrolled into view by its helper, and nothing more.
	p = newFakePage(t)
	p.on("locate", func(map[string]any) any { return map[string]any{"x": 5, "y": 6, "covered": 2, "disabled": true} })
	if res := run1(p, Options{}, Step{Action: "scroll", Mark: 1}); res.Err != nil || len(p.inputs("Input.dispatchMouseEvent")) != 0 {
		t.Errorf("into view: %v %v", res.Err, p.inputs("Input.dispatchMouseEvent"))
	}
	// A mark and a distance: the wheel turns over the element.
	if res := run1(p, Options{}, Step{Action: "scroll", Mark: 1, DX: -50}); res.Err != nil {
		t.Fatal(res.Err)
	}
	wheel = p.inputs("Input.dispatchMouseEvent")
	if len(wheel) != 1 || wheel[0]["x"] != 5.0 || wheel[0]["deltaX"] != -50.0 || wheel[0]["deltaY"] != 0.0 {
		t.Errorf("over the element: %v", wheel)
	}
	p.on("locate", func(map[string]any) any { return map[string]any{"invisible": true} })
	if res := run1(p, Options{}, Step{Action: "scroll", Mark: 1}); res.Err == nil || res.Err.Code != toolerr.CodeNotActionable {
		t.Errorf("an invisible element: %v", res.Err)
	}
}

func TestPress(t *testing.T) {
	p := newFakePage(t)
	if res := run1(p, Options{}, Step{Action: "press", Keys: "Control+A"}); res.Err != nil {
		t.Fatal(res.Err)
	}
	keys := p.inputs("Input.dispatchKeyEvent")
	var got []string
	for _, k := range keys {
		got = append(got, k["type"].(string)+":"+k["key"].(string))
	}
	if strings.Join(got, " ") != "rawKeyDown:Control rawKeyDown:A keyUp:A keyUp:Control" {
		t.Errorf("Control+A: %v", got)
	}
	// modifiers left out are none (CDP's default).
	if keys[1]["modifiers"] != float64(modCtrl) || keys[3]["modifiers"] != nil || keys[1]["text"] != nil {
		t.Errorf("modifiers and text: %v", keys)
	}
	// With a mark: focused first; an element gone is the step's error.
	p.on("focus", func(map[string]any) any { return map[string]any{"gone": true} })
	if res := run1(p, Options{}, Step{Action: "press", Mark: 1, Keys: "Enter"}); res.Err == nil || res.Err.Code != toolerr.CodeElementGone {
		t.Errorf("focus on a gone element: %v", res.Err)
	}
}

func TestWait(t *testing.T) {
	p := newFakePage(t)
	if res := run1(p, Options{}, Step{Action: "wait", MS: 1}); res.Err != nil {
		t.Error(res.Err)
	}
	if res := run1(p, Options{}, Step{Action: "wait", Text: "Done"}); res.Err != nil {
		t.Error(res.Err)
	}
	p.on("hasText", func(args map[string]any) any {
		if args["text"] != "Done" {
			t.Errorf("hasText args %v", args)
		}
		return map[string]any{"found": false}
	})
	if res := run1(p, Options{}, Step{Action: "wait", Text: "Done"}); res.Err == nil || res.Err.Code != toolerr.CodeTimeout {
		t.Errorf("text that never comes: %v", res.Err)
	}
}

func TestWaitForANavigation(t *testing.T) {
	p := newFakePage(t)
	pressed := make(chan struct{}, 4)
	p.ext.On("Input.dispatchKeyEvent", func(browsertest.Request) (any, error) {
		pressed <- struct{}{}
		return map[string]any{}, nil
	})
	done := make(chan Result)
	go func() {
		done <- run1(p, Options{}, Step{Action: "press", Keys: "a"}, Step{Action: "wait", Navigation: true})
	}()
	<-pressed
	// The wait looks for a new document from its start: new ones come
	// until it has seen one.
	for n := 2; ; n++ {
		browsertest.Event(t, p.tab, "Page.frameStartedLoading", map[string]any{"frameId": "main"})
		browsertest.Navigate(t, p.tab, fmt.Sprintf("L%d", n), "https://a.test/next")
		browsertest.Event(t, p.tab, "Page.loadEventFired", map[string]any{})
		select {
		case res := <-done:
			if res.Err != nil || !res.Steps[1].Navigated || !res.Navigated {
				t.Errorf("%+v %v", res.Steps, res.Err)
			}
			return
		case <-time.After(time.Millisecond):
		}
	}
}

func TestAsErrorNamesTheCause(t *testing.T) {
	r := &run{budget: newBudget(context.Background(), 0)}
	<-r.budget.ctx.Done()
	if e := r.asError(context.Canceled); e.Code != toolerr.CodeTimeout || !strings.Contains(e.Msg, "the most one act may take") {
		t.Errorf("the batch's budget: %v", e)
	}
	r.budget = newBudget(context.Background(), time.Hour)
	defer r.budget.stop()
	if e := r.asError(context.DeadlineExceeded); e.Code != toolerr.CodeTimeout || !strings.Contains(e.Msg, "did not answer") {
		t.Errorf("a page that does not answer: %v", e)
	}
	if e := r.asError(browser.ErrWorldGone); e.Code != toolerr.CodeSnapshotStale {
		t.Errorf("a document gone: %v", e)
	}
}
