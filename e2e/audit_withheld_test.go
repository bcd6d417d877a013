package e2e

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Nothing typed is kept unless it was safe to keep (issue 32): a type
// step's text reaches the audit log only when that step ran, into a field
// not known to be sensitive. Every other path plants a text of its own
// that must appear nowhere: not in any file under DIWALL_HOME (the audit
// log, the logs, whatever else is there, the browser's own files too,
// since the text never reached the page), nor in any result.

const (
	// plantedTyped prefixes the text of every step that must not be kept.
	plantedTyped = "PLANTED-7f3a9"
	// plainTyped is typed into a plain field by a step that succeeds: the
	// audit log keeps it (and nothing else may: not a log, not a result).
	plainTyped = "CONTROL-7f3a9"
	// secretTyped is typed into a card number field by a step that
	// succeeds: withheld in Diwall's files, though the page holds it.
	secretTyped = "SECRET-7f3a9"
)

// resultsSeen keeps the text of every result a test got.
type resultsSeen struct {
	bs   *browserSession
	text []string
}

// call calls a tool and keeps what its result says.
func (r *resultsSeen) call(tool string, args any) envelope {
	r.bs.t.Helper()
	env := r.bs.call(tool, args)
	r.keep(env.raw)
	return env
}

// act calls act and decodes its result.
func (r *resultsSeen) act(snapshot string, steps any) actResult {
	r.bs.t.Helper()
	return decodeAct(r.call("act", map[string]any{"snapshot_id": snapshot, "steps": steps}))
}

func (r *resultsSeen) keep(res *mcp.CallToolResult) {
	data, _ := json.Marshal(res)
	r.text = append(r.text, string(data))
	for _, c := range res.Content {
		if text, ok := c.(*mcp.TextContent); ok {
			r.text = append(r.text, text.Text)
		}
	}
}

// message is a failed result's error message.
func (e envelope) message() string {
	m, _ := e.Server["error"].(map[string]any)
	s, _ := m["message"].(string)
	return s
}

// typing is a type step.
func typing(mark int, text string) map[string]any {
	return map[string]any{"action": "type", "mark": mark, "text": text}
}

// freshSnapshot checks that a failed act leads to a working next call:
// its result brings an observation, whose id is server.snapshot_id and is
// named in the message. It returns that observation.
func freshSnapshot(t *testing.T, what string, r actResult) observation {
	t.Helper()
	if r.Observation == nil {
		t.Fatalf("%s: no fresh observation: %v", what, r.Server)
	}
	fresh := snap(*r.Observation)
	if r.Server["snapshot_id"] != fresh || !strings.Contains(r.message(), "snapshot_id is "+fresh) {
		t.Errorf("%s: server.snapshot_id %v, message %q; want both to name the fresh observation %s", what, r.Server["snapshot_id"], r.message(), fresh)
	}
	return *r.Observation
}

