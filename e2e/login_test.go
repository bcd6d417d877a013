package e2e

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// loginHome prepares a DIWALL_HOME with a vault (the file store) and a
// profile "login" that may use the credentials site (right), wrong (a wrong
// password) and ghost (not in the vault); the vault also holds other, which
// no profile lists.
func loginHome(home string) error {
	profiles := filepath.Join(home, "config", "profiles")
	if err := os.MkdirAll(profiles, 0o700); err != nil {
		return err
	}
	err := os.WriteFile(filepath.Join(profiles, "login.toml"), []byte(`sites = ["http://127.0.0.1:*", "http://localhost:*"]
credentials = ["site", "wrong", "ghost"]
audit_images = true
`), 0o600)
	if err != nil {
		return err
	}
	for _, c := range []struct{ id, password string }{{"site", loginPassword}, {"wrong", "not-the-password"}, {"other", loginPassword}} {
		cmd := exec.Command(diwallBin, "vault", "add", c.id, "--origin", siteURL, "--username", loginUser, "--password-stdin")
		cmd.Env = append(os.Environ(), "DIWALL_HOME="+home, "DIWALL_VAULT=file")
		cmd.Stdin = strings.NewReader(c.password + "\n")
		if out, err := cmd.CombinedOutput(); err != nil {
			return &exec.ExitError{ProcessState: cmd.ProcessState, Stderr: out}
		}
	}
	return nil
}

// loginRun records every result of a test, to look for secrets in them.
type loginRun struct {
	*browserSession
	results [][]byte
}

func (r *loginRun) call(tool string, args map[string]any) envelope {
	r.t.Helper()
	env, res := r.callRaw(tool, args)
	data, _ := json.Marshal(res)
	r.results = append(r.results, data)
	return env
}

// login opens path in a new tab and logs in with the credential id.
func (r *loginRun) login(url, id string) envelope {
	r.t.Helper()
	r.call("tabs", map[string]any{"action": "open", "url": url})
	return r.call("login", map[string]any{"credential_id": id})
}

