package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// markOf finds the mark of the element with role and name in an
// observation.
func markOf(t testing.TB, o observation, role, name string) int {
	t.Helper()
	for _, e := range o.Elements {
		if e["role"] == role && e["name"] == name {
			return int(e["mark"].(float64))
		}
	}
	t.Fatalf("no %s %q among %v", role, name, o.Elements)
	return 0
}

// actResult is an act result, decoded.
type actResult struct {
	envelope
	Steps []struct {
		Step      int    `json:"step"`
		OK        bool   `json:"ok"`
		Skipped   bool   `json:"skipped"`
		Code      string `json:"code"`
		Message   string `json:"message"`
		CoveredBy int    `json:"covered_by"`
		Navigated bool   `json:"navigated"`
	}
	Observation *observation
}

func (bs *browserSession) act(snapshot string, observeAfter bool, steps ...map[string]any) actResult {
	bs.t.Helper()
	return decodeAct(bs.call("act", map[string]any{"snapshot_id": snapshot, "steps": steps, "observe": observeAfter}))
}

// decodeAct decodes an act result's steps and observation.
func decodeAct(env envelope) actResult {
	var r actResult
	r.envelope = env
	data, _ := json.Marshal(env.Server["steps"])
	// A result that does not decode leaves these empty: the callers' checks
	// of the steps and the page fail on that.
	_ = json.Unmarshal(data, &r.Steps)
	var page struct {
		Observation *observation `json:"observation"`
	}
	_ = json.Unmarshal(env.PageContent, &page)
	if obs, ok := env.Server["observation"].(map[string]any); ok && page.Observation != nil {
		page.Observation.Server = obs
		for _, c := range env.raw.Content {
			if img, ok := c.(*mcp.ImageContent); ok {
				page.Observation.PNG = img.Data
			}
		}
		r.Observation = page.Observation
	}
	return r
}

func snap(o observation) string { return o.Server["snapshot_id"].(string) }

// TestSignupAndCheckoutInOneActEach fills and submits a realistic sign-up
// form in one act, then a checkout form in another; the server confirms
// every value it received.
func TestSignupAndCheckoutInOneActEach(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/signup.html")
	o := bs.observe()
	const password = "Tr0ub4dor&3-CANARY-TYPED"
	r := bs.act(snap(o), true,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Full name"), "text": "Ada Lovelace"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Email"), "text": "ada@example.test"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Password"), "text": password},
		map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Country"), "values": []string{"Germany"}},
		map[string]any{"action": "check", "mark": markOf(t, o, "radio", "Pro")},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "About you"), "text": "Line one.\nLine two."},
		map[string]any{"action": "check", "mark": markOf(t, o, "checkbox", "I accept the terms")},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Create account")},
	)
	if !r.OK {
		t.Fatalf("sign-up act failed: %v steps %+v", r.Server["error"], r.Steps)
	}
	if r.Server["navigated"] != true || !r.Steps[7].Navigated {
		t.Errorf("the submit did not report a navigation: %v %+v", r.Server["navigated"], r.Steps[7])
	}
	got := lastForm("/act/signup")
	// Browsers send a textarea's line breaks as CRLF.
	want := map[string]string{"name": "Ada Lovelace", "email": "ada@example.test", "password": password,
		"country": "de", "plan": "pro", "about": "Line one.\r\nLine two.", "terms": "yes"}
	for k, v := range want {
		if got.Get(k) != v {
			t.Errorf("server received %s=%q, want %q", k, got.Get(k), v)
		}
	}
	if r.Observation == nil || !strings.Contains(strings.Join(r.Observation.Tree, "\n"), "name: Ada Lovelace") {
		t.Fatalf("the fresh observation does not show the confirmation page")
	}
	if strings.Contains(fmt.Sprint(r.raw.StructuredContent), password) {
		t.Error("the typed password appears in the result")
	}

	bs.mustOK("navigate", map[string]any{"url": siteURL + "/act/checkout.html"})
	o = bs.observe()
	r = bs.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Card number"), "text": "4242424242424242"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Expiry"), "text": "09/29"},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Security code"), "text": "Q737Z"},
		map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Delivery"), "values": []string{"Express"}},
		map[string]any{"action": "check", "mark": markOf(t, o, "checkbox", "Gift wrap")},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Discount code"), "text": "SPRING", "submit": true},
	)
	if !r.OK {
		t.Fatalf("checkout act failed: %v steps %+v", r.Server["error"], r.Steps)
	}
	got = lastForm("/act/checkout")
	want = map[string]string{"cardnumber": "4242424242424242", "exp": "09/29", "cvc": "Q737Z", "delivery": "Express", "gift": "yes", "discount": "SPRING"}
	for k, v := range want {
		if got.Get(k) != v {
			t.Errorf("server received %s=%q, want %q", k, got.Get(k), v)
		}
	}
	if strings.Contains(fmt.Sprint(r.raw.StructuredContent), "4242424242424242") {
		t.Error("the typed card number appears in the result")
	}
	for _, name := range []string{"host.log", "mcp.log"} {
		data, _ := os.ReadFile(filepath.Join(bs.home, "logs", name))
		for _, secret := range []string{password, "4242424242424242", "Q737Z"} {
			if strings.Contains(string(data), secret) {
				t.Errorf("%s carries the typed secret %q", name, secret)
			}
		}
	}
}