// TestTypedTextIsKeptOnlyWhenItRanPlain walks a type step through every
// failure a client can bring about, each with a planted text: a mark not
// in the snapshot, an old snapshot, a made-up one, arguments that do not
// fit, a step after a failed one, a step the profile has the person
// confirm with no one to ask, a paused and a stopped session. None is
// kept anywhere; the text typed into a plain field by a step that ran is
// (the control: the check can fail), and a failure's result names the
// fresh snapshot to go on with.
func TestTypedTextIsKeptOnlyWhenItRanPlain(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "rec", fmt.Sprintf("sites = [%q]\nconfirm = [\"submit\"]\n", siteURL))
	}, nil, "--profile", "rec")
	seen := &resultsSeen{bs: bs}
	bs.openPage("/confirm/shop.html")
	o := bs.observe()
	email := func(o observation) int { return markOf(t, o, "textbox", "Email for our letter") }

	// Typed into a plain field and into a card number field: both run.
	r := seen.act(snap(o), []map[string]any{typing(email(o), plainTyped), typing(markOf(t, o, "textbox", "Card number"), secretTyped)})
	if !r.OK {
		t.Fatalf("typing: %v", r.Server["error"])
	}

	// A mark that is not in the snapshot, and a step after it.
	r = seen.act(snap(o), []map[string]any{typing(999, plantedTyped+"-unknown-mark"), typing(email(o), plantedTyped+"-after-unknown-mark")})
	if r.errorCode() != "invalid_argument" || len(r.Steps) != 2 || !r.Steps[1].Skipped {
		t.Fatalf("an unknown mark: %v %+v", r.Server["error"], r.Steps)
	}
	old := o
	freshSnapshot(t, "an unknown mark", r)

	// An old snapshot (the failure above brought a newer one), a made-up one.
	r = seen.act(snap(old), []map[string]any{typing(email(old), plantedTyped+"-stale")})
	if r.errorCode() != "snapshot_stale" || !strings.Contains(r.message(), "no longer current") {
		t.Errorf("an old snapshot: %v", r.Server["error"])
	}
	o = freshSnapshot(t, "an old snapshot", r)
	r = seen.act("zzz", []map[string]any{typing(email(o), plantedTyped+"-made-up")})
	if m := r.message(); r.errorCode() != "snapshot_stale" || !strings.Contains(m, `"zzz" was never issued`) || strings.Contains(m, "no longer current") {
		t.Errorf("a made-up snapshot: %v", r.Server["error"])
	}
	o = freshSnapshot(t, "a made-up snapshot", r)
	// The fresh id works.
	if r := seen.act(snap(o), []map[string]any{{"action": "scroll"}}); !r.OK {
		t.Fatalf("acting on the fresh snapshot: %v", r.Server["error"])
	}

	// Arguments that do not fit the schema, or act's rules.
	for _, steps := range []any{
		[]map[string]any{{"action": "type", "mark": email(o), "text": plantedTyped + "-extra-field", "bogus": 1}},
		map[string]any{"action": "type", "mark": email(o), "text": plantedTyped + "-not-a-list"},
		[]map[string]any{{"action": "type", "mark": email(o), "text": map[string]any{"x": plantedTyped + "-text-object"}}},
		[]map[string]any{{"action": "type", "mark": email(o), "text": plantedTyped + "-malformed"}, {"action": "press"}},
	} {
		if r := seen.act(snap(o), steps); r.errorCode() != "invalid_argument" {
			t.Errorf("%v: %v", steps, r.Server["error"])
		} else if r.Observation != nil {
			o = *r.Observation
		}
	}
	many := make([]map[string]any, 51)
	for i := range many {
		many[i] = typing(email(o), plantedTyped+"-fifty-one")
	}
	if r := seen.act(snap(o), many); r.errorCode() != "invalid_argument" || !strings.Contains(r.message(), "between 1 and 50") {
		t.Errorf("51 steps: %v", r.Server["error"])
	} else if r.Observation != nil {
		o = *r.Observation
	}

	// Steps after one that failed: a wait for text that does not come
	// within its ms (issue 32: it waits that long, then fails), a check on
	// a text field.
	start := time.Now()
	r = seen.act(snap(o), []map[string]any{{"action": "wait", "text": "Never on this page", "ms": 400}, typing(email(o), plantedTyped+"-after-wait")})
	if r.errorCode() != "timeout" || !strings.Contains(r.message(), `"Never on this page" did not appear within 400 ms`) || len(r.Steps) != 2 || !r.Steps[1].Skipped {
		t.Errorf("a wait that timed out: %v %+v", r.Server["error"], r.Steps)
	}
	if took := time.Since(start); took < 400*time.Millisecond || took > 10*time.Second {
		t.Errorf("a wait of 400 ms took %v", took)
	}
	o = freshSnapshot(t, "a wait that timed out", r)
	r = seen.act(snap(o), []map[string]any{{"action": "wait", "navigation": true, "ms": 300}, typing(email(o), plantedTyped+"-after-navigation-wait")})
	if r.errorCode() != "timeout" || !strings.Contains(r.message(), "did not navigate within 300 ms") || len(r.Steps) != 2 || !r.Steps[1].Skipped {
		t.Errorf("a wait for a navigation that timed out: %v %+v", r.Server["error"], r.Steps)
	}
	o = freshSnapshot(t, "a wait for a navigation that timed out", r)
	// Text that comes within ms ends the wait.
	if r := seen.act(snap(o), []map[string]any{{"action": "click", "mark": markOf(t, o, "button", "Like")}, {"action": "wait", "text": "Liked", "ms": 5000}}); !r.OK {
		t.Errorf("a wait for text that comes: %v", r.Server["error"])
	}
	r = seen.act(snap(o), []map[string]any{{"action": "check", "mark": email(o)}, typing(email(o), plantedTyped+"-after-check")})
	if r.OK || len(r.Steps) != 2 || !r.Steps[1].Skipped {
		t.Errorf("a check on a text field: %v %+v", r.Server["error"], r.Steps)
	}
	o = freshSnapshot(t, "a check on a text field", r)

	// Steps the profile has the person confirm, with no one to ask.
	r = seen.act(snap(o), []map[string]any{{"action": "type", "mark": email(o), "text": plantedTyped + "-submit", "submit": true}})
	if r.errorCode() != "person_unavailable" {
		t.Errorf("a submitting type step: %v", r.Server["error"])
	}
	o = freshSnapshot(t, "a submitting type step", r)
	r = seen.act(snap(o), []map[string]any{{"action": "click", "mark": markOf(t, o, "button", "Subscribe")}, typing(email(o), plantedTyped+"-after-refusal")})
	if r.errorCode() != "person_unavailable" || len(r.Steps) != 2 || !r.Steps[1].Skipped {
		t.Errorf("a step after a refused one: %v %+v", r.Server["error"], r.Steps)
	}
	o = freshSnapshot(t, "a step after a refused one", r)

	// Paused by the person, then stopped.
	if _, err := bs.diwall("pause"); err != nil {
		t.Fatal(err)
	}
	if r := seen.act(snap(o), []map[string]any{typing(email(o), plantedTyped+"-paused")}); r.errorCode() != "paused_by_user" {
		t.Errorf("paused: %v", r.Server["error"])
	}
	if _, err := bs.diwall("resume"); err != nil {
		t.Fatal(err)
	}
	if _, err := bs.diwall("stop"); err != nil {
		t.Fatal(err)
	}
	if r := seen.act(snap(o), []map[string]any{typing(email(o), plantedTyped+"-stopped")}); r.errorCode() != "permission_denied" {
		t.Errorf("stopped: %v", r.Server["error"])
	}

	// The audit log has the plain text of the step that ran, and nothing
	// else typed.
	var kept []any
	for _, rec := range bs.auditSession().Records {
		if rec.Tool != "act" {
			continue
		}
		if steps, ok := rec.Args["steps"].([]any); ok && len(steps) == 2 {
			if first, ok := steps[0].(map[string]any); ok && first["text"] == plainTyped {
				kept = append(kept, first["text"], steps[1].(map[string]any)["text"])
			}
		}
	}
	if len(kept) != 2 || kept[1] != "[withheld]" {
		t.Errorf("the audit log keeps %v of the typing that ran; want the plain field's text and [withheld]", kept)
	}
	checkNothingTypedKept(t, bs.home, seen.text, true)
}

