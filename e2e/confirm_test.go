package e2e

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Asking before a consequential step (issue 21): a profile's confirm has
// the person approve each submission or purchase in the approval window;
// deny leaves the page unsubmitted, allow submits it once, always is
// written to the profile, and with no person at the browser the step is
// refused at once.

// confirmed counts the submissions the confirm fixtures received, by path.
var confirmed = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

func confirmFixtures(mux *http.ServeMux) {
	effectsFixtures(mux)
	for _, path := range []string{"/confirm/subscribe", "/confirm/order"} {
		mux.HandleFunc("POST "+path, func(w http.ResponseWriter, r *http.Request) {
			confirmed.Lock()
			confirmed.n[path]++
			confirmed.Unlock()
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<!doctype html><title>Received</title><h1>Received %s</h1>", path)
		})
	}
}

// effectsFixtures count every request to /confirm/effects/, whatever its
// method, by path: what the request guard must keep from the server.
func effectsFixtures(mux *http.ServeMux) {
	mux.HandleFunc("/confirm/effects/", func(w http.ResponseWriter, r *http.Request) {
		confirmed.Lock()
		confirmed.n[r.URL.Path]++
		confirmed.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>Received</title><h1>Received %s</h1>", r.URL.Path)
	})
}

func submissions(path string) int {
	confirmed.Lock()
	defer confirmed.Unlock()
	return confirmed.n[path]
}

// confirmProfile launches with a profile that confirms kinds, the test
// standing in for the person when person is set.
func confirmProfile(t *testing.T, kinds string, person bool) (*browserSession, string) {
	var path string
	var env []string
	if person {
		env = []string{"DIWALL_TEST_PERSON=1"}
	}
	bs := launchPrepared(t, func(home string) error {
		path = filepath.Join(home, "config", "profiles", "shop.toml")
		return writeProfile(home, "shop", fmt.Sprintf("# the shop\nsites = [%q]\nconfirm = [%s]\n\n[budgets]\ncall_timeout_ms = 20000\n", siteURL, kinds))
	}, env, "--profile", "shop")
	bs.openPage("/confirm/shop.html")
	return bs, path
}

func TestConfirmSubmit(t *testing.T) {
	bs, _ := confirmProfile(t, `"submit"`, true)
	c := bs.devtools()
	o := bs.observe()
	email, subscribe := markOf(t, o, "textbox", "Email for our letter"), markOf(t, o, "button", "Subscribe")
	before := submissions("/confirm/subscribe")
	steps := []map[string]any{
		{"action": "type", "mark": email, "text": "ada@example.test", "clear": true},
		{"action": "click", "mark": subscribe},
	}

	// Deny: the form is not submitted; the step says why, and the batch
	// stopped there.
	r := decodeAct(bs.asked(c, siteURL, "deny", "act", map[string]any{"snapshot_id": snap(o), "steps": steps}, "Subscribe", "button", "submit"))
	if r.OK || r.errorCode() != "permission_denied" {
		t.Fatalf("denied: ok=%v code=%s", r.OK, r.errorCode())
	}
	if ok, _, _ := stepOf(t, r, 1); !ok {
		t.Error("the typing before the denied step did not run")
	}
	if ok, code, _ := stepOf(t, r, 2); ok || code != "permission_denied" {
		t.Errorf("the denied step: ok=%v code=%s", ok, code)
	}
	if n := submissions("/confirm/subscribe"); n != before {
		t.Fatalf("a denied submission reached the server (%d)", n-before)
	}
	if r.Observation == nil || !strings.HasSuffix(r.Observation.URL, "/confirm/shop.html") {
		t.Errorf("the denied act does not show the page still there: %+v", r.Observation)
	}

	// Enter in the field submits the form too: asked, and denied.
	o = bs.observe()
	enter := []map[string]any{{"action": "type", "mark": markOf(t, o, "textbox", "Email for our letter"), "text": "x", "submit": true}}
	if r := decodeAct(bs.asked(c, siteURL, "deny", "act", map[string]any{"snapshot_id": snap(o), "steps": enter})); r.errorCode() != "permission_denied" {
		t.Fatalf("Enter, denied: code %s", r.errorCode())
	}

	// A click that submits nothing is not asked about.
	o = bs.observe()
	if r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Like")}); !r.OK {
		t.Fatalf("a plain click: %v", r.Server["error"])
	}

	// Allow once: submitted, once.
	o = bs.observe()
	steps[0]["mark"], steps[1]["mark"] = markOf(t, o, "textbox", "Email for our letter"), markOf(t, o, "button", "Subscribe")
	steps = append(steps, map[string]any{"action": "wait", "text": "Received"})
	r = decodeAct(bs.asked(c, siteURL, "allow-once", "act", map[string]any{"snapshot_id": snap(o), "steps": steps}))
	if !r.OK {
		t.Fatalf("allowed once: %v", r.Server["error"])
	}
	if n := submissions("/confirm/subscribe"); n != before+1 {
		t.Fatalf("allowed once: %d submissions, want 1", n-before)
	}

	// The audit log has each question with its answer.
	out, err := bs.diwall("audit", "show", bs.auditSession().Key[:8])
	if err != nil {
		t.Fatal(err)
	}
	var answers []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[1] == "confirm" {
			answers = append(answers, f[2])
		}
	}
	if got := strings.Join(answers, " "); got != "deny deny once" {
		t.Errorf("the audit log's questions: %q\n%s", got, out)
	}
}

