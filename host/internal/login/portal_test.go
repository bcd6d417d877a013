package login

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// The secrets of the tests' credential: none may appear in a result.
const (
	testUser     = "ada-7c1f@a.test"
	testPassword = "pw-9d2e-secret"
)

// credential is the tests' vault entry, for https://a.test.
var credential = vault.Entry{ID: "work", Origins: []string{"https://a.test"}, Store: vault.StoreFile}

// answer is what a fake login.js op answers: a value marshalled as its
// JSON string, or (as raw) the string itself, or an error of the call.
type answer struct {
	value any
	raw   *string
	err   error
}

// portal is a tab on browsertest's sign-in page (marks 1, 2, 3 are its
// email field, password field and button, nodes 1, 2, 3) whose login.js
// answers from the test's functions, and whose act helpers find every
// element where it is.
type portal struct {
	t    *testing.T
	ext  *browsertest.Ext
	page *browsertest.Page
	b    *browser.Browser
	tab  *browser.Tab

	mu sync.Mutex
	// inspect answers the nth inspect (0 first).
	inspect func(n int, r browsertest.Request) answer
	// settle answers the nth settle, with its request (its ctx).
	settle   func(n int, r browsertest.Request) answer
	inspects int
	settles  int
	ops      []string // login.js ops run, in order
}

// loginForm answers of inspect: node indexes, -1 for none.
func form(password, username, submit int) map[string]any {
	return map[string]any{"password": password, "username": username, "submit": submit, "otp": false, "captcha": false, "errors": ""}
}

var (
	passwordForm = form(2, 1, 3)
	usernameForm = form(-1, 1, 3)
	noForm       = form(-1, -1, -1)
)

func with(f map[string]any, key string, v any) map[string]any {
	out := map[string]any{}
	for k, x := range f {
		out[k] = x
	}
	out[key] = v
	return out
}

func newPortal(t *testing.T, url string) *portal {
	t.Helper()
	p := &portal{t: t, ext: browsertest.New()}
	p.ext.URL = url
	p.page = browsertest.NewPage(p.ext)
	p.page.SetOther(p.other)
	b, err := browser.New(timely{p.ext}, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	if err := b.Restore(ctx, protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: browsertest.Tab, Session: browsertest.Session}}}); err != nil {
		t.Fatal(err)
	}
	tab, ok := b.Newest(browsertest.Session)
	if !ok {
		t.Fatal("no tab restored")
	}
	if err := tab.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	p.b, p.tab = b, tab
	return p
}

// timely is the fake extension as the host's link to the real one
// behaves: a call whose context is done gets no answer but its error
// (browsertest.Start's extension answers it all the same).
type timely struct{ *browsertest.Ext }

func (e timely) Call(ctx context.Context, method string, params, result any) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return e.Ext.Call(ctx, method, params, result)
}

// inspecting makes inspect answer the forms in turn (the last one after).
func (p *portal) inspecting(forms ...map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inspect = func(n int, _ browsertest.Request) answer { return answer{value: forms[min(n, len(forms)-1)]} }
}

// settling makes settle answer the states in turn (the last one after).
func (p *portal) settling(states ...string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.settle = func(n int, _ browsertest.Request) answer {
		return answer{value: map[string]any{"state": states[min(n, len(states)-1)]}}
	}
}

func (p *portal) ran() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.ops...)
}

// other answers what browsertest.Page does not: login.js, act.js,
// and act's expressions.
func (p *portal) other(r browsertest.Request) (any, error) {
	if r.Method == string(cdp.RuntimeEvaluate) {
		switch expr := r.Str("expression"); expr {
		case "document", "window":
			return map[string]any{"result": map[string]any{"type": "object", "objectId": expr[:3]}}, nil
		}
		return browsertest.EvalString(""), nil
	}
	c := browsertest.CallOf(r)
	switch {
	case c.Declaration == helperSource:
		return p.login(c)
	case c.Global == "__diwallAct":
		return browsertest.EvalJSON(actAnswer(c.StrArg(0))), nil
	}
	return browsertest.EvalString(""), nil
}

