package login

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// TestALoginThatSucceeds: both secrets are typed into the sign-in form,
// it is submitted with its button, and the page that follows has no
// login form.
func TestALoginThatSucceeds(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm, noForm)
	p.settling("gone")
	res := p.run(20*time.Second, nil)
	if res.Outcome != LoggedIn || res.Err != nil || res.Screens != 1 {
		t.Fatalf("%+v", res)
	}
	if got := p.typed(); got != testUser+testPassword {
		t.Errorf("typed %q", got)
	}
	if p.clicks() != 1 {
		t.Errorf("%d clicks", p.clicks())
	}
	if got := strings.Join(p.ran(), " "); got != "inspect settle inspect" {
		t.Errorf("login.js ran %s", got)
	}
}

// TestWhatThePortalAnswersAfterThePassword: the page after the submit
// decides the outcome; only a page without a login form is a success.
func TestWhatThePortalAnswersAfterThePassword(t *testing.T) {
	for _, c := range []struct {
		name  string
		after map[string]any
		want  Outcome
		code  toolerr.Code
	}{
		{"the form again", with(passwordForm, "errors", "Wrong password"), Rejected, toolerr.CodeLoginRejected},
		{"a captcha", with(noForm, "captcha", true), Captcha, toolerr.CodeCaptchaPending},
		{"a one-time code", with(noForm, "otp", true), MFA, toolerr.CodeMFARequired},
		{"a captcha over the form", with(passwordForm, "captcha", true), Captcha, toolerr.CodeCaptchaPending},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPortal(t, "https://a.test/")
			p.inspecting(passwordForm, c.after)
			p.settling("error")
			res := p.run(20*time.Second, nil)
			if res.Outcome != c.want || res.Err == nil || res.Err.Code != c.code || res.Screens != 1 {
				t.Fatalf("%+v", res)
			}
			if got := p.typed(); got != testUser+testPassword {
				t.Errorf("typed %q", got)
			}
		})
	}
}

// TestWhatThePageShowsFirst: a captcha or a second factor before any
// field ends the login with nothing typed.
func TestWhatThePageShowsFirst(t *testing.T) {
	for _, c := range []struct {
		name  string
		first map[string]any
		want  Outcome
		code  toolerr.Code
	}{
		{"a captcha", with(passwordForm, "captcha", true), Captcha, toolerr.CodeCaptchaPending},
		{"a one-time code", with(noForm, "otp", true), MFA, toolerr.CodeMFARequired},
		{"no form", noForm, "", toolerr.CodeNotActionable},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPortal(t, "https://a.test/")
			p.inspecting(c.first)
			res := p.run(20*time.Second, nil)
			if res.Outcome != c.want || res.Err == nil || res.Err.Code != c.code || res.Screens != 0 {
				t.Fatalf("%+v", res)
			}
			if got := p.typed(); got != "" || p.clicks() != 0 {
				t.Errorf("typed %q, %d clicks", got, p.clicks())
			}
			if got := strings.Join(p.ran(), " "); got != "inspect" {
				t.Errorf("login.js ran %s", got)
			}
		})
	}
}

// TestACredentialIsTypedOnlyOnItsOrigins: a page outside the
// credential's origins, or outside the session's sites, gets nothing.
func TestACredentialIsTypedOnlyOnItsOrigins(t *testing.T) {
	for _, c := range []struct {
		name, url string
		allowed   func(string) bool
	}{
		{"a look-alike", "https://a.test.evil.test/login", func(string) bool { return true }},
		{"a site the session may not use", "https://a.test/", func(string) bool { return false }},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPortal(t, c.url)
			p.inspecting(passwordForm)
			res := p.run(20*time.Second, func(o *Options) { o.Allowed = c.allowed })
			if res.Outcome != "" || res.Err == nil || res.Err.Code != toolerr.CodeCredentialMismatch || !strings.Contains(res.Err.Msg, "nothing was typed") {
				t.Fatalf("%+v", res)
			}
			if got := p.typed(); got != "" || len(p.ran()) != 0 {
				t.Errorf("typed %q, login.js ran %v", got, p.ran())
			}
		})
	}
}