// TestTypedTextIsWithheldWhenDenied: a step the person denies is
// withheld too.
func TestTypedTextIsWithheldWhenDenied(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "asks", fmt.Sprintf("sites = [%q]\nconfirm = [\"submit\"]\n", siteURL))
	}, []string{"DIWALL_TEST_PERSON=1"}, "--profile", "asks")
	seen := &resultsSeen{bs: bs}
	c := bs.devtools()
	bs.openPage("/confirm/shop.html")
	o := bs.observe()
	denied := bs.asked(c, siteURL, "deny", "act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
		{"action": "type", "mark": markOf(t, o, "textbox", "Email for our letter"), "text": plantedTyped + "-denied", "submit": true}}})
	seen.keep(denied.raw)
	if denied.errorCode() != "permission_denied" {
		t.Errorf("denied: %v", denied.Server["error"])
	}
	checkNothingTypedKept(t, bs.home, seen.text, false)
}

// TestTypedTextIsWithheldWhenOutOfTime: a step the call's timeout stopped
// before it ran is withheld too.
func TestTypedTextIsWithheldWhenOutOfTime(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "tight", fmt.Sprintf("sites = [%q]\n\n[budgets]\ncall_timeout_ms = 3000\n", siteURL))
	}, nil, "--profile", "tight")
	seen := &resultsSeen{bs: bs}
	bs.openPage("/confirm/shop.html")
	o := bs.observe()
	r := seen.act(snap(o), []map[string]any{{"action": "wait", "ms": 6000}, typing(markOf(t, o, "textbox", "Email for our letter"), plantedTyped+"-out-of-time")})
	if r.errorCode() != "timeout" || len(r.Steps) != 2 || !r.Steps[1].Skipped {
		t.Errorf("out of time: %v %+v", r.Server["error"], r.Steps)
	}
	checkNothingTypedKept(t, bs.home, seen.text, false)
}