// TestKeyboardWidgets drives a menu, tabs, a combobox and a date field with
// keys only.
func TestKeyboardWidgets(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/widgets.html")
	logLine := func() string {
		o := bs.observe()
		for _, l := range o.Tree {
			if strings.Contains(l, "menu: ") || strings.Contains(l, "tab: ") || strings.Contains(l, "city: ") ||
				strings.Contains(l, "date: ") || strings.Contains(l, "nothing yet") {
				return strings.TrimSpace(l)
			}
		}
		return ""
	}
	o := bs.observe()
	r := bs.act(snap(o), false,
		map[string]any{"action": "press", "mark": markOf(t, o, "button", "Actions"), "keys": "Enter"},
		map[string]any{"action": "press", "keys": "ArrowDown"},
		map[string]any{"action": "press", "keys": "Enter"},
	)
	if !r.OK {
		t.Fatalf("menu: %v", r.Server["error"])
	}
	if l := logLine(); !strings.Contains(l, "menu: Duplicate") {
		t.Errorf("menu by keys: %q", l)
	}

	o = bs.observe()
	r = bs.act(snap(o), false,
		map[string]any{"action": "press", "mark": markOf(t, o, "tab", "One"), "keys": "ArrowRight"},
		map[string]any{"action": "press", "keys": "ArrowRight"},
	)
	if !r.OK {
		t.Fatalf("tabs: %v", r.Server["error"])
	}
	if l := logLine(); !strings.Contains(l, "tab: Three") {
		t.Errorf("tabs by keys: %q", l)
	}

	o = bs.observe()
	r = bs.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "combobox", "City"), "text": "Lis"},
		map[string]any{"action": "press", "keys": "ArrowDown"},
		map[string]any{"action": "press", "keys": "ArrowDown"},
		map[string]any{"action": "press", "keys": "Enter"},
	)
	if !r.OK {
		t.Fatalf("combobox: %v", r.Server["error"])
	}
	if l := logLine(); !strings.Contains(l, "city: Lisburn") {
		t.Errorf("combobox by keys: %q", l)
	}

	o = bs.observe()
	r = bs.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Date of birth"), "text": "03141990"},
	)
	if !r.OK {
		t.Fatalf("date: %v", r.Server["error"])
	}
	if l := logLine(); !strings.Contains(l, "date: 1990-03-14") {
		t.Errorf("date by keys: %q", l)
	}
}

// TestCookieBannerCovers: a click on a covered button is refused, names
// the covering mark when there is one, and works once the banner is gone.
func TestCookieBannerCovers(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/modal.html")
	o := bs.observe()
	buy := markOf(t, o, "button", "Buy now")
	r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": buy})
	if r.OK || r.errorCode() != "covered" {
		t.Fatalf("click under the banner: ok=%v code=%s", r.OK, r.errorCode())
	}
	if r.Observation == nil {
		t.Fatal("a failed act carries no observation")
	}
	// The banner's own button works; then Buy now is clickable.
	r = bs.act(snap(*r.Observation), true, map[string]any{"action": "click", "mark": markOf(t, *r.Observation, "button", "Accept all")})
	if !r.OK {
		t.Fatalf("accept: %v", r.Server["error"])
	}
	o = *r.Observation
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Buy now")})
	if !r.OK {
		t.Fatalf("buy after the banner: %v", r.Server["error"])
	}
}