// TestATwoStepLogin: the username screen, then the password screen.
func TestATwoStepLogin(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(usernameForm, form(2, -1, 3), noForm)
	p.settling("password", "gone")
	res := p.run(20*time.Second, nil)
	if res.Outcome != LoggedIn || res.Err != nil || res.Screens != 2 {
		t.Fatalf("%+v", res)
	}
	if got := p.typed(); got != testUser+testPassword {
		t.Errorf("typed %q", got)
	}
	if got := strings.Join(p.ran(), " "); got != "inspect settle inspect settle inspect" {
		t.Errorf("login.js ran %s", got)
	}
}

// TestTheUsernameScreensAnswers: a refusal or silence after the username
// ends the login before the password is typed.
func TestTheUsernameScreensAnswers(t *testing.T) {
	for _, c := range []struct {
		state string
		want  Outcome
		code  toolerr.Code
	}{
		{"error", Rejected, toolerr.CodeLoginRejected},
		{"timeout", Budget, toolerr.CodeBudgetExceeded},
	} {
		t.Run(c.state, func(t *testing.T) {
			p := newPortal(t, "https://a.test/")
			p.inspecting(usernameForm)
			p.settling(c.state)
			res := p.run(20*time.Second, nil)
			if res.Outcome != c.want || res.Err == nil || res.Err.Code != c.code || res.Screens != 1 {
				t.Fatalf("%+v", res)
			}
			if got := p.typed(); got != testUser {
				t.Errorf("typed %q", got)
			}
		})
	}
}

// TestAPortalThatNeverAsksForThePassword: screen after screen of
// usernames ends the login within its bound of screens.
func TestAPortalThatNeverAsksForThePassword(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(usernameForm)
	p.settling("gone")
	res := p.run(20*time.Second, nil)
	if res.Outcome != Budget || res.Err == nil || res.Err.Code != toolerr.CodeBudgetExceeded ||
		res.Screens != maxScreens-1 || !strings.Contains(res.Err.Msg, "without reaching a password field") {
		t.Fatalf("%+v", res)
	}
	if got := p.typed(); got != strings.Repeat(testUser, maxScreens-1) {
		t.Errorf("typed %q", got)
	}
}

// TestAUsernameScreenForACredentialWithoutOne: nothing is typed, and the
// person is told to add one.
func TestAUsernameScreenForACredentialWithoutOne(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(usernameForm)
	res := p.run(20*time.Second, func(o *Options) { o.Secret.Username = "" })
	if res.Outcome != "" || res.Err == nil || res.Err.Code != toolerr.CodeNotActionable || !strings.Contains(res.Err.Msg, `credential "work" has none`) {
		t.Fatalf("%+v", res)
	}
	if p.typed() != "" || p.clicks() != 0 {
		t.Errorf("typed %q", p.typed())
	}
}

// TestAPasswordScreenWithoutAButton: the password is submitted with
// Enter, and a form without a username field gets the password only.
func TestAPasswordScreenWithoutAButton(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(form(2, -1, -1), noForm)
	p.settling("gone")
	res := p.run(20*time.Second, nil)
	if res.Outcome != LoggedIn || res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if p.clicks() != 0 {
		t.Errorf("%d clicks", p.clicks())
	}
	enter := false
	for _, r := range p.ext.Requests("Input.dispatchKeyEvent") {
		enter = enter || r.Str("key") == "Enter"
	}
	if got := p.typed(); !enter || !strings.Contains(got, testPassword) || strings.Contains(got, testUser) {
		t.Errorf("typed %q, Enter %v", got, enter)
	}
}

// TestAPageThatLeavesTheOriginsMidway: when the username screen leads to
// a page outside the credential's origins, the password is not typed.
func TestAPageThatLeavesTheOriginsMidway(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(usernameForm, passwordForm)
	p.mu.Lock()
	p.settle = func(int, browsertest.Request) answer {
		p.ext.URL = "https://evil.test/"
		browsertest.Navigate(t, p.tab, "L2", "https://evil.test/")
		browsertest.Event(t, p.tab, "Page.loadEventFired", map[string]any{})
		return answer{value: map[string]any{"state": "gone"}}
	}
	p.mu.Unlock()
	res := p.run(20*time.Second, func(o *Options) { o.Allowed = func(string) bool { return true } })
	if res.Err == nil || res.Err.Code != toolerr.CodeCredentialMismatch || !strings.Contains(res.Err.Msg, "https://evil.test") {
		t.Fatalf("%+v", res)
	}
	if got := p.typed(); got != testUser {
		t.Errorf("typed %q", got)
	}
}

