package act

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
)

// guardedPage is a fake page whose profile confirms submissions, and whose
// script posts a form (a document's POST, announced by the Network domain,
// then paused by Fetch) when send is called.
type guardedPage struct {
	*fakePage
	mu     sync.Mutex
	n      int
	failed []string // the requests failed, by id
	goneOn []string // and let go
}

func newGuardedPage(t *testing.T) *guardedPage {
	g := &guardedPage{fakePage: newFakePage(t)}
	g.on("pays", func(map[string]any) any { return map[string]any{"pays": false} })
	g.on("consequence", func(map[string]any) any { return map[string]any{"submits": false} })
	for method, into := range map[string]*[]string{string(cdp.FetchFailRequest): &g.failed, string(cdp.FetchContinueRequest): &g.goneOn} {
		g.ext.On(method, func(r browsertest.Request) (any, error) {
			g.mu.Lock()
			*into = append(*into, r.Str("requestId"))
			g.mu.Unlock()
			return map[string]any{}, nil
		})
	}
	return g
}

// send is the page's script posting a form while the guard is set.
func (g *guardedPage) send(t *testing.T) {
	g.mu.Lock()
	g.n++
	id := "post-" + string(rune('0'+g.n))
	g.mu.Unlock()
	browsertest.Event(t, g.tab, cdp.NetworkRequestWillBeSent, map[string]any{"requestId": "net-" + id, "type": "Document",
		"request": map[string]any{"url": "http://a.test/order", "method": "POST"}})
	browsertest.Event(t, g.tab, cdp.FetchRequestPaused, map[string]any{"requestId": id, "networkId": "net-" + id, "frameId": "main",
		"resourceType": "Document", "request": map[string]any{"url": "http://a.test/order", "method": "POST"}, "responseHeaders": map[string]any{}})
}

// errNoPerson is the question's answer when no one is there.
var errNoPerson = &toolerr.Error{Code: toolerr.CodePersonUnavailable, Msg: "no one to ask"}

// noPerson confirms submissions, with no one to ask; asked collects the
// questions.
func noPerson(asked *[]Question) Options {
	return Options{
		Allowed:   allowAll,
		UploadDir: "/nowhere",
		Confirms:  func(kind, _ string) bool { return kind == policy.ConfirmSubmit },
		Confirm: func(_ context.Context, q Question) error {
			*asked = append(*asked, q)
			return errNoPerson
		},
	}
}

// TestGuardWalksEveryStepKind: whatever a step's kind, a form the page
// posts while the batch runs under the request guard is failed, never
// let go, and the step fails with the question's error; a kind added
// later cannot skip it.
func TestGuardWalksEveryStepKind(t *testing.T) {
	steps := map[Action]Step{
		Click: {Mark: 1}, Type: {Mark: 1, Text: "x"}, Select: {Mark: 1, Values: []string{"a"}}, Check: {Mark: 1},
		Uncheck: {Mark: 1}, Hover: {Mark: 1}, Scroll: {}, Press: {Keys: "Tab"}, Wait: {MS: 10},
		Upload: {Mark: 1, Files: []string{"a.txt"}}, Drag: {Mark: 1, DX: 5},
	}
	for _, a := range Actions {
		s, ok := steps[a]
		if !ok {
			t.Errorf("no step of kind %s in this test: add one", a)
			continue
		}
		s.Action = a
		t.Run(string(a), func(t *testing.T) {
			g := newGuardedPage(t)
			g.ext.On(string(cdp.FetchEnable), func(r browsertest.Request) (any, error) {
				if patterns, _ := r.Params["patterns"].([]any); len(patterns) > 1 {
					g.send(t) // the page posts once the guard is set, and it is refused before the step begins
					for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
						g.mu.Lock()
						n := len(g.failed)
						g.mu.Unlock()
						if n > 0 {
							break
						}
					}
				}
				return map[string]any{}, nil
			})
			var asked []Question
			res := run1(g.fakePage, noPerson(&asked), s)
			if res.Err == nil || res.Err.Code != toolerr.CodePersonUnavailable || len(res.Steps) != 1 || res.Steps[0].OK {
				t.Fatalf("the step: %+v (err %v)", res.Steps, res.Err)
			}
			g.mu.Lock()
			defer g.mu.Unlock()
			if len(g.failed) != 1 || len(g.goneOn) != 0 {
				t.Errorf("failed %v, let go %v", g.failed, g.goneOn)
			}
			if len(asked) != 1 || !asked[0].Held || asked[0].Kinds[0] != policy.ConfirmSubmit {
				t.Errorf("asked %+v", asked)
			}
		})
	}
}

// TestGuardFailsTheStepThatSentIt: a form the page posts during a click
// (its script submits on click) fails that click, not the steps before
// it; the steps after it do not run.
func TestGuardFailsTheStepThatSentIt(t *testing.T) {
	g := newGuardedPage(t)
	g.on("consequence", func(map[string]any) any { return map[string]any{"submits": false} })
	clicks := 0
	g.ext.On(string(cdp.InputDispatchMouseEvent), func(r browsertest.Request) (any, error) {
		if r.Str("type") == "mouseReleased" {
			if clicks++; clicks == 2 {
				g.send(t)
			}
		}
		return map[string]any{}, nil
	})
	var asked []Question
	res := run1(g.fakePage, noPerson(&asked), Step{Action: Click, Mark: 1}, Step{Action: Click, Mark: 2}, Step{Action: Click, Mark: 3})
	if res.Err == nil || res.Err.Code != toolerr.CodePersonUnavailable {
		t.Fatalf("err %v", res.Err)
	}
	if len(res.Steps) != 3 || !res.Steps[0].OK || res.Steps[1].OK || res.Steps[1].Code != toolerr.CodePersonUnavailable || !res.Steps[2].Skipped {
		t.Fatalf("steps %+v", res.Steps)
	}
	if len(asked) != 1 || asked[0].Step != 2 || asked[0].Mark != 2 || asked[0].Detail != "the page submits a form to http://a.test/order" {
		t.Errorf("asked %+v", asked)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.failed) != 1 || len(g.goneOn) != 0 {
		t.Errorf("failed %v, let go %v", g.failed, g.goneOn)
	}
}

// TestGuardAllowedBeforeIsNotAskedAgain: a submission the person allowed
// when the step was read is not asked about again when it leaves.
func TestGuardAllowedBeforeIsNotAskedAgain(t *testing.T) {
	g := newGuardedPage(t)
	g.on("consequence", func(map[string]any) any { return map[string]any{"submits": true} })
	g.ext.On(string(cdp.InputDispatchMouseEvent), func(r browsertest.Request) (any, error) {
		if r.Str("type") == "mouseReleased" {
			g.send(t)
		}
		return map[string]any{}, nil
	})
	var asked []Question
	opts := noPerson(&asked)
	opts.Confirm = func(_ context.Context, q Question) error {
		asked = append(asked, q)
		return nil
	}
	if res := run1(g.fakePage, opts, Step{Action: Click, Mark: 1}); res.Err != nil {
		t.Fatalf("err %v", res.Err)
	}
	if len(asked) != 1 || asked[0].Held {
		t.Errorf("asked %+v", asked)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.goneOn) != 1 || len(g.failed) != 0 {
		t.Errorf("failed %v, let go %v", g.failed, g.goneOn)
	}
}
