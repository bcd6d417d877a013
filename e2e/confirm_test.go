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
	r := decodeAct(bs.asked(c, siteURL, "deny", "act", map[string]any{"snapshot_id": snap(o), "steps": steps}))
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
	r := decodeAct(bs.asked(c, siteURL, "allow-always", "act", map[string]any{"snapshot_id": snap(o), "steps": steps}))
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
