// Package login logs a tab into a site with a credential from the vault
// (docs/contract.md §5): it finds the login form's fields on the page, types the
// username and password with real input, submits, and reads what the portal
// answered. The model names only the credential; what is typed never
// leaves the host but as input to a page of one of the credential's
// origins.
package login

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/pagescript"
	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/internal/policy"
)

// helperSource is login's page helpers (pagescript's login.js).
var helperSource = pagescript.Login

// Outcome is what the portal answered.
type Outcome string

// Outcomes (docs/contract.md §5). Only LoggedIn is a success; Rejected says the
// credential was refused; the others prove nothing about it.
const (
	LoggedIn Outcome = "logged_in"
	Rejected Outcome = "login_rejected"
	Captcha  Outcome = "captcha_pending"
	MFA      Outcome = "mfa_required"
	Budget   Outcome = "budget_exceeded"
)

// Options are what one login may use.
type Options struct {
	Credential vault.Entry
	Secret     vault.Secret
	// Allowed is the session's site rule.
	Allowed func(url string) bool
	Profile policy.Profile
	Path    observe.Path
	// Budget bounds the login, from the first field to the portal's answer.
	Budget time.Duration
}

// Result is how a login ended. Err is nil only for LoggedIn; Outcome is
// empty when the login stopped before the portal answered (no form, the
// page left the credential's origins, a dialog).
type Result struct {
	Outcome Outcome
	Err     *toolerr.Error
	// Screens counts the login screens filled (2 for username, then
	// password).
	Screens int
}

// maxScreens bounds the screens of one login: a username screen, a
// password screen, and one more (an account chooser).
const maxScreens = 3

// settleWait bounds the wait for the portal's answer to one screen.
const settleWait = 10 * time.Second

// Run logs the tab in. The tab's page must already be admitted by the
// session's gate.
func Run(ctx context.Context, t *browser.Tab, opts Options) Result {
	ctx, cancel := context.WithTimeout(ctx, opts.Budget)
	defer cancel()
	l := &flow{t: t, opts: opts}
	res := l.run(ctx)
	if res.Err == nil && res.Outcome == "" {
		res.Outcome = LoggedIn
	}
	if ctx.Err() != nil && res.Outcome == "" {
		res = Result{Outcome: Budget, Err: budgetErr(opts.Budget)}
	}
	res.Screens = l.screens
	return res
}

type flow struct {
	t       *browser.Tab
	opts    Options
	screens int
}

// allowed is the rule for every step: the session's sites and the
// credential's origins.
func (l *flow) allowed(url string) bool {
	return l.opts.Allowed(url) && l.opts.Credential.Allows(browser.Origin(url))
}

func (l *flow) run(ctx context.Context) Result {
	for {
		info := l.t.Info()
		if !l.allowed(info.URL) {
			return Result{Err: MismatchErr(l.opts.Credential, info.Origin)}
		}
		snapshot, form, failed := l.look(ctx)
		if failed != nil {
			return *failed
		}
		switch {
		case form.Captcha:
			return Result{Outcome: Captcha, Err: captchaErr()}
		case form.OTP && form.password == 0:
			return Result{Outcome: MFA, Err: mfaErr()}
		case form.password != 0:
			return l.passwordScreen(ctx, snapshot, form)
		case form.username != 0 && l.screens < maxScreens-1:
			if r, done := l.usernameScreen(ctx, snapshot, form); done {
				return r
			}
		case l.screens == 0:
			return Result{Err: toolerr.Errorf(toolerr.CodeNotActionable,
				"No login form on this page: no password field and no username field were found. Navigate to the site's login page, then call login again.")}
		default:
			return Result{Outcome: Budget, Err: toolerr.Errorf(toolerr.CodeBudgetExceeded,
				"The login went through %d screens without reaching a password field. This proves nothing about the credential: observe the page and decide.", l.screens)}
		}
	}
}

// usernameScreen types the username and goes on (a two-step login). done
// is set when the login ends here.
func (l *flow) usernameScreen(ctx context.Context, snapshot string, form loginForm) (Result, bool) {
	if l.opts.Secret.Username == "" {
		return Result{Err: toolerr.Errorf(toolerr.CodeNotActionable,
			"The page asks for a username, and credential %q has none. Tell the person, who can add one in the vault.", l.opts.Credential.ID)}, true
	}
	steps := []act.Step{{Action: "type", Mark: form.username, Text: l.opts.Secret.Username, Clear: true}, submitStep(form)}
	res, err := l.fill(ctx, snapshot, steps)
	if err != nil {
		return Result{Err: err}, true
	}
	answer, err := l.settle(ctx, snapshot, form.usernameNode, form.Errors, res.Navigated)
	switch {
	case err != nil:
		return Result{Err: err}, true
	case answer == "timeout":
		return Result{Outcome: Budget, Err: slowErr()}, true
	case answer == "error":
		return Result{Outcome: Rejected, Err: rejectedErr()}, true
	}
	return Result{}, false
}

