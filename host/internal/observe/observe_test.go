package observe

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// codeOf is the model's error code of err ("" for none).
func codeOf(err error) toolerr.Code {
	if err == nil {
		return ""
	}
	return toolerr.From(err).Code
}

func TestObserveMakesTheSnapshot(t *testing.T) {
	p := newObsPage(t)
	obs, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if obs.Capture != "ok" || len(obs.PNG) == 0 || obs.Recaptures != 0 {
		t.Errorf("capture %q, %d bytes, %d recaptures", obs.Capture, len(obs.PNG), obs.Recaptures)
	}
	if len(obs.Elements) != 3 || obs.Elements[1].Name != "Password" || obs.Title != "Sign in" {
		t.Errorf("elements %+v", obs.Elements)
	}
	snap := p.tab.Info().Current(obs.SnapshotID)
	if snap == nil || len(snap.MarkNode) != 3 || !snap.Sensitive[obs.Elements[1].Mark] || snap.Sensitive[obs.Elements[0].Mark] {
		t.Fatalf("snapshot %+v", snap)
	}
	if !slices.ContainsFunc(obs.Tree, func(l string) bool { return strings.Contains(l, `button "Go"`) }) {
		t.Errorf("tree %q", obs.Tree)
	}
}

// TestAnUnwatchedSecretWithholdsTheImage: a password field the guard did
// not watch is taken again, twice, then the image is withheld; the tree
// still comes.
func TestAnUnwatchedSecretWithholdsTheImage(t *testing.T) {
	p := newObsPage(t)
	p.page.SetGuard(func() any { return map[string]any{"boxes": []any{}, "watched": []int{}, "vp": []float64{200, 150}} })
	obs, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(obs.Capture, "withheld: a sensitive field was not watched") || obs.PNG != nil || obs.Recaptures != maxRecaptures || len(obs.Elements) != 3 {
		t.Errorf("capture %q, recaptures %d, %d elements", obs.Capture, obs.Recaptures, len(obs.Elements))
	}
	if n := len(p.ext.Requests("Page.captureScreenshot")); n != 1+maxRecaptures {
		t.Errorf("%d screenshots", n)
	}
}

// TestAFieldThatMovedIsTakenOnceMore.
func TestAFieldThatMovedIsTakenOnceMore(t *testing.T) {
	p := newObsPage(t)
	p.page.SetGuard(func() any {
		return map[string]any{"boxes": []any{map[string]any{"i": 2, "b": []float64{0, 60, 100, 20}, "mv": 1}}, "watched": []int{2}, "vp": []float64{200, 150}}
	})
	obs, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if obs.Capture != "ok" || obs.Recaptures != maxMovedRecaptures || !slices.ContainsFunc(obs.Notices, func(n string) bool { return strings.Contains(n, "moved") }) {
		t.Errorf("capture %q, recaptures %d, notices %q", obs.Capture, obs.Recaptures, obs.Notices)
	}
}

func TestObserveUnderADialog(t *testing.T) {
	p := newObsPage(t)
	browsertest.OpenDialog(t, p.tab, "prompt", "Name?")
	obs, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil || !obs.DialogOpen || obs.Dialog.Message != "Name?" || !strings.HasPrefix(obs.Capture, "skipped") || p.page.Runs() != 0 {
		t.Errorf("%+v %v", obs, err)
	}
}

// TestAPageThatKeepsReplacingItsDocument is given up on after a few tries.
func TestAPageThatKeepsReplacingItsDocument(t *testing.T) {
	p := newObsPage(t)
	n := 1
	p.page.Set(func(opts map[string]any) any {
		n++
		browsertest.Navigate(t, p.tab, "L"+strings.Repeat("x", n), "https://a.test/")
		return browsertest.SignIn(opts)
	})
	_, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, nil, nil)
	if codeOf(err) != toolerr.CodeTimeout || p.page.Runs() != maxAttempts {
		t.Errorf("%v after %d reads", err, p.page.Runs())
	}
}

