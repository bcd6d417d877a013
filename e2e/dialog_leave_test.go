package e2e

import (
	"testing"
	"time"
)

// dialogOf is page_content.dialog of a result.
func dialogOf(t testing.TB, env envelope) map[string]any {
	d, _ := env.page(t)["dialog"].(map[string]any)
	return d
}

// edit gives the leave.html page what Chrome needs before it lets a page
// ask on leaving: a person's gesture (a click).
func (bs *browserSession) edit() {
	t := bs.t
	t.Helper()
	o := bs.observe()
	if r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Edit")}); !r.OK {
		t.Fatalf("edit: %v", r.Server["error"])
	}
}

// asks calls a tool that leaves leave.html and checks it reports the
// page's beforeunload dialog at once, instead of waiting on it.
func (bs *browserSession) asks(tool string, args map[string]any) {
	t := bs.t
	t.Helper()
	start := time.Now()
	env := bs.call(tool, args)
	took := time.Since(start)
	if env.OK || env.errorCode() != "dialog_open" || dialogOf(t, env)["type"] != "beforeunload" {
		t.Fatalf("%s %v on a page that asks: ok=%v code=%s dialog=%v", tool, args, env.OK, env.errorCode(), dialogOf(t, env))
	}
	t.Logf("%s %v reported the beforeunload dialog in %v", tool, args, took)
	if took > 3*time.Second {
		t.Errorf("%s took %v to report the dialog", tool, took)
	}
}

// TestDialogBeforeUnload: navigate, reload, history and tabs close report a
// page's beforeunload dialog at once (dialog_open, page_content.dialog);
// dismissing it keeps the page, accepting it lets the navigation or the
// closing go on.
func TestDialogBeforeUnload(t *testing.T) {
	bs := shared(t)
	bs.openPage("/home.html")
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/act/leave.html"})
	bs.edit()

	bs.asks("navigate", map[string]any{"url": siteURL + "/second.html"})
	env := bs.mustOK("dialog", map[string]any{"action": "dismiss"})
	if env.page(t)["title"] != "Draft" {
		t.Fatalf("after dismissing, the page is %v", env.page(t)["title"])
	}
	bs.asks("navigate", map[string]any{"url": siteURL + "/second.html"})
	env = bs.mustOK("dialog", map[string]any{"action": "accept"})
	if env.page(t)["title"] != "Diwall fixture: second" || navOf(env)["status"] != "loaded" || navOf(env)["http_status"] != 200.0 {
		t.Fatalf("after accepting, the navigation did not go on: %v %v", env.page(t)["title"], navOf(env))
	}

	// Back to the draft, and back again from it.
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/act/leave.html"})
	bs.edit()
	bs.asks("navigate", map[string]any{"action": "back"})
	env = bs.mustOK("dialog", map[string]any{"action": "accept"})
	if env.page(t)["title"] != "Diwall fixture: second" {
		t.Fatalf("back after accepting: %v", env.page(t)["title"])
	}
	bs.mustOK("navigate", map[string]any{"action": "forward"})
	bs.edit()
	bs.asks("navigate", map[string]any{"action": "reload"})
	env = bs.mustOK("dialog", map[string]any{"action": "accept"})
	if env.page(t)["title"] != "Draft" || navOf(env)["status"] != "loaded" {
		t.Fatalf("reload after accepting: %v %v", env.page(t)["title"], navOf(env))
	}

	// A click on a link: the act reports the dialog; accepting it goes on.
	bs.edit()
	o := bs.observe()
	r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "link", "Second page")})
	if !r.OK || r.Server["dialog_opened"] != true {
		t.Fatalf("a link click on a page that asks: ok=%v dialog_opened=%v %v", r.OK, r.Server["dialog_opened"], r.Server["error"])
	}
	env = bs.mustOK("dialog", map[string]any{"action": "accept"})
	if env.page(t)["title"] != "Diwall fixture: second" {
		t.Fatalf("after accepting the link's dialog: %v", env.page(t)["title"])
	}
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/act/leave.html"})

	// Closing the tab.
	bs.edit()
	tab := bs.observe().Server["tab_id"].(string)
	bs.asks("tabs", map[string]any{"action": "close"})
	bs.mustOK("dialog", map[string]any{"action": "dismiss"})
	if bs.tabOrigin(tab) == "" {
		t.Fatal("the tab closed although the dialog was dismissed")
	}
	bs.asks("tabs", map[string]any{"action": "close"})
	env = bs.mustOK("dialog", map[string]any{"action": "accept"})
	if env.Server["tab_closed"] != true {
		t.Errorf("dialog accept did not report the tab closed: %v", env.Server)
	}
	if bs.tabOrigin(tab) != "" {
		t.Fatal("the tab is still listed after the dialog was accepted")
	}
}
