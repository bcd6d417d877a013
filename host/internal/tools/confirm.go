package tools

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/imaging"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// Asking before a consequential step (the profile's confirm). Before a
// step of a kind the person approves each time runs (a purchase, a form's
// submission, an upload, a download, a login), the approval window of the
// browser, the one that asks for sites, shows the step, the element's role
// and name, the page's origin and the marked image with the element
// outlined: Allow once, Always for this site and kind (written to the
// profile), or Deny. Deny, no answer, or no one to ask: the step does not
// run. Each question is recorded in the audit log with its answer.

// confirmWait bounds how long a step waits for the person's answer.
const confirmWait = 2 * time.Minute

// asksBeforeSteps is the budget of a tool whose steps a profile's confirm
// may have the person approve (act, login): confirmWait more, once.
func asksBeforeSteps(p policy.Profile, usual time.Duration) time.Duration {
	if p.ConfirmsAny() {
		return usual + confirmWait
	}
	return usual
}

// Confirm outcomes, as the audit log records them.
const (
	confirmNoAnswer    = "no_answer"
	confirmUnavailable = "person_unavailable"
	confirmUnasked     = "not_asked"
)

// stepAsk is one question about a step of a session's tab.
type stepAsk struct {
	st      *Client
	profile policy.Profile
	tab     *browser.Tab
	origin  string
	q       act.Question
	// call is the tool call the step belongs to, nil for a download that
	// began outside one: it gets the notices, and sends the client
	// progress while the person decides.
	call *Call
	// noImage: the question shows no image of the tab.
	noImage bool
	// from is, for a share question, the private site the text was read
	// on; origin is then the site it would go to.
	from string
}

// kindWords is how the person reads a kind of step, in the question and in
// the messages the model reads.
var kindWords = map[string]string{
	policy.ConfirmPurchase: "a purchase",
	policy.ConfirmSubmit:   "a form's submission",
	policy.ConfirmUpload:   "an upload",
	policy.ConfirmDownload: "a download",
	policy.ConfirmLogin:    "a login",
	policy.ConfirmShare:    "sending text read on a private site to another site",
}

// approvedBy says which part of the profile has the person approve a
// kind of step each time.
func approvedBy(kind string) string {
	if kind == policy.ConfirmShare {
		return "their profile's private sites"
	}
	return "their profile's confirm"
}

// askStep asks the person about a step; nil means it may run, else the
// error the step fails with.
func (s *Server) askStep(ctx context.Context, a stepAsk) error {
	kinds := a.q.Kinds
	if a.st.confirmedAlways(kinds, a.origin) {
		return nil
	}
	what := kindWords[kinds[0]]
	start := time.Now()
	outcome := confirmUnasked
	defer func() { s.recordConfirm(a, outcome, start) }()
	if s.opts.NoPerson() {
		outcome = confirmUnavailable
		return toolerr.Errorf(toolerr.CodePersonUnavailable,
			"This step is %s, which the person approves each time (%s), and no one is at this browser to approve it: it was not run. Do not retry: tell the person what you were about to do.", what, approvedBy(kinds[0]))
	}
	step := &protocol.ApprovalStep{Kind: kinds[0], Action: a.q.Action, Role: bounded(a.q.Role, protocol.MaxApprovalText),
		Name: bounded(a.q.Name, protocol.MaxApprovalText), Detail: bounded(a.q.Detail, protocol.MaxApprovalText)}
	if !a.noImage {
		step.Image = s.stepImage(ctx, a)
	}
	if a.call != nil {
		defer a.call.progress(ctx, "waiting for the person to approve "+what)()
	}
	ctx, cancel := context.WithTimeout(ctx, confirmWait)
	defer cancel()
	decision, err := s.opts.Asker.Ask(ctx, a.st.hello.Client, a.origin, step)
	switch {
	case errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled):
		outcome = confirmNoAnswer
		return toolerr.Errorf(toolerr.CodePermissionDenied,
			"This step is %s, which the person approves each time, and no one answered in time: it was not run. Ask the person, then try again.", what)
	case err != nil:
		e := toolerr.From(err)
		outcome = confirmNoAnswer
		return &toolerr.Error{Code: toolerr.CodePermissionDenied, Err: err,
			Msg: fmt.Sprintf("This step is %s, which the person approves each time, and they could not be asked (%s): it was not run.", what, e.Msg)}
	}
	outcome = decision
	switch decision {
	case protocol.DecisionOnce:
		a.notice(fmt.Sprintf("the person allowed this step (%s) once", kinds[0]))
		return nil
	case protocol.DecisionAlways:
		s.rememberConfirmed(a)
		return nil
	}
	return toolerr.Errorf(toolerr.CodePermissionDenied,
		"The person did not allow this step (%s on %s): it was not run. Do not retry it; ask the person what to do instead.", what, a.origin)
}