// passwordScreen types the username (when the screen asks for it) and the
// password, submits, and reads the answer.
func (l *flow) passwordScreen(ctx context.Context, snapshot string, form loginForm) Result {
	var steps []act.Step
	if form.username != 0 && l.opts.Secret.Username != "" {
		steps = append(steps, act.Step{Action: "type", Mark: form.username, Text: l.opts.Secret.Username, Clear: true})
	}
	steps = append(steps, act.Step{Action: "type", Mark: form.password, Text: l.opts.Secret.Password, Clear: true})
	steps = append(steps, submitStep(form))
	res, err := l.fill(ctx, snapshot, steps)
	if err != nil {
		return Result{Err: err}
	}
	answer, err := l.settle(ctx, snapshot, form.passwordNode, form.Errors, res.Navigated)
	switch {
	case err != nil:
		return Result{Err: err}
	case answer == "timeout":
		return Result{Outcome: Budget, Err: slowErr()}
	}
	return l.verdict(ctx)
}

// submitStep submits the form: its submit button, else Enter in the field
// typed last, which keeps the focus.
func submitStep(form loginForm) act.Step {
	if form.submit != 0 {
		return act.Step{Action: "click", Mark: form.submit}
	}
	return act.Step{Action: "press", Keys: "Enter"}
}

// fill runs the steps of one screen on its snapshot.
func (l *flow) fill(ctx context.Context, snapshot string, steps []act.Step) (act.Result, *toolerr.Error) {
	l.screens++
	res := act.Run(ctx, l.t, act.Options{Allowed: l.allowed}, snapshot, steps)
	if res.Err != nil {
		if res.Err.Code == toolerr.CodeOriginNotAllowed {
			return res, MismatchErr(l.opts.Credential, l.t.Info().Origin)
		}
		// Act's messages name marks the model never saw: say it plainly.
		return res, &toolerr.Error{Code: res.Err.Code, Err: res.Err,
			Msg: fmt.Sprintf("The login form could not be filled (%s): %s Observe the page (the result carries it) and resolve what is in the way, then call login again.", res.Err.Code, res.Err.Msg)}
	}
	return res, nil
}

// settle waits for the portal's answer to a screen: a new page, or a change
// of the one there ("password", "gone", "error", "otp", "captcha"), or
// "timeout".
func (l *flow) settle(ctx context.Context, snapshot string, field int, errorsBefore string, navigated bool) (string, *toolerr.Error) {
	if navigated {
		return "navigated", nil
	}
	loader := l.t.Info().LoaderID
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	left := l.t.AfterLeave(wctx)
	text, err := settleOp.send(ctx, l.t, settleArgs{loginArgs: loginArgs{Snapshot: snapshot}, Field: field, Errors: errorsBefore,
		Wait: settleWait.Milliseconds()}, settleWait+5*time.Second)
	if err != nil {
		// The helper dies with its document when the page navigates.
		info := l.t.Info()
		switch {
		case info.LoaderID != loader && !info.Loading:
			return "navigated", nil
		case info.LoaderID == loader && !info.Loading && !helperDied(err):
			return "", asError(ctx, err, l.opts.Budget)
		}
		select {
		case nav := <-left:
			if ctx.Err() != nil {
				// AfterLeave also answers when the budget ends: that is
				// no navigation.
				return "", budgetErr(l.opts.Budget)
			}
			if nav.Status == browser.NavClosed {
				return "", toolerr.Errorf(toolerr.CodeTabGone, "The tab closed during the login.")
			}
		case <-ctx.Done():
			return "", budgetErr(l.opts.Budget)
		}
		return "navigated", nil
	}
	answer, err := settleOp.Decode(text)
	if err != nil {
		return "", asError(ctx, err, l.opts.Budget)
	}
	if answer.Stale {
		return "navigated", nil
	}
	return answer.State, nil
}

// look observes the tab and reads its login form: the new snapshot and
// the form, or the result that ends the login (a dialog, an error).
func (l *flow) look(ctx context.Context) (string, loginForm, *Result) {
	obs, err := observe.Observe(ctx, l.t, l.opts.Profile, l.opts.Path, nil, nil, act.Observing()...)
	if err != nil {
		return "", loginForm{}, &Result{Err: asError(ctx, err, l.opts.Budget)}
	}
	if obs.DialogOpen {
		return "", loginForm{}, &Result{Err: toolerr.DialogOpen(obs.Dialog.Type)}
	}
	form, err := l.inspect(ctx, obs.SnapshotID)
	if err != nil {
		return "", loginForm{}, &Result{Err: asError(ctx, err, l.opts.Budget)}
	}
	return obs.SnapshotID, form, nil
}

