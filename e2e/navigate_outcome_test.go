package e2e

import (
	"net"
	"strings"
	"testing"
)

// navOf is server.navigation of a result.
func navOf(env envelope) map[string]any {
	n, _ := env.Server["navigation"].(map[string]any)
	return n
}

func hasNotice(env envelope, part string) bool {
	for _, n := range env.Server["notices"].([]any) {
		if strings.Contains(n.(string), part) {
			return true
		}
	}
	return false
}

// TestNavigateOutcome: navigate says how the load ended: a page that cannot
// be loaded fails with navigation_failed and Chrome's error name; the HTTP
// status is in server.navigation.http_status, with a notice for 4xx and 5xx.
func TestNavigateOutcome(t *testing.T) {
	bs := shared(t)
	bs.openPage("/home.html")

	// A refused connection (a port just bound and closed).
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + ln.Addr().String() + "/"
	ln.Close()
	env := bs.call("navigate", map[string]any{"url": refused})
	if env.OK || env.errorCode() != "navigation_failed" || navOf(env)["status"] != "failed" || navOf(env)["error"] != "net::ERR_CONNECTION_REFUSED" {
		t.Errorf("refused connection: ok=%v code=%s navigation=%v", env.OK, env.errorCode(), navOf(env))
	}
	if msg := env.Server["error"].(map[string]any)["message"].(string); !strings.Contains(msg, "net::ERR_CONNECTION_REFUSED") {
		t.Errorf("the message does not name Chrome's error: %q", msg)
	}

	for _, c := range []struct {
		path   string
		status float64
		notice string
	}{
		{"/home.html", 200, ""},
		{"/status/404", 404, "HTTP 404"},
		{"/status/403", 403, "HTTP 403"},
		{"/status/500", 500, "HTTP 500"},
		{"/status/503", 503, "HTTP 503"},
	} {
		env := bs.mustOK("navigate", map[string]any{"url": siteURL + c.path})
		if navOf(env)["status"] != "loaded" || navOf(env)["http_status"] != c.status {
			t.Errorf("%s: navigation=%v, want loaded with http_status %v", c.path, navOf(env), c.status)
		}
		if c.notice != "" && !hasNotice(env, c.notice) || c.notice == "" && len(env.Server["notices"].([]any)) != 0 {
			t.Errorf("%s: notices %v", c.path, env.Server["notices"])
		}
	}
	// Reload and history say it too.
	env = bs.mustOK("navigate", map[string]any{"action": "reload"})
	if navOf(env)["http_status"] != 503.0 || !hasNotice(env, "HTTP 503") {
		t.Errorf("reload of a 503: %v %v", navOf(env), env.Server["notices"])
	}
	env = bs.mustOK("navigate", map[string]any{"action": "back"})
	if navOf(env)["http_status"] != 500.0 {
		t.Errorf("back to a 500: %v", navOf(env))
	}
	// A new tab on a URL that cannot be loaded is opened, and the call says
	// the load failed.
	env = bs.call("tabs", map[string]any{"action": "open", "url": refused})
	if env.OK || env.errorCode() != "navigation_failed" || env.Server["tab_id"] == nil {
		t.Errorf("tabs open of a refused URL: ok=%v code=%s tab=%v", env.OK, env.errorCode(), env.Server["tab_id"])
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
