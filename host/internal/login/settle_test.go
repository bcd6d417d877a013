package login

import (
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/protocol"
)

// contextGone is Chrome's refusal of a call in a world whose document was
// replaced.
var contextGone = &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Cannot find context with specified id"}

// settlingBy makes every settle answer with f.
func (p *portal) settlingBy(f func(r browsertest.Request) answer) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.settle = func(_ int, r browsertest.Request) answer { return f(r) }
}

// TestAHelperThatDiedWithItsDocument: the portal's answer to the submit
// was a new page (or a new state of it), which took the settle helper
// with it; the login reads that page for its verdict.
func TestAHelperThatDiedWithItsDocument(t *testing.T) {
	for _, c := range []struct {
		name string
		// leave is what the page did before the helper's world went.
		leave func(p *portal)
	}{
		{"a new document, loaded", func(p *portal) {
			browsertest.Navigate(t, p.tab, "L2", "https://a.test/home")
			browsertest.Event(t, p.tab, "Page.loadEventFired", map[string]any{})
		}},
		{"a navigation within the document", func(p *portal) {
			browsertest.Event(t, p.tab, "Page.navigatedWithinDocument", map[string]any{"frameId": "main", "url": "https://a.test/#home"})
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPortal(t, "https://a.test/")
			p.inspecting(passwordForm, noForm)
			p.settlingBy(func(browsertest.Request) answer {
				c.leave(p)
				return answer{err: contextGone}
			})
			res := p.run(20*time.Second, nil)
			if res.Outcome != LoggedIn || res.Err != nil || res.Screens != 1 {
				t.Fatalf("%+v", res)
			}
			if got := strings.Join(p.ran(), " "); got != "inspect settle inspect" {
				t.Errorf("login.js ran %s", got)
			}
		})
	}
}

// TestAHelperThatDiedWithItsTab: the tab closed after the submit.
func TestAHelperThatDiedWithItsTab(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm)
	p.settlingBy(func(browsertest.Request) answer {
		m, err := protocol.NewEvent(protocol.EventTabClosed, protocol.TabClosed{TabID: p.tab.ChromeID})
		if err != nil {
			t.Error(err)
		}
		p.b.HandleEvent(m)
		return answer{err: contextGone}
	})
	res := p.run(20*time.Second, nil)
	if res.Outcome != "" || res.Err == nil || res.Err.Code != toolerr.CodeTabGone {
		t.Fatalf("%+v", res)
	}
}

// TestAStaleSettleIsANewPage: a settle that finds another snapshot than
// its own reads the page again for the verdict.
func TestAStaleSettleIsANewPage(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm, with(passwordForm, "errors", "Wrong password"))
	p.settlingBy(func(browsertest.Request) answer { return answer{value: map[string]any{"stale": true}} })
	res := p.run(20*time.Second, nil)
	if res.Outcome != Rejected || res.Err == nil || res.Err.Code != toolerr.CodeLoginRejected {
		t.Fatalf("%+v", res)
	}
}

// TestASubmitThatNavigatesNeedsNoSettle: act saw the page go; the login
// reads the new one at once.
func TestASubmitThatNavigatesNeedsNoSettle(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm, noForm)
	p.ext.On("Input.dispatchMouseEvent", func(r browsertest.Request) (any, error) {
		if r.Str("type") == "mouseReleased" {
			browsertest.Navigate(t, p.tab, "L2", "https://a.test/home")
			browsertest.Event(t, p.tab, "Page.loadEventFired", map[string]any{})
		}
		return map[string]any{}, nil
	})
	res := p.run(20*time.Second, nil)
	if res.Outcome != LoggedIn || res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got := strings.Join(p.ran(), " "); got != "inspect inspect" {
		t.Errorf("login.js ran %s", got)
	}
}

// TestAPortalThatDoesNotAnswerThePassword: the settle helper's own limit
// passed with no change: that proves nothing about the credential.
func TestAPortalThatDoesNotAnswerThePassword(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm)
	p.settling("timeout")
	res := p.run(20*time.Second, nil)
	if res.Outcome != Budget || res.Err == nil || res.Err.Code != toolerr.CodeBudgetExceeded ||
		!strings.Contains(res.Err.Msg, "did not answer the login within") {
		t.Fatalf("%+v", res)
	}
	if got := strings.Join(p.ran(), " "); got != "inspect settle" {
		t.Errorf("login.js ran %s", got)
	}
}

