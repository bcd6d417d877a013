package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// The person: what a person does in the browser (share a tab from the
// popup, answer an approval, open a tab of their own), done by the test
// through the harness's own DevTools connection, on the extension's real
// pages.

const extensionOrigin = "chrome-extension://jnkblebobpkmgfmabfliknkpdffmpgob"

// attach opens a DevTools session on a target.
func (c *cdpConn) attach(t testing.TB, targetID string) string {
	t.Helper()
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call(t, "", "Target.attachToTarget", map[string]any{"targetId": targetID, "flatten": true}, &att); err != nil {
		t.Fatal(err)
	}
	return att.SessionID
}

// eval evaluates expression in a target's session (awaiting a promise) and
// returns its value as JSON.
func (c *cdpConn) eval(t testing.TB, session, expression string) json.RawMessage {
	t.Helper()
	var res struct {
		Result struct {
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err := c.call(t, session, "Runtime.evaluate", map[string]any{"expression": expression, "returnByValue": true, "awaitPromise": true}, &res)
	if err != nil {
		t.Fatal(err)
	}
	if d := res.ExceptionDetails; d != nil {
		t.Fatalf("evaluating %s: %s %s", expression, d.Text, d.Exception.Description)
	}
	return res.Result.Value
}

// waitTarget waits for a target whose URL starts with prefix.
func (c *cdpConn) waitTarget(t *testing.T, prefix string, within time.Duration) cdpTarget {
	t.Helper()
	for end := time.Now().Add(within); ; time.Sleep(50 * time.Millisecond) {
		for _, tg := range c.targets(t) {
			if strings.HasPrefix(tg.URL, prefix) {
				return tg
			}
		}
		if time.Now().After(end) {
			t.Fatalf("no target %s… within %v", prefix, within)
		}
	}
}

// inWorker evaluates expression in the extension's service worker, then
// detaches (a harness that stays attached keeps the worker alive).
func (c *cdpConn) inWorker(t testing.TB, expression string) json.RawMessage {
	t.Helper()
	worker, ok := c.extensionWorker(t)
	if !ok {
		t.Fatal("the extension's service worker is not running")
	}
	session := c.attach(t, worker.TargetID)
	defer func() { _ = c.call(t, "", "Target.detachFromTarget", map[string]any{"sessionId": session}, nil) }()
	return c.eval(t, session, expression)
}

// personTab opens a tab as the person would (not through Diwall) and
// returns its DevTools target and Chrome tab id.
func (c *cdpConn) personTab(t *testing.T, url string) (targetID string, tabID int) {
	t.Helper()
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": url}, &created); err != nil {
		t.Fatal(err)
	}
	return created.TargetID, c.tabIDOf(t, created.TargetID)
}

// tabIDOf maps a DevTools target to its Chrome tab id.
func (c *cdpConn) tabIDOf(t *testing.T, targetID string) int {
	t.Helper()
	raw := c.inWorker(t, fmt.Sprintf(`chrome.debugger.getTargets().then(ts => (ts.find(x => x.id === %q) || {}).tabId ?? -1)`, targetID))
	var id int
	if err := json.Unmarshal(raw, &id); err != nil {
		t.Fatal(err)
	}
	if id < 0 {
		t.Fatalf("target %s has no tab", targetID)
	}
	return id
}

// extensionPage opens one of the extension's pages in a tab and returns a
// DevTools session on it.
func (c *cdpConn) extensionPage(t *testing.T, path string) string {
	t.Helper()
	var created struct {
		TargetID string `json:"targetId"`
	}
	if err := c.call(t, "", "Target.createTarget", map[string]any{"url": extensionOrigin + path}, &created); err != nil {
		t.Fatal(err)
	}
	return c.attach(t, created.TargetID)
}

// waitEval evaluates expression in session until it is true.
func (c *cdpConn) waitEval(t testing.TB, session, expression string, within time.Duration) {
	t.Helper()
	for end := time.Now().Add(within); string(c.eval(t, session, expression)) != "true"; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("%s did not become true within %v", expression, within)
		}
	}
}