func TestConfirmPurchaseAlways(t *testing.T) {
	bs, profile := confirmProfile(t, `"purchase"`, true)
	c := bs.devtools()
	o := bs.observe()
	before := submissions("/confirm/order")
	// "Continue" says nothing of paying, but its form takes a card.
	steps := []map[string]any{
		{"action": "type", "mark": markOf(t, o, "textbox", "Card number"), "text": "4242424242424242"},
		{"action": "click", "mark": markOf(t, o, "button", "Continue")},
		{"action": "wait", "text": "Received"},
	}
	r := decodeAct(bs.asked(c, siteURL, "allow-always", "act", map[string]any{"snapshot_id": snap(o), "steps": steps}, "Continue", "pay"))
	if !r.OK {
		t.Fatalf("allowed always: %v", r.Server["error"])
	}
	if n := submissions("/confirm/order"); n != before+1 {
		t.Fatalf("%d orders, want 1", n-before)
	}
	data, err := os.ReadFile(profile)
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("confirm_always = [%q]", "purchase "+siteURL); !strings.Contains(string(data), want) || !strings.HasPrefix(string(data), "# the shop") {
		t.Errorf("the profile after Always:\n%s", data)
	}

	// From now on purchases on this site are not asked about: "Buy now"
	// (a purchase by its name) runs at once; so does a submission, which
	// this profile does not confirm.
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/confirm/shop.html"})
	o = bs.observe()
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Buy now")},
		map[string]any{"action": "wait", "text": "Bought one"})
	if !r.OK {
		t.Fatalf("after always: %v", r.Server["error"])
	}
}

func TestConfirmNoPerson(t *testing.T) {
	bs, _ := confirmProfile(t, `"submit", "purchase"`, false)
	o := bs.observe()
	before := submissions("/confirm/subscribe")
	r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Subscribe")})
	if r.errorCode() != "person_unavailable" {
		t.Fatalf("no person: ok=%v code=%s", r.OK, r.errorCode())
	}
	if n := submissions("/confirm/subscribe"); n != before {
		t.Fatalf("submitted with no person to approve it")
	}
	// A step of no confirmed kind still runs.
	o = bs.observe()
	if r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Like")}); !r.OK {
		t.Fatalf("a plain click: %v", r.Server["error"])
	}
}

// TestConfirmUploadAndDownload: with confirm = ["upload", "download"], an
// upload and a download are asked about; denied, the file input stays
// empty and nothing is saved; allowed once, each goes through.
func TestConfirmUploadAndDownload(t *testing.T) {
	up, down := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(up, "resume.pdf"), []byte("%PDF-1.4 Ada's resume"), 0o600); err != nil {
		t.Fatal(err)
	}
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "files", fmt.Sprintf("sites = [%q]\nupload_dir = %q\ndownload_dir = %q\nconfirm = [\"upload\", \"download\"]\n", siteURL, up, down))
	}, []string{"DIWALL_TEST_PERSON=1"}, "--profile", "files")
	c := bs.devtools()

	bs.openPage("/act/upload.html")
	o := bs.observe()
	upload := func(button string) envelope {
		return bs.asked(c, siteURL, button, "act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
			{"action": "upload", "mark": markOf(t, o, "file-upload", "Résumé"), "files": []string{"resume.pdf"}}}})
	}
	chosen := func() int {
		var n int
		bs.pageEval("/act/upload.html", `document.querySelector("input[type=file]").files.length`, &n)
		return n
	}
	if env := upload("deny"); env.errorCode() != "permission_denied" || chosen() != 0 {
		t.Fatalf("a denied upload: code %s, %d files chosen", env.errorCode(), chosen())
	}
	o = bs.observe()
	if env := upload("allow-once"); !env.OK || chosen() != 1 {
		t.Fatalf("an upload allowed once: %v, %d files chosen", env.Server["error"], chosen())
	}

	bs.mustOK("navigate", map[string]any{"url": siteURL + "/dl/page.html"})
	download := func(button string) map[string]any {
		o := bs.observe()
		act := bs.asked(c, siteURL, button, "act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
			{"action": "click", "mark": markOf(t, o, "link", "CSV statement")}}})
		list := downloadsIn(act)
		if len(list) == 0 {
			list = downloadsIn(bs.mustOK("downloads", map[string]any{"action": "wait", "timeout_ms": 10000}))
		}
		if len(list) == 0 {
			t.Fatalf("%s: no download reported", button)
		}
		return downloadsIn(bs.mustOK("downloads", map[string]any{"action": "wait", "download_id": list[len(list)-1]["download_id"]}))[0]
	}
	if d := download("deny"); d["state"] != "refused" || d["error"].(map[string]any)["code"] != "permission_denied" || len(folderNames(t, down)) != 0 {
		t.Fatalf("a denied download: %v, folder %v", d, folderNames(t, down))
	}
	if d := download("allow-once"); d["state"] != "complete" || len(folderNames(t, down)) != 1 {
		t.Fatalf("a download allowed once: %v, folder %v", d, folderNames(t, down))
	}
}