func (p *portal) login(c browsertest.Call) (any, error) {
	op := c.StrArg(0)
	p.mu.Lock()
	p.ops = append(p.ops, op)
	var a answer
	switch op {
	case "inspect":
		n := p.inspects
		p.inspects++
		f := p.inspect
		p.mu.Unlock()
		if f == nil {
			p.t.Errorf("inspect has no answer in this test")
			return browsertest.EvalJSON(noForm), nil
		}
		a = f(n, c.Request)
	case "settle":
		n := p.settles
		p.settles++
		f := p.settle
		p.mu.Unlock()
		if f == nil {
			p.t.Errorf("settle has no answer in this test")
			return browsertest.EvalJSON(map[string]any{"state": "timeout"}), nil
		}
		a = f(n, c.Request)
	default:
		p.mu.Unlock()
		p.t.Errorf("login.js op %q", op)
		return browsertest.EvalJSON(map[string]any{}), nil
	}
	switch {
	case a.err != nil:
		return nil, a.err
	case a.raw != nil:
		return browsertest.EvalString(*a.raw), nil
	}
	return browsertest.EvalJSON(a.value), nil
}

// actAnswer answers act's page helpers: every element is a plain field or
// button, where it is.
func actAnswer(op string) any {
	switch op {
	case "locate":
		return map[string]any{"x": 10, "y": 20}
	case "typeTarget":
		return map[string]any{"kind": "text", "atEnd": true, "empty": true, "x": 10, "y": 20}
	case "focus":
		return map[string]any{"focused": true}
	}
	return map[string]any{}
}

// run logs the portal's tab in with the tests' credential within budget.
func (p *portal) run(budget time.Duration, change func(*Options)) Result {
	p.t.Helper()
	opts := Options{Credential: credential, Secret: vault.Secret{Username: testUser, Password: testPassword},
		Allowed: func(url string) bool { return strings.HasPrefix(url, "https://a.test/") },
		Profile: policy.Launch(), Budget: budget}
	if change != nil {
		change(&opts)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res := Run(ctx, p.tab, opts)
	noSecretIn(p.t, res)
	p.secretsOnlyTyped()
	return res
}

// secretsOnlyTyped fails when a secret went to the browser in anything
// but input events: a helper's arguments, a script, a command.
func (p *portal) secretsOnlyTyped() {
	p.t.Helper()
	seen := map[string]bool{}
	for _, m := range p.ext.Methods() {
		if seen[m] || m == "Input.insertText" || m == "Input.dispatchKeyEvent" {
			continue
		}
		seen[m] = true
		for _, r := range p.ext.Requests(m) {
			data, err := json.Marshal(r.Params)
			if err != nil {
				p.t.Fatal(err)
			}
			for _, secret := range []string{testUser, testPassword} {
				if strings.Contains(string(data), secret) {
					// Named by its place, never shown in the test's log.
					p.t.Errorf("a secret went to the browser in %s (%d bytes of parameters)", m, len(data))
				}
			}
		}
	}
}

// typed returns what was typed into the page: the text of every input
// event.
func (p *portal) typed() string {
	var b strings.Builder
	for _, m := range []string{"Input.insertText", "Input.dispatchKeyEvent", "Input.imeSetComposition"} {
		for _, r := range p.ext.Requests(m) {
			b.WriteString(r.Str("text"))
		}
	}
	return b.String()
}

// clicks counts the mouse presses sent.
func (p *portal) clicks() int {
	n := 0
	for _, r := range p.ext.Requests("Input.dispatchMouseEvent") {
		if r.Str("type") == "mousePressed" {
			n++
		}
	}
	return n
}

// noSecretIn fails when the result, its error or its message shows a
// secret of the credential, in any form it may be printed.
func noSecretIn(t *testing.T, res Result) {
	t.Helper()
	shown := []string{fmt.Sprintf("%+v", res), fmt.Sprintf("%#v", res)}
	if res.Err != nil {
		shown = append(shown, res.Err.Error(), res.Err.Msg)
	}
	if data, err := json.Marshal(res); err == nil {
		shown = append(shown, string(data))
	}
	for _, s := range shown {
		for _, secret := range []string{testUser, testPassword} {
			if strings.Contains(s, secret) {
				t.Errorf("the result shows a secret: %s", strings.ReplaceAll(s, secret, "<the secret>"))
			}
		}
	}
}
