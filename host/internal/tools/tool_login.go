package tools

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/login"
	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/internal/policy"
)

type loginIn struct {
	CredentialID string `json:"credential_id" jsonschema:"from the server instructions"`
}

// tabArg: login works on the current tab (select another with tabs).
func (in *loginIn) tabArg() string { return "" }

type loginServer struct {
	*Base
	CredentialID string `json:"credential_id"`
	// Outcome is logged_in, login_rejected, captcha_pending, mfa_required
	// or budget_exceeded; absent when the login stopped before the portal
	// answered.
	Outcome       string             `json:"outcome,omitempty"`
	Origin        string             `json:"origin"`
	Observation   *observationServer `json:"observation,omitempty"`
	NoObservation string             `json:"no_observation,omitempty"`
}

type loginPage struct {
	pageInfo
	Observation *observePage `json:"observation,omitempty"`
}

func (p *loginPage) sourceURLs() []string {
	if p.Observation != nil {
		return []string{p.URL, p.Observation.URL}
	}
	return []string{p.URL}
}

func loginDef() def {
	return newPageDef(&mcp.Tool{
		Name: "login",
		Description: "Log the current tab in with a vault credential (ids: server instructions); you never see its secrets. " +
			"server.outcome: logged_in, login_rejected (do not retry), or captcha_pending, mfa_required, budget_exceeded (observe, decide).",
		Annotations: &mcp.ToolAnnotations{Title: "Log in", DestructiveHint: ptr(true), OpenWorldHint: ptr(true)},
	}, nil, answersOf[*loginServer, *loginPage](), (*Server).login).withBudget(asksBeforeSteps)
}

// loginObservationReserve is kept of the call's time for the observation
// the result brings.
const loginObservationReserve = observationWait

func (s *Server) login(ctx context.Context, c *Call, in loginIn) (Outcome, error) {
	id := in.CredentialID
	if !slices.Contains(c.Profile.Credentials, id) {
		return Outcome{}, toolerr.Errorf(toolerr.CodePermissionDenied,
			"The profile %q of this session does not permit credential %q. Use an id from the server instructions, or ask the person to add it to the profile's credentials.", c.Profile.Name, id)
	}
	if s.opts.Vault == nil {
		return Outcome{}, toolerr.Errorf(toolerr.CodeCredentialUnknown, "This host has no vault, so credential %q cannot be used. Ask the person to add it (diwall vault add).", id)
	}
	entry, err := s.opts.Vault.Entry(id)
	if errors.Is(err, vault.ErrUnknown) {
		return Outcome{}, toolerr.Errorf(toolerr.CodeCredentialUnknown, "The vault has no credential %q. Ask the person to add it (diwall vault add %s ...).", id, id)
	}
	if err != nil {
		return Outcome{}, &toolerr.Error{Code: toolerr.CodeCredentialUnknown, Err: err, Msg: "The vault could not be read. Ask the person to check it (diwall doctor)."}
	}
	t := c.Tab
	origin := t.Info().Origin
	if !entry.Allows(origin) {
		return Outcome{}, login.MismatchErr(entry, origin)
	}
	if rule := c.Profile.ReadOnlyRule(origin); rule != "" {
		return Outcome{}, act.ReadOnlyRefusal(origin, rule, "log in")
	}
	if c.confirms(policy.ConfirmLogin, origin) {
		q := act.Question{Kinds: []string{policy.ConfirmLogin}, Action: "login", Detail: "with the vault's credential " + id}
		if err := s.askStep(ctx, stepAsk{st: c.Client, profile: c.Profile, tab: t, origin: origin, q: q, call: c}); err != nil {
			return Outcome{}, err
		}
	}
	secret, err := s.opts.Vault.Secret(id)
	if err != nil {
		return Outcome{}, &toolerr.Error{Code: toolerr.CodeCredentialUnknown, Err: err,
			Msg: "The credential could not be unlocked from its store. Ask the person to check the vault (diwall doctor)."}
	}
	c.secrets = []string{secret.Username, secret.Password}
	budget := 45 * time.Second
	if deadline, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(deadline)-loginObservationReserve)
	}
	if budget < 5*time.Second {
		return Outcome{}, toolerr.Errorf(toolerr.CodeBudgetExceeded,
			"This session's call timeout leaves too little time for a login. Ask the person to raise call_timeout_ms in the profile.")
	}
	res := login.Run(ctx, t, login.Options{Credential: entry, Secret: secret, Allowed: c.allows,
		Profile: c.Profile, Path: s.opts.ObservePath, Budget: budget})
	s.log.Info("login", "op", c.Base.OperationID, "credential", id, "outcome", res.Outcome, "screens", res.Screens)

	after := t.Info()
	srv := &loginServer{Base: c.Base, CredentialID: id, Outcome: string(res.Outcome), Origin: after.Origin}
	page := &loginPage{pageInfo: pageInfo{URL: after.URL, Title: after.Title}}
	out := Outcome{Server: srv, Page: page}
	if c.allows(after.URL) {
		srv.Observation, page.Observation, out.Images, srv.NoObservation = s.freshObservation(ctx, c, t, nil)
	} else {
		srv.NoObservation = "the page is outside this session's sites"
	}
	if withholdSecrets(page, c.secrets) {
		out.Images = nil
		if srv.Observation != nil {
			srv.Observation.Capture = "withheld: the page shows what login typed"
		}
		c.Base.Notice("what login typed is withheld from this result, and so is the image")
	}
	if res.Err != nil {
		return out, res.Err
	}
	return out, nil
}

// withholdSecrets replaces the secrets in what the page wrote, and says
// whether it found any (then the image shows them too).
func withholdSecrets(p *loginPage, secrets []string) bool {
	found := false
	fix := func(s *string) {
		if r := scrub(*s, secrets); r != *s {
			*s, found = r, true
		}
	}
	fix(&p.URL)
	fix(&p.Title)
	if o := p.Observation; o != nil {
		fix(&o.URL)
		fix(&o.Title)
		for i := range o.Tree {
			fix(&o.Tree[i])
		}
		for i := range o.Elements {
			e := &o.Elements[i]
			fix(&e.Name)
			fix(&e.Text)
			if e.Value != nil && strings.TrimSpace(*e.Value) != "" {
				v := *e.Value
				fix(&v)
				e.Value = &v
			}
		}
		if d := o.Dialog; d != nil {
			fix(&d.Message)
			fix(&d.DefaultPrompt)
		}
	}
	return found
}