// TestNavigationMidBatch: steps after a navigating click that use old
// marks fail with snapshot_stale, and the result carries a fresh
// observation.
func TestNavigationMidBatch(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html")
	o := bs.observe()
	r := bs.act(snap(o), false,
		map[string]any{"action": "click", "mark": markOf(t, o, "link", "Next page")},
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Note"), "text": "too late"},
	)
	if r.OK || len(r.Steps) != 2 || !r.Steps[0].OK || !r.Steps[0].Navigated || r.Steps[1].Code != "snapshot_stale" {
		t.Fatalf("steps = %+v", r.Steps)
	}
	if r.Observation == nil || r.Observation.Title != "Next" {
		t.Fatalf("no fresh observation of the new page")
	}
	// The old snapshot is refused as a whole too.
	again := bs.act(snap(o), false, map[string]any{"action": "click", "mark": 1})
	if again.errorCode() != "snapshot_stale" || again.Observation == nil {
		t.Fatalf("old snapshot after navigation: %s", again.errorCode())
	}
}

// TestNeverTheWrongElement: a removed element answers element_gone, and a
// list re-rendered with same-looking items in another order never takes
// a click meant for the old element.
func TestNeverTheWrongElement(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html")
	o := bs.observe()
	alpha := markOf(t, o, "button", "Alpha")
	r := bs.act(snap(o), false,
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Remove first")},
		map[string]any{"action": "click", "mark": alpha},
	)
	if r.OK || r.Steps[1].Code != "element_gone" {
		t.Fatalf("click on a removed element: %+v", r.Steps)
	}

	bs.mustOK("navigate", map[string]any{"action": "reload"})
	o = bs.observe()
	bravo := markOf(t, o, "button", "Bravo")
	r = bs.act(snap(o), false,
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Shuffle")},
		map[string]any{"action": "click", "mark": bravo},
	)
	if r.OK || r.Steps[1].Code != "element_gone" {
		t.Fatalf("click after a re-render: %+v", r.Steps)
	}
	o = bs.observe()
	if strings.Contains(strings.Join(o.Tree, "\n"), "clicked") {
		t.Fatalf("an item was clicked after the re-render: %v", o.Tree)
	}
}

// TestStaleAfterNewerObserve: a newer observe makes the older snapshot
// stale; the refusal carries a fresh observation.
func TestStaleAfterNewerObserve(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html")
	first := bs.observe()
	bs.observe()
	r := bs.act(snap(first), false, map[string]any{"action": "click", "mark": markOf(t, first, "button", "Alpha")})
	if r.errorCode() != "snapshot_stale" || r.Observation == nil {
		t.Fatalf("older snapshot: code %s, observation %v", r.errorCode(), r.Observation != nil)
	}
	if o := bs.observe(); strings.Contains(strings.Join(o.Tree, "\n"), "clicked") {
		t.Fatal("a stale mark was acted on")
	}
}

// TestReadAndDialog: read a region and a query without a new snapshot;
// a dialog blocks other tools until answered.
func TestReadAndDialog(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/table.html")
	o := bs.observe()
	rd := bs.mustOK("read", map[string]any{"snapshot_id": snap(o), "query": "Globex"})
	var lines struct {
		Lines []string `json:"lines"`
	}
	if err := json.Unmarshal(rd.PageContent, &lines); err != nil {
		t.Fatal(err)
	}
	if len(lines.Lines) == 0 || !strings.Contains(lines.Lines[0], "Globex") {
		t.Fatalf("read query: %v", lines.Lines)
	}
	// The snapshot is still current: its marks still act.
	r := bs.act(snap(o), false, map[string]any{"action": "hover", "mark": 1})
	if !r.OK {
		t.Fatalf("hover after read: %v", r.Server["error"])
	}

	bs.openPage("/pages/dialog.html")
	o = bs.observe()
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": 1})
	if r.Server["dialog_opened"] != true {
		t.Fatalf("dialog_opened = %v (%v)", r.Server["dialog_opened"], r.Server["error"])
	}
	if env := bs.call("navigate", map[string]any{"action": "reload"}); env.errorCode() != "dialog_open" {
		t.Errorf("navigate with a dialog open: %s", env.errorCode())
	}
	if env := bs.call("read", map[string]any{"snapshot_id": snap(o)}); env.errorCode() != "dialog_open" {
		t.Errorf("read with a dialog open: %s", env.errorCode())
	}
	d := bs.observe()
	if d.Dialog["message"] != "CANARY-DIALOG-MSG" {
		t.Errorf("observed dialog = %v", d.Dialog)
	}
	bs.mustOK("dialog", map[string]any{"action": "accept"})
	if env := bs.call("dialog", map[string]any{"action": "accept"}); env.errorCode() != "no_dialog" {
		t.Errorf("second accept: %s", env.errorCode())
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