// TestLogin logs in on local portals through the real browser: a form, a
// wrong password, a two-step login, a second factor, a CAPTCHA, a
// look-alike origin, and credentials the profile does not permit or the
// vault lacks. Then no secret is in any result, log, audit record or file
// of the state folder but the vault's; the audit log withholds what the
// model typed into a password field and keeps what it typed elsewhere.
func TestLogin(t *testing.T) {
	bs := launchPrepared(t, loginHome, []string{"DIWALL_VAULT=file"}, "--profile", "login")
	r := &loginRun{browserSession: bs}

	init := bs.session.InitializeResult()
	if !strings.Contains(init.Instructions, "- site: "+siteURL) || !strings.Contains(init.Instructions, "- wrong: ") ||
		strings.Contains(init.Instructions, "- other:") || strings.Contains(init.Instructions, loginUser) {
		t.Errorf("the instructions should list site and wrong with their origin, and no username:\n%s", init.Instructions)
	}

	outcome := func(name string, env envelope, wantOK bool, want string) {
		t.Helper()
		got := env.errorCode()
		if env.OK {
			got, _ = env.Server["outcome"].(string)
		}
		if env.OK != wantOK || got != want {
			t.Errorf("%s: ok=%v outcome/code=%s, want %s (%v)", name, env.OK, got, want, env.Server["error"])
		}
	}
	observed := func(name string, env envelope, title string) {
		t.Helper()
		obs, _ := env.page(t)["observation"].(map[string]any)
		if obs == nil || obs["title"] != title {
			t.Errorf("%s: the result's observation is %v, want the page %q", name, obs, title)
		}
	}

	env := r.login(siteURL+"/login/form", "site")
	outcome("form", env, true, "logged_in")
	observed("form", env, "Dashboard")
	if len(env.raw.Content) != 2 {
		t.Errorf("logged in: %d content blocks, want the envelope and the observation's image", len(env.raw.Content))
	}

	env = r.login(siteURL+"/login/form", "wrong")
	outcome("wrong password", env, false, "login_rejected")
	observed("wrong password", env, "Sign in")
	if env.Server["outcome"] != "login_rejected" || !strings.Contains(string(env.PageContent), "Wrong email or password") {
		t.Errorf("rejected: server.outcome=%v, page %s", env.Server["outcome"], env.PageContent)
	}

	env = r.login(siteURL+"/login/step1", "site")
	outcome("two steps", env, true, "logged_in")
	observed("two steps", env, "Dashboard")

	env = r.login(siteURL+"/login/mfa", "site")
	outcome("second factor", env, false, "mfa_required")
	observed("second factor", env, "Verify")

	env = r.login(siteURL+"/login/captcha", "site")
	outcome("captcha", env, false, "captcha_pending")

	env = r.login(outsideURL("/login/form?lookalike=1"), "site")
	outcome("look-alike origin", env, false, "credential_origin_mismatch")
	var typed []string
	bs.pageEval("lookalike=1", `[...document.querySelectorAll("input")].map(i => i.value)`, &typed)
	if strings.Join(typed, "") != "" {
		t.Errorf("something was typed on the look-alike page: %q", typed)
	}

	env = r.login(siteURL+"/login/form", "other")
	outcome("a credential the profile does not list", env, false, "permission_denied")
	env = r.login(siteURL+"/login/form", "ghost")
	outcome("a credential the vault lacks", env, false, "credential_unknown")

	// The model types into the form itself: the audit log keeps the email
	// and withholds the password field's text.
	const modelTyped = "typed-by-the-model-9931"
	r.call("tabs", map[string]any{"action": "open", "url": siteURL + "/login/form?typed=1"})
	o := bs.observe()
	r.call("act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
		{"action": "type", "mark": markOf(t, o, "textbox", "Email"), "text": "visible@example.test"},
		{"action": "type", "mark": markOf(t, o, "textbox", "Password"), "text": modelTyped},
	}})
	// A screenshot for the person: no image for the model, and the marks
	// of the last observation stay valid.
	env = r.call("screenshot", map[string]any{})
	if id, _ := env.Server["artifact_id"].(string); !env.OK || len(id) != 64 || len(env.raw.Content) != 1 {
		t.Errorf("screenshot: ok=%v artifact_id=%v, %d content blocks", env.OK, env.Server["artifact_id"], len(env.raw.Content))
	}
	if env := r.call("act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{{"action": "click", "mark": markOf(t, o, "textbox", "Email")}}}); !env.OK {
		t.Errorf("after a screenshot, the observation's marks are refused: %v", env.Server["error"])
	}

	// No secret anywhere but in the vault.
	for i, data := range r.results {
		for _, secret := range []string{loginPassword, loginUser} {
			if bytes.Contains(data, []byte(secret)) {
				t.Errorf("result %d carries a secret: %.300s", i, data)
			}
		}
	}
	if strings.Contains(bs.stderr.String(), loginPassword) {
		t.Error("diwall's stderr carries the password")
	}
	vault := filepath.Join(bs.home, "state", "vault")
	key := filepath.Join(bs.home, "data", "vault.key")
	var files int
	_ = filepath.Walk(bs.home, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || path == key || strings.HasPrefix(path, vault+string(filepath.Separator)) {
			return nil
		}
		files++
		data, _ := os.ReadFile(path)
		if bytes.Contains(data, []byte(loginPassword)) {
			t.Errorf("%s holds the password", path)
		}
		ours := strings.HasPrefix(path, filepath.Join(bs.home, "logs")) || strings.HasPrefix(path, filepath.Join(bs.home, "state", "audit"))
		if ours && (bytes.Contains(data, []byte(loginUser)) || bytes.Contains(data, []byte(modelTyped))) {
			t.Errorf("%s holds the username or what the model typed into the password field", path)
		}
		return nil
	})
	t.Logf("%d files of DIWALL_HOME searched for the password (the launched browser's profile included)", files)

	// The audit log: one record per call, with outcomes.
	s := bs.auditSession()
	var outcomes []string
	var emailKept, passwordWithheld, images bool
	for _, rec := range s.Records {
		if rec.Tool == "login" {
			outcomes = append(outcomes, rec.Outcome)
		}
		if rec.Tool == "act" {
			data, _ := json.Marshal(rec.Args)
			emailKept = emailKept || strings.Contains(string(data), "visible@example.test")
			passwordWithheld = passwordWithheld || strings.Contains(string(data), withheld)
		}
		if rec.Tool == "observe" && len(rec.Artifacts) == 1 {
			images = true
		}
	}
	want := "logged_in login_rejected logged_in mfa_required captcha_pending credential_origin_mismatch permission_denied credential_unknown"
	if strings.Join(outcomes, " ") != want {
		t.Errorf("audit login outcomes:\n got %s\nwant %s", strings.Join(outcomes, " "), want)
	}
	if !emailKept || !passwordWithheld || !images {
		t.Errorf("audit: email kept %v, password field's text withheld %v, observation images kept %v", emailKept, passwordWithheld, images)
	}
	if len(s.Records) != len(r.results)+1 { // +1: bs.observe()
		t.Errorf("audit: %d records for %d calls", len(s.Records), len(r.results)+1)
	}
	checkExport(t, bs, s)
}

