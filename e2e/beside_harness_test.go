package e2e

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// beside is the person's everyday browser with an agent beside them:
// `diwall install`, Chromium headed on a virtual display with the unpacked
// extension (as a person loads it: the debugging bar shows), and the
// person's own tab (testdata/beside/person.html, a text area that counts
// its keys and its losses of focus) in front, its window focused, the text
// area holding the keyboard. The harness watches through a DevTools
// connection of its own, as a person's DevTools would.
type beside struct {
	*everyday
	display string
	dt      *cdpConn
	// The person's tab: its DevTools session and its Chrome tab id.
	person    string
	personTab int
}

// newBeside starts the person's browser. It skips the test where Xvfb is
// missing.
func newBeside(t *testing.T) *beside {
	t.Helper()
	display := startXvfb(t)
	e := newEverydayWith(t, display, siteURL+"/beside/person.html")
	dt := e.devtools()
	tg := dt.waitTarget(t, siteURL+"/beside/person.html", 20*time.Second)
	b := &beside{everyday: e, display: display, dt: dt, person: dt.attach(t, tg.TargetID)}
	b.dt.waitEval(t, b.person, `document.readyState === "complete"`, 10*time.Second)
	for end := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if _, ok := dt.extensionWorker(t); ok && string(dt.inWorker(t, `typeof chrome === "object" && typeof chrome.debugger === "object"`)) == "true" {
			break
		}
		if time.Now().After(end) {
			t.Fatal("the extension's service worker did not start")
		}
	}
	b.personTab = dt.tabIDOf(t, tg.TargetID)
	b.focusPerson()
	return b
}

// focusPerson gives the person's window the keyboard, as the window
// manager does when the person clicks it (Xvfb has no window manager), and
// waits until their text area has it.
func (b *beside) focusPerson() {
	b.t.Helper()
	if xdotool, err := exec.LookPath("xdotool"); err == nil {
		cmd := exec.Command(xdotool, "search", "--sync", "--onlyvisible", "--class", "chromium", "windowfocus", "--sync")
		cmd.Env = append(slices.Clip(b.env), "DISPLAY="+b.display)
		if out, err := cmd.CombinedOutput(); err != nil {
			b.t.Logf("xdotool windowfocus: %v %s", err, out)
		}
	}
	b.dt.eval(b.t, b.person, `document.getElementById("notes").focus()`)
	b.dt.waitEval(b.t, b.person, `document.hasFocus() && document.activeElement.id === "notes"`, 10*time.Second)
	b.dt.eval(b.t, b.person, `window.blurs = 0`)
}

// personView is what the person sees of their own tab.
type personView struct {
	Visible   bool   `json:"visible"`   // their page is shown
	HasFocus  bool   `json:"has_focus"` // their window has the keyboard
	Active    string `json:"active"`    // the id of their focused element
	Blurs     int    `json:"blurs"`     // times their field or window lost the focus
	TabActive bool   `json:"tab_active"`
	// Front is the Chrome id of the active tab of each normal window.
	Front []int `json:"front"`
	// Focused says whether the person's window is the one Chrome says is focused.
	Focused bool `json:"focused"`
}

// view reads personView now.
func (b *beside) view() personView {
	b.t.Helper()
	var v personView
	raw := b.dt.eval(b.t, b.person, `JSON.stringify({visible: document.visibilityState === "visible", has_focus: document.hasFocus(),
		active: document.activeElement ? document.activeElement.id : "", blurs: window.blurs})`)
	var s string
	if err := json.Unmarshal(raw, &s); err != nil || json.Unmarshal([]byte(s), &v) != nil {
		b.t.Fatalf("person's view: %s", raw)
	}
	raw = b.dt.inWorker(b.t, fmt.Sprintf(`(async () => {
		const me = await chrome.tabs.get(%d);
		const wins = await chrome.windows.getAll({windowTypes: ["normal"], populate: true});
		const focused = wins.find((w) => w.focused);
		return {tab_active: me.active, front: wins.map((w) => w.tabs.find((t) => t.active).id),
			focused: focused !== undefined && focused.id === me.windowId};
	})()`, b.personTab))
	if err := json.Unmarshal(raw, &v); err != nil {
		b.t.Fatalf("person's tab: %s", raw)
	}
	return v
}

// checkUndisturbed fails the test when the person's tab is no longer in
// front, their window lost the keyboard, or their field lost the focus.
func (b *beside) checkUndisturbed(after string) {
	b.t.Helper()
	v := b.view()
	if !v.Visible || !v.HasFocus || v.Active != "notes" || v.Blurs != 0 || !v.TabActive || !v.Focused ||
		len(v.Front) != 1 || v.Front[0] != b.personTab {
		b.t.Errorf("after %s the person was disturbed: %+v (their tab is %d)", after, v, b.personTab)
	}
}

// agentTab returns the Chrome id of the tab that shows url, and whether it
// is the active tab of its window and in a tab group.
func (b *beside) agentTab(url string) (id int, active, grouped bool) {
	b.t.Helper()
	raw := b.dt.inWorker(b.t, fmt.Sprintf(`chrome.tabs.query({}).then((ts) => {
		const t = ts.find((t) => t.url === %q);
		return t ? {id: t.id, active: t.active, grouped: t.groupId !== -1} : {id: -1};
	})`, url))
	var r struct {
		ID      int  `json:"id"`
		Active  bool `json:"active"`
		Grouped bool `json:"grouped"`
	}
	if err := json.Unmarshal(raw, &r); err != nil || r.ID < 0 {
		b.t.Fatalf("no tab shows %s: %s", url, raw)
	}
	return r.ID, r.Active, r.Grouped
}

// typeAsPerson types text with the keyboard of the X display (xdotool),
// into whatever has the keyboard, as the person does.
func (b *beside) typeAsPerson(text string, delayMS int) error {
	xdotool, err := exec.LookPath("xdotool")
	if err != nil {
		return err
	}
	cmd := exec.Command(xdotool, "type", "--delay", fmt.Sprint(delayMS), text)
	cmd.Env = append(slices.Clip(b.env), "DISPLAY="+b.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%w: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}
