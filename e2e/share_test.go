package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// sharedTab waits until the session lists a tab whose page is at url, and
// returns its id ("" when it does not within the time).
func (bs *browserSession) sharedTab(url string, within time.Duration) string {
	bs.t.Helper()
	for end := time.Now().Add(within); ; time.Sleep(50 * time.Millisecond) {
		list := bs.mustOK("tabs", map[string]any{"action": "list"})
		for _, e := range list.page(bs.t)["tabs"].([]any) {
			if m := e.(map[string]any); m["url"] == url {
				return m["tab_id"].(string)
			}
		}
		if time.Now().After(end) {
			return ""
		}
	}
}

// TestPersonSharesATab: the person shares a tab of their own with a session
// from the extension's popup; it joins that session's tabs; "Stop sharing"
// takes it away and detaches the debugger at once.
func TestPersonSharesATab(t *testing.T) {
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "list"}) // the session is connected
	c := bs.devtools()
	pageURL := siteURL + "/second.html"
	_, tabID := c.personTab(t, pageURL)
	if id := bs.sharedTab(pageURL, 0); id != "" {
		t.Fatal("the session sees the person's tab before it is shared")
	}

	popup := c.extensionPage(t, fmt.Sprintf("/src/popup.html?tab=%d", tabID))
	c.waitEval(t, popup, `[...document.querySelectorAll("button.share")].some(b => b.textContent.includes("diwall-e2e"))`, 10*time.Second)
	c.eval(t, popup, `[...document.querySelectorAll("button.share")].find(b => b.textContent.includes("diwall-e2e")).click(), true`)
	shared := bs.sharedTab(pageURL, 10*time.Second)
	if shared == "" {
		t.Fatal("the shared tab did not join the session's tabs")
	}
	o := bs.mustOK("observe", map[string]any{"tab_id": shared})
	if o.page(t)["title"] != "Diwall fixture: second" {
		t.Errorf("observing the shared tab: %v", o.page(t)["title"])
	}
	attached := fmt.Sprintf(`chrome.debugger.getTargets().then(ts => ts.some(x => x.tabId === %d && x.attached))`, tabID)
	if string(c.inWorker(t, attached)) != "true" {
		t.Fatal("observing the shared tab did not attach the debugger")
	}

	c.waitEval(t, popup, `!!document.getElementById("stop-sharing")`, 10*time.Second)
	if text := string(c.eval(t, popup, `document.body.innerText`)); !strings.Contains(text, "diwall-e2e") {
		t.Errorf("the popup does not say whose the tab is: %s", text)
	}
	c.eval(t, popup, `document.getElementById("stop-sharing").click(), true`)
	c.waitEval(t, popup, `!document.getElementById("stop-sharing")`, 5*time.Second)
	if string(c.inWorker(t, attached)) != "false" {
		t.Error("the debugger is still attached after Stop sharing")
	}
	if env := bs.call("observe", map[string]any{"tab_id": shared}); env.errorCode() != "tab_gone" {
		t.Errorf("observe after Stop sharing: ok=%v code=%s", env.OK, env.errorCode())
	}
	if id := bs.sharedTab(pageURL, 0); id != "" {
		t.Error("the unshared tab is still listed")
	}
}