// TestALoginEndsWithinItsBudget: a page that never answers ends the login
// when its budget runs out, well before the helpers' own limits (5 s for
// inspect, 15 s for settle), whichever helper it hangs in.
func TestALoginEndsWithinItsBudget(t *testing.T) {
	hang := func(r browsertest.Request) answer {
		<-r.Ctx.Done()
		return answer{err: r.Ctx.Err()}
	}
	for _, c := range []struct {
		name  string
		hangs func(p *portal)
		ran   string
		typed string
	}{
		{"in the settle", func(p *portal) {
			p.inspecting(passwordForm)
			p.settlingBy(hang)
		}, "inspect settle", testUser + testPassword},
		{"in the first inspect", func(p *portal) {
			p.mu.Lock()
			defer p.mu.Unlock()
			p.inspect = func(_ int, r browsertest.Request) answer { return hang(r) }
		}, "inspect", ""},
		{"in the verdict's inspect", func(p *portal) {
			p.mu.Lock()
			p.inspect = func(n int, r browsertest.Request) answer {
				if n == 0 {
					return answer{value: passwordForm}
				}
				return hang(r)
			}
			p.mu.Unlock()
			p.settling("gone")
		}, "inspect settle inspect", testUser + testPassword},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := newPortal(t, "https://a.test/")
			c.hangs(p)
			// Long enough for the flow to reach the hang on a loaded
			// machine under -race (300 ms was not, at load 12).
			const budget = 1500 * time.Millisecond
			start := time.Now()
			res := p.run(budget, nil)
			took := time.Since(start)
			if res.Outcome != Budget || res.Err == nil || res.Err.Code != toolerr.CodeBudgetExceeded ||
				!strings.Contains(res.Err.Msg, "proves nothing about the credential") {
				t.Fatalf("%+v", res)
			}
			// A bound that only the helpers' own limits would break.
			if took > 4*time.Second {
				t.Errorf("the login took %v on a budget of %v", took, budget)
			}
			if got := strings.Join(p.ran(), " "); got != c.ran {
				t.Errorf("login.js ran %s", got)
			}
			if got := p.typed(); got != c.typed {
				t.Errorf("typed %q", got)
			}
		})
	}
}

// TestAFormThatLeftTheOriginsWhileItWasRead: the page went elsewhere
// between the reading of the form and its filling: nothing is typed.
func TestAFormThatLeftTheOriginsWhileItWasRead(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.mu.Lock()
	p.inspect = func(int, browsertest.Request) answer {
		p.ext.URL = "https://evil.test/"
		browsertest.Event(t, p.tab, "Page.navigatedWithinDocument", map[string]any{"frameId": "main", "url": "https://evil.test/"})
		return answer{value: passwordForm}
	}
	p.mu.Unlock()
	res := p.run(20*time.Second, func(o *Options) { o.Allowed = func(string) bool { return true } })
	if res.Err == nil || res.Err.Code != toolerr.CodeCredentialMismatch {
		t.Fatalf("%+v", res)
	}
	if p.typed() != "" || p.clicks() != 0 {
		t.Errorf("typed %q", p.typed())
	}
}

// TestAPageThatCannotBeObserved: the login stops with observe's error.
func TestAPageThatCannotBeObserved(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.page.Set(func(map[string]any) any { return "{not json" })
	res := p.run(20*time.Second, nil)
	if res.Outcome != "" || res.Err == nil || len(p.ran()) != 0 || p.typed() != "" {
		t.Fatalf("%+v, login.js ran %v", res, p.ran())
	}
}

// TestAVerdictThatCannotBeRead: the page after the submit could not be
// read; the login says so rather than guess.
func TestAVerdictThatCannotBeRead(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	garbage := "{not json"
	p.mu.Lock()
	p.inspect = func(n int, _ browsertest.Request) answer {
		if n == 0 {
			return answer{value: passwordForm}
		}
		return answer{raw: &garbage}
	}
	p.mu.Unlock()
	p.settling("gone")
	res := p.run(20*time.Second, nil)
	if res.Outcome != "" || res.Err == nil || res.Err.Code != toolerr.CodeInternal {
		t.Fatalf("%+v", res)
	}
}