// verdict reads the page after the password was submitted.
func (l *flow) verdict(ctx context.Context) Result {
	if !l.opts.Allowed(l.t.Info().URL) {
		// The portal sent the tab outside the session's sites: the gate
		// says so; the login itself went through.
		return Result{}
	}
	_, form, failed := l.look(ctx)
	if failed != nil {
		return *failed
	}
	switch {
	case form.Captcha:
		return Result{Outcome: Captcha, Err: captchaErr()}
	case form.OTP:
		return Result{Outcome: MFA, Err: mfaErr()}
	case form.password != 0:
		return Result{Outcome: Rejected, Err: rejectedErr()}
	}
	return Result{Outcome: LoggedIn}
}

// loginForm is what inspect found, as marks of the snapshot (0: none).
type loginForm struct {
	PasswordNode int    `json:"password"`
	UsernameNode int    `json:"username"`
	SubmitNode   int    `json:"submit"`
	OTP          bool   `json:"otp"`
	Captcha      bool   `json:"captcha"`
	Errors       string `json:"errors"`
	Stale        bool   `json:"stale"`

	passwordNode, usernameNode int
	password, username, submit int
}

func (l *flow) inspect(ctx context.Context, snapshot string) (loginForm, error) {
	snap := l.t.Info().Current(snapshot)
	if snap == nil {
		return loginForm{}, errors.New("the page changed while it was read")
	}
	markOf := snap.MarkOf()
	var nodes []int
	for m := 1; m <= len(snap.MarkNode); m++ {
		if i, ok := snap.MarkNode[m]; ok {
			nodes = append(nodes, i)
		}
	}
	text, err := inspectOp.send(ctx, l.t, inspectArgs{loginArgs: loginArgs{Snapshot: snapshot}, Nodes: nodes}, 5*time.Second)
	if err != nil {
		return loginForm{}, err
	}
	f, err := inspectOp.Decode(text)
	if err != nil {
		return loginForm{}, err
	}
	if f.Stale {
		return loginForm{}, errors.New("the page changed while it was read")
	}
	f.passwordNode, f.usernameNode = f.PasswordNode, f.UsernameNode
	f.password, f.username, f.submit = markOf[f.PasswordNode], markOf[f.UsernameNode], markOf[f.SubmitNode]
	if f.PasswordNode < 0 {
		f.password = 0
	}
	if f.UsernameNode < 0 {
		f.username = 0
	}
	if f.SubmitNode < 0 {
		f.submit = 0
	}
	return f, nil
}

// helperDied says whether a helper's error is that of a helper that died
// with its document (its world is gone), or was not waited for to the
// end.
func helperDied(err error) bool {
	return errors.Is(err, browser.ErrWorldGone) || cdp.Is(err, cdp.ContextGone) || cdp.Is(err, cdp.ContextDestroyed) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// MismatchErr is the refusal of a credential on a page outside its origins.
func MismatchErr(c vault.Entry, origin string) *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeCredentialMismatch,
		"Credential %q is not for %s (it is for %s), so nothing was typed. Check the page's origin: a look-alike site gets nothing. Navigate to the real login page first.",
		c.ID, shown(origin), strings.Join(c.Origins, ", "))
}

func shown(origin string) string {
	if origin == "" {
		return "this page"
	}
	return origin
}

func rejectedErr() *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeLoginRejected,
		"The portal refused the login: the credential is wrong or locked. Do not retry: tell the person, who can fix it in the vault.")
}

func captchaErr() *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeCaptchaPending,
		"The portal shows a CAPTCHA. This proves nothing about the credential: hand it to the person with handoff {reason: \"solve the CAPTCHA\"}, and go on from its result.")
}

func mfaErr() *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeMFARequired,
		"The portal asks for a second factor (a one-time code or a confirmation). This proves nothing about the credential: hand it to the person with handoff {reason: \"enter the code\"}, and go on from its result; never ask them for the code.")
}

func slowErr() *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeBudgetExceeded,
		"The portal did not answer the login within %d s. This proves nothing about the credential: observe the page and decide.", int(settleWait.Seconds()))
}

func budgetErr(d time.Duration) *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeBudgetExceeded,
		"The login did not finish within its %d s. This proves nothing about the credential: observe the page and decide.", int(d.Seconds()))
}

// asError is a failure of the login's own work as the model reads it.
func asError(ctx context.Context, err error, budget time.Duration) *toolerr.Error {
	if ctx.Err() != nil {
		return budgetErr(budget)
	}
	return toolerr.From(err)
}