// checkNothingTypedKept walks every file under home (gzip or not) and the
// results: the planted texts are nowhere; the text typed into a secret
// field is in none of Diwall's own files (the browser's profile may hold
// what its page holds); the plain text typed, when there is one, is in
// the audit log and in no log and no result.
func checkNothingTypedKept(t *testing.T, home string, results []string, plain bool) {
	t.Helper()
	launches := filepath.Join(home, "state") + string(filepath.Separator) + "l-"
	var files, auditHas int
	var logs []string
	err := filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil // a file the browser removed meanwhile, a socket
		}
		data, err := readMaybeGzip(path)
		if err != nil {
			return nil
		}
		files++
		rel, _ := filepath.Rel(home, path)
		if strings.HasPrefix(rel, "logs"+string(filepath.Separator)) {
			logs = append(logs, d.Name())
		}
		if i := bytes.Index(data, []byte(plantedTyped)); i >= 0 {
			t.Errorf("%s holds planted typed text: …%q…", rel, data[max(0, i-120):min(len(data), i+40)])
		}
		ours := !strings.HasPrefix(path, launches)
		if ours && bytes.Contains(data, []byte(secretTyped)) {
			t.Errorf("%s holds text typed into a card number field", rel)
		}
		if bytes.Contains(data, []byte(plainTyped)) {
			switch {
			case strings.HasPrefix(rel, filepath.Join("state", "audit")):
				auditHas++
			case ours:
				t.Errorf("%s holds typed text", rel)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(logs, "host.log") || !slices.Contains(logs, "mcp.log") {
		t.Fatalf("the walk of %s (%d files) did not read the host's logs: %v", home, files, logs)
	}
	if plain && auditHas == 0 {
		t.Errorf("the audit log does not hold the text typed into a plain field (the check would find nothing)")
	}
	// (A plain field's value is the page's: an observation shows it.)
	for _, text := range results {
		for _, typed := range []string{plantedTyped, secretTyped} {
			if i := strings.Index(text, typed); i >= 0 {
				t.Errorf("a result holds typed text: …%s…", text[max(0, i-200):min(len(text), i+40)])
			}
		}
	}
}

// readMaybeGzip reads a file, unpacking it when it is gzip.
func readMaybeGzip(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return data, err
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return data, nil
	}
	defer zr.Close()
	unpacked, err := io.ReadAll(zr)
	if err != nil {
		return data, nil
	}
	return append(data, unpacked...), nil
}