func TestACaptureThatFails(t *testing.T) {
	p := newObsPage(t)
	p.ext.On("Page.captureScreenshot", func(browsertest.Request) (any, error) { return nil, errors.New("no surface") })
	p.ext.On(protocol.MethodTabCapture, func(browsertest.Request) (any, error) { return nil, errors.New("not active") })
	obs, err := Observe(context.Background(), p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil || !strings.HasPrefix(obs.Capture, "failed") || len(obs.Elements) != 3 {
		t.Errorf("%v %q", err, obs.Capture)
	}
}

// TestObserveBudgets: past the marks budget, the elements in view keep
// their marks and those far from it lose them, and the notice says so.
func TestObserveBudgets(t *testing.T) {
	p := newObsPage(t)
	p.page.Set(func(opts map[string]any) any {
		page := browsertest.SignIn(opts).(map[string]any)
		far := map[string]any{"p": -1, "r": "button", "tg": "button", "n": "Far", "a": 1, "b": []float64{0, 5000, 50, 20}}
		page["nodes"] = append(page["nodes"].([]map[string]any), far)
		return page
	})
	prof := policy.Default()
	prof.Marks = 1
	obs, err := Observe(context.Background(), p.tab, prof, PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.Elements) != 3 || !obs.Counters.MarksTruncated || !slices.ContainsFunc(obs.Notices, func(n string) bool { return strings.Contains(n, "marks truncated at 1") }) {
		t.Errorf("%+v, notices %q", obs.Elements, obs.Notices)
	}
	prof.Marks, prof.TreeChars = 250, 40
	obs, err = Observe(context.Background(), p.tab, prof, PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs.Elements) != 4 || !obs.Counters.TreeTruncated || !slices.ContainsFunc(obs.Notices, func(n string) bool { return strings.Contains(n, "tree truncated at 40") }) {
		t.Errorf("%d elements, notices %q", len(obs.Elements), obs.Notices)
	}
}

func TestRead(t *testing.T) {
	p := newObsPage(t)
	ctx := context.Background()
	obs, err := Observe(ctx, p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rd, err := Read(ctx, p.tab, obs.SnapshotID, 0, "", nil)
	if err != nil || len(rd.Lines) != len(obs.Tree) {
		t.Fatalf("the whole page: %+v %v", rd, err)
	}
	if strings.Join(rd.Lines, "\n") != strings.Join(obs.Tree, "\n") {
		t.Errorf("read:\n%s\nobserve:\n%s", strings.Join(rd.Lines, "\n"), strings.Join(obs.Tree, "\n"))
	}
	rd, err = Read(ctx, p.tab, obs.SnapshotID, 0, "go", nil)
	if err != nil || rd.Matched != 1 || len(rd.Lines) != 1 || !strings.HasPrefix(rd.Lines[0], `button "Go"`) {
		t.Errorf("a query: %+v %v", rd, err)
	}
	button := obs.Elements[2].Mark
	rd, err = Read(ctx, p.tab, obs.SnapshotID, button, "", nil)
	if err != nil || len(rd.Lines) != 1 || !strings.Contains(rd.Lines[0], "[3]") {
		t.Errorf("a mark's region: %+v %v", rd, err)
	}
	if _, err := Read(ctx, p.tab, obs.SnapshotID, 99, "", nil); codeOf(err) != toolerr.CodeInvalidArgument {
		t.Errorf("a mark not in the snapshot: %v", err)
	}
	if _, err := Read(ctx, p.tab, "older", 0, "", nil); !errors.Is(err, browser.ErrSnapshotStale) {
		t.Errorf("another snapshot: %v", err)
	}
	p.page.Set(func(map[string]any) any { return map[string]any{"stale": true} })
	if _, err := Read(ctx, p.tab, obs.SnapshotID, 0, "", nil); !errors.Is(err, browser.ErrSnapshotStale) {
		t.Errorf("the page's snapshot is newer: %v", err)
	}
	p.page.Set(func(map[string]any) any { return map[string]any{"gone": true} })
	if _, err := Read(ctx, p.tab, obs.SnapshotID, button, "", nil); codeOf(err) != toolerr.CodeElementGone {
		t.Errorf("the element is gone: %v", err)
	}
	p.ext.On(string(cdp.RuntimeCallFunctionOn), func(browsertest.Request) (any, error) {
		return nil, &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Cannot find context with specified id"}
	})
	if _, err := Read(ctx, p.tab, obs.SnapshotID, 0, "", nil); codeOf(err) != toolerr.CodeSnapshotStale {
		t.Errorf("the document went away: %v", err)
	}
	browsertest.OpenDialog(t, p.tab, "alert", "x")
	if _, err := Read(ctx, p.tab, obs.SnapshotID, 0, "", nil); codeOf(err) != toolerr.CodeDialogOpen {
		t.Errorf("under a dialog: %v", err)
	}
}

// TestKeepingMarksLeavesTheMarksValid: the audit's observation does not
// replace the model's snapshot when the page's references come back.
func TestKeepingMarksLeavesTheMarksValid(t *testing.T) {
	p := newObsPage(t)
	ctx := context.Background()
	first, err := Observe(ctx, p.tab, policy.Default(), PathAuto, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	p.page.SetOther(func(r browsertest.Request) (any, error) {
		if strings.Contains(browsertest.Script(r), "__diwallKept; delete") {
			return browsertest.EvalString(first.SnapshotID), nil
		}
		return browsertest.EvalString(""), nil
	})
	kept, err := KeepingMarks(ctx, p.tab, policy.Default(), PathAuto)
	if err != nil || kept.SnapshotID == first.SnapshotID {
		t.Fatalf("%v", err)
	}
	if p.tab.Info().Current(first.SnapshotID) == nil {
		t.Error("the model's snapshot was replaced")
	}
}