// rememberConfirmed keeps "Always for this site and kind" in the profile
// file, or for the session when it cannot be written.
func (s *Server) rememberConfirmed(a stepAsk) {
	if a.from != "" {
		s.rememberShared(a)
		return
	}
	a.st.confirmAlways(a.q.Kinds, a.origin)
	if s.opts.Remember == nil {
		a.notice(fmt.Sprintf("the person allowed %v on %s for this session", a.q.Kinds, a.origin))
		return
	}
	for _, k := range a.q.Kinds {
		if err := s.opts.Remember.AllowConfirmed(a.profile.Name, k, a.origin); err != nil {
			s.log.Warn("could not write a confirmed kind to the profile", "profile", a.profile.Name, "err", err)
			a.notice(fmt.Sprintf("the person allowed %s on %s; it could not be saved in the profile, so it holds for this session only", k, a.origin))
			return
		}
	}
	a.notice(fmt.Sprintf("the person allowed %v on %s from now on", a.q.Kinds, a.origin))
}

// rememberShared keeps "Always between these two sites" of a share
// question in the profile file, or for the session when it cannot be
// written.
func (s *Server) rememberShared(a stepAsk) {
	a.st.shareAlways(a.from, a.origin)
	if s.opts.Remember == nil {
		a.notice(fmt.Sprintf("the person allowed text read on %s to go to %s for this session", a.from, a.origin))
		return
	}
	if err := s.opts.Remember.AllowShared(a.profile.Name, a.from, a.origin); err != nil {
		s.log.Warn("could not write a shared pair of sites to the profile", "profile", a.profile.Name, "err", err)
		a.notice(fmt.Sprintf("the person allowed text read on %s to go to %s; it could not be saved in the profile, so it holds for this session only", a.from, a.origin))
		return
	}
	a.notice(fmt.Sprintf("the person allowed text read on %s to go to %s from now on", a.from, a.origin))
}

func (a stepAsk) notice(text string) {
	if a.call != nil {
		a.call.Base.Notice(text)
	}
}

// stepImage is the tab's masked, marked image with the step's element
// outlined, as the question shows it; "" when there is none.
func (s *Server) stepImage(ctx context.Context, a stepAsk) string {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	obs, err := observe.KeepingMarks(ctx, a.tab, a.profile, s.opts.ObservePath)
	if err != nil || obs.PNG == nil || obs.DialogOpen {
		return ""
	}
	var outline *imaging.Rect
	if b := a.q.Box; b != nil {
		k := obs.Image.Scale
		outline = &imaging.Rect{X: b[0] * k, Y: b[1] * k, W: b[2] * k, H: b[3] * k}
	}
	jpeg, err := imaging.Preview(obs.PNG, outline, 960, base64.StdEncoding.DecodedLen(protocol.MaxApprovalImage))
	if err != nil {
		s.log.Info("no image for a question", "err", err)
		return ""
	}
	return base64.StdEncoding.EncodeToString(jpeg)
}

// recordConfirm writes the question and its answer to the audit log and
// the operator's log.
func (s *Server) recordConfirm(a stepAsk, outcome string, start time.Time) {
	owner := a.st.Key()
	s.opts.Operator.Note(owner, "info", fmt.Sprintf("asked the person about %s on %s: %s", kindWords[a.q.Kinds[0]], a.origin, outcome))
	if s.opts.Audit == nil {
		return
	}
	args := map[string]any{"kinds": a.q.Kinds, "action": a.q.Action}
	if a.q.Mark != 0 {
		args["mark"] = int64(a.q.Mark)
	}
	if a.q.Step != 0 {
		args["step"] = int64(a.q.Step)
	}
	if a.call != nil {
		args["call"] = a.call.Base.OperationID // the call whose step it was
	}
	if a.from != "" {
		// Where the text would go is the record's origin; the text itself
		// is never kept.
		args["from"], args["text"] = a.from, audit.Withheld
	}
	rec := audit.Record{OperationID: NewOperationID(), Session: owner, Client: a.st.hello.Client, ClientVersion: a.st.hello.ClientVersion,
		Profile: a.profile.Name, Tool: "confirm", Args: args, OK: outcome == protocol.DecisionOnce || outcome == protocol.DecisionAlways,
		Outcome: outcome, Start: start, Took: time.Since(start), Origin: a.origin}
	if a.tab != nil {
		rec.TabID = a.tab.ID
	}
	if err := s.opts.Audit.Append(rec); err != nil {
		s.log.Warn("could not write a question to the audit log", "err", err)
	}
}

// bounded cuts s to n bytes, on a rune boundary.
func bounded(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n]
}

// confirms reports whether the person approves a step of kind on origin
// before it runs: their profile says so, and they have not allowed it for
// good in this session.
func (c *Call) confirms(kind, origin string) bool {
	return c.Profile.Confirms(kind, origin) && !c.Client.confirmedAlways([]string{kind}, origin)
}

// actConfirm is the question a call's act batch asks about its steps.
func (s *Server) actConfirm(c *Call) func(context.Context, act.Question) error {
	return func(ctx context.Context, q act.Question) error {
		return s.askStep(ctx, stepAsk{st: c.Client, profile: c.Profile, tab: c.Tab, origin: c.Tab.Info().Origin, q: q, call: c, noImage: q.Held})
	}
}