// checkExport writes the session's report with `diwall audit export` and
// reads it in the launched headless Chromium: every call is there, every
// image shows, and no secret.
func checkExport(t *testing.T, bs *browserSession, s auditSession) {
	t.Helper()
	report := filepath.Join(bs.home, "report.html")
	for _, args := range [][]string{{"list"}, {"show", s.Key[:8]}, {"export", s.Key[:8], "-o", report}} {
		cmd := exec.Command(diwallBin, append([]string{"audit"}, args...)...)
		cmd.Env = append(os.Environ(), "DIWALL_HOME="+bs.home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("diwall audit %v: %v\n%s", args, err, out)
		}
		if args[0] == "list" && !strings.Contains(string(out), s.Key) {
			t.Errorf("audit list lacks the session:\n%s", out)
		}
		if args[0] == "show" && strings.Count(string(out), "\n") != len(s.Records) {
			t.Errorf("audit show: want one line per call (%d):\n%s", len(s.Records), out)
		}
	}
	c := bs.devtools()
	tt := bs.t.(*testing.T)
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call(tt, "", "Target.createTarget", map[string]any{"url": "file://" + report}, &created); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.call(tt, "", "Target.closeTarget", map[string]any{"targetId": created.TargetID}, nil) }()
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call(tt, "", "Target.attachToTarget", map[string]any{"targetId": created.TargetID, "flatten": true}, &att); err != nil {
		t.Fatal(err)
	}
	// Answers once the report (not the blank page before it) and its
	// images have loaded; "" while the tab is still on the blank page.
	const read = `location.protocol !== "file:" ? "" : new Promise(done => {
	  const answer = () => done(JSON.stringify({
	    calls: document.querySelectorAll("li.call").length,
	    images: document.images.length,
	    shown: [...document.images].filter(i => i.complete && i.naturalWidth > 0).length,
	    logins: [...document.querySelectorAll("li.call .tool")].filter(e => e.textContent.endsWith(" login")).length,
	    text: document.body.innerText,
	  }));
	  if (document.readyState === "complete") answer(); else addEventListener("load", answer);
	})`
	var res struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	for deadline := time.Now().Add(15 * time.Second); res.Result.Value == ""; {
		// A call that lands as the report replaces the blank page fails:
		// ask again, as the answer says, until the report answers.
		if err := c.call(tt, att.SessionID, "Runtime.evaluate", map[string]any{"expression": read, "awaitPromise": true, "returnByValue": true}, &res); err != nil && time.Now().After(deadline) {
			t.Fatal(err)
		}
		if time.Now().After(deadline) {
			t.Fatal("the report never loaded")
		}
		if res.Result.Value == "" {
			time.Sleep(50 * time.Millisecond)
		}
	}
	var page struct {
		Calls, Images, Shown, Logins int
		Text                         string
	}
	if err := json.Unmarshal([]byte(res.Result.Value), &page); err != nil {
		t.Fatal(err)
	}
	var artifacts int
	for _, r := range s.Records {
		artifacts += len(r.Artifacts)
	}
	t.Logf("report: %d calls, %d of %d images shown", page.Calls, page.Shown, page.Images)
	if page.Calls != len(s.Records) || page.Logins != 8 || page.Images != artifacts || page.Shown != artifacts || artifacts == 0 {
		t.Errorf("the report shows %d calls (%d logins) and %d of %d images; the log has %d calls and %d images",
			page.Calls, page.Logins, page.Shown, page.Images, len(s.Records), artifacts)
	}
	for _, secret := range []string{loginPassword, loginUser} {
		if strings.Contains(page.Text, secret) {
			t.Error("the report shows a secret")
		}
	}
	if !strings.Contains(page.Text, "[withheld]") || !strings.Contains(page.Text, "logged_in") {
		t.Error("the report does not show withheld text or the login outcome")
	}
	if dir := os.Getenv("DIWALL_E2E_REPORT"); dir != "" {
		var shot struct {
			Data string `json:"data"`
		}
		if err := c.call(tt, att.SessionID, "Page.captureScreenshot", map[string]any{"format": "png"}, &shot); err == nil {
			if err := os.WriteFile(filepath.Join(dir, "report.png"), mustDecode(shot.Data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		data, _ := os.ReadFile(report)
		if err := os.WriteFile(filepath.Join(dir, "report.html"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func mustDecode(b64 string) []byte {
	data, _ := base64.StdEncoding.DecodeString(b64)
	return data
}

// auditSession reads the one session the launch's audit log holds, whole.
func (bs *browserSession) auditSession() auditSession {
	t := bs.t
	t.Helper()
	sessions := auditSessions(t, append(os.Environ(), "DIWALL_HOME="+bs.home))
	if len(sessions) != 1 {
		t.Fatalf("audit sessions: %d, want 1", len(sessions))
	}
	s := sessions[0]
	if s.Torn || s.Damage != "" {
		t.Fatalf("audit: torn=%v damage=%q", s.Torn, s.Damage)
	}
	return s
}