// TestAPortalThatSendsTheTabOutsideTheSessionsSites: the login went
// through; the gate tells the model where the tab is.
func TestAPortalThatSendsTheTabOutsideTheSessionsSites(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm)
	p.mu.Lock()
	p.settle = func(int, browsertest.Request) answer {
		browsertest.Navigate(t, p.tab, "L2", "https://elsewhere.test/home")
		browsertest.Event(t, p.tab, "Page.loadEventFired", map[string]any{})
		return answer{value: map[string]any{"state": "gone"}}
	}
	p.mu.Unlock()
	res := p.run(20*time.Second, nil)
	if res.Outcome != LoggedIn || res.Err != nil {
		t.Fatalf("%+v", res)
	}
	if got := strings.Join(p.ran(), " "); got != "inspect settle" {
		t.Errorf("login.js ran %s", got)
	}
}

// TestADialogStopsTheLogin: nothing is read or typed under a dialog.
func TestADialogStopsTheLogin(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	browsertest.OpenDialog(t, p.tab, "alert", "Maintenance tonight")
	res := p.run(20*time.Second, nil)
	if res.Err == nil || res.Err.Code != toolerr.CodeDialogOpen || res.Outcome != "" {
		t.Fatalf("%+v", res)
	}
	if len(p.ran()) != 0 || p.typed() != "" {
		t.Errorf("login.js ran %v, typed %q", p.ran(), p.typed())
	}
}

// TestAFormThatCannotBeFilled: act's refusal becomes the login's, in
// words that name no mark.
func TestAFormThatCannotBeFilled(t *testing.T) {
	p := newPortal(t, "https://a.test/")
	p.inspecting(passwordForm)
	other := p.other
	p.page.SetOther(func(r browsertest.Request) (any, error) {
		if c := browsertest.CallOf(r); c.Global == "__diwallAct" && c.StrArg(0) == "typeTarget" {
			return browsertest.EvalJSON(map[string]any{"gone": true}), nil
		}
		return other(r)
	})
	res := p.run(20*time.Second, nil)
	if res.Err == nil || res.Err.Code != toolerr.CodeElementGone || !strings.Contains(res.Err.Msg, "The login form could not be filled") || res.Screens != 1 {
		t.Fatalf("%+v", res)
	}
	if p.typed() != "" {
		t.Errorf("typed %q", p.typed())
	}
}

// TestWhatLoginJSAnswersIsChecked: a stale, malformed or failing answer
// of the helper is an error, never a guess.
func TestWhatLoginJSAnswersIsChecked(t *testing.T) {
	garbage := "{not json"
	for _, c := range []struct {
		name    string
		inspect answer
		settle  answer
		code    toolerr.Code
		typed   string
	}{
		{"a stale inspect", answer{value: map[string]any{"stale": true}}, answer{}, toolerr.CodeInternal, ""},
		{"a malformed inspect", answer{raw: &garbage}, answer{}, toolerr.CodeInternal, ""},
		{"an inspect that threw", answer{err: errors.New("TypeError")}, answer{}, toolerr.CodeInternal, ""},
		{"a malformed settle", answer{value: passwordForm}, answer{raw: &garbage}, toolerr.CodeInternal, testUser + testPassword},
		{"a settle that threw", answer{value: passwordForm}, answer{err: errors.New("TypeError")}, toolerr.CodeInternal, testUser + testPassword},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := newPortal(t, "https://a.test/")
			p.mu.Lock()
			p.inspect = func(int, browsertest.Request) answer { return c.inspect }
			p.settle = func(int, browsertest.Request) answer { return c.settle }
			p.mu.Unlock()
			res := p.run(20*time.Second, nil)
			if res.Outcome != "" || res.Err == nil || res.Err.Code != c.code {
				t.Fatalf("%+v", res)
			}
			if got := p.typed(); got != c.typed {
				t.Errorf("typed %q", got)
			}
		})
	}
}
