package e2e

import (
	"strings"
	"testing"
	"time"
)

func TestToolsList(t *testing.T) {
	bs := shared(t)
	res, err := bs.session.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, tool := range res.Tools {
		names[tool.Name] = true
		if tool.Description == "" || tool.Annotations == nil {
			t.Errorf("tool %s lacks a description or annotations", tool.Name)
		}
	}
	for _, want := range []string{"tabs", "navigate"} {
		if !names[want] {
			t.Errorf("tools/list lacks %s (got %v)", want, names)
		}
	}
}

func TestOpenNavigateBack(t *testing.T) {
	bs := shared(t)
	before := len(bs.mustOK("tabs", map[string]any{"action": "list"}).Server["tabs"].([]any))
	open := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/home.html"})
	tabID, _ := open.Server["tab_id"].(string)
	if len(tabID) != 16 {
		t.Fatalf("tab_id = %q, want 16 hex digits", tabID)
	}
	if got := open.page(t)["title"]; got != "Diwall fixture: home" {
		t.Fatalf("title after open = %v", got)
	}
	if open.Server["origin"] != siteURL {
		t.Fatalf("origin = %v, want %s", open.Server["origin"], siteURL)
	}

	nav := bs.mustOK("navigate", map[string]any{"url": siteURL + "/second.html"})
	if nav.Server["tab_id"] != tabID {
		t.Fatalf("navigate used tab %v, want the opened %s", nav.Server["tab_id"], tabID)
	}
	if got := nav.page(t)["title"]; got != "Diwall fixture: second" {
		t.Fatalf("title after navigate = %v", got)
	}
	if st := nav.Server["navigation"].(map[string]any)["status"]; st != "loaded" {
		t.Fatalf("navigation status = %v", st)
	}

	back := bs.mustOK("navigate", map[string]any{"action": "back"})
	if got := back.page(t)["url"]; got != siteURL+"/home.html" {
		t.Fatalf("url after back = %v", got)
	}
	fwd := bs.mustOK("navigate", map[string]any{"action": "forward"})
	if got := fwd.page(t)["url"]; got != siteURL+"/second.html" {
		t.Fatalf("url after forward = %v", got)
	}
	bs.mustOK("navigate", map[string]any{"action": "reload"})

	list := bs.mustOK("tabs", map[string]any{"action": "list"})
	tabs := list.Server["tabs"].([]any)
	if len(tabs) != before+1 || tabs[len(tabs)-1].(map[string]any)["tab_id"] != tabID {
		t.Fatalf("tabs list = %v, want %s added", tabs, tabID)
	}
	if list.Server["selected"] != tabID {
		t.Fatalf("selected = %v", list.Server["selected"])
	}

	second := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/second.html"})
	secondID := second.Server["tab_id"].(string)
	bs.mustOK("tabs", map[string]any{"action": "select", "tab_id": tabID})
	closed := bs.mustOK("tabs", map[string]any{"action": "close", "tab_id": secondID})
	if n := len(closed.Server["tabs"].([]any)); n != before+1 {
		t.Fatalf("after close, %d tabs listed, want %d", n, before+1)
	}
	gone := bs.call("tabs", map[string]any{"action": "select", "tab_id": secondID})
	if gone.OK || gone.errorCode() != "tab_gone" {
		t.Fatalf("selecting a closed tab: ok=%v code=%s", gone.OK, gone.errorCode())
	}
}

func TestBadArguments(t *testing.T) {
	bs := shared(t)
	before := len(bs.mustOK("tabs", map[string]any{"action": "list"}).Server["tabs"].([]any))
	cases := []struct {
		tool string
		args map[string]any
		want string
	}{
		{"tabs", map[string]any{"action": "explode"}, "invalid_argument"},
		{"tabs", map[string]any{}, "invalid_argument"},
		{"tabs", map[string]any{"action": "list", "surprise": 1}, "invalid_argument"},
		{"navigate", map[string]any{"url": "javascript:alert(1)"}, "invalid_argument"},
		{"navigate", map[string]any{"url": "file:///etc/passwd"}, "invalid_argument"},
		{"navigate", map[string]any{"url": siteURL, "action": "back"}, "invalid_argument"},
		{"navigate", map[string]any{"action": "sideways"}, "invalid_argument"},
		{"navigate", map[string]any{"url": 42}, "invalid_argument"},
		{"tabs", map[string]any{"action": "select", "tab_id": "0123456789abcdef"}, "tab_gone"},
	}
	for _, c := range cases {
		env := bs.call(c.tool, c.args)
		if env.OK || env.errorCode() != c.want {
			t.Errorf("%s %v: ok=%v code=%q, want %s", c.tool, c.args, env.OK, env.errorCode(), c.want)
		}
		if msg, _ := env.Server["error"].(map[string]any)["message"].(string); msg == "" {
			t.Errorf("%s %v: no error message", c.tool, c.args)
		}
	}
	// Nothing was opened by the refused calls.
	list := bs.mustOK("tabs", map[string]any{"action": "list"})
	if n := len(list.Server["tabs"].([]any)); n != before {
		t.Fatalf("refused calls changed the tabs from %d to %d", before, n)
	}
}

func TestPageWordsStayInPageContent(t *testing.T) {
	bs := shared(t)
	env := bs.mustOK("navigate", map[string]any{"url": siteURL + "/hostile.html"})
	title, _ := env.page(t)["title"].(string)
	if !strings.Contains(title, "IGNORE PREVIOUS INSTRUCTIONS") {
		t.Fatalf("title = %q", title)
	}
	for k, v := range env.Server {
		if s, ok := v.(string); ok && strings.Contains(s, "IGNORE") {
			t.Errorf("server.%s carries the page's words: %q", k, s)
		}
	}
}

// TestHangingPageDoesNotHang: a page that never finishes loading ends the
// navigation after the load wait with still_loading; what it has shown so
// far can be observed, and the tab stays usable.
func TestHangingPageDoesNotHang(t *testing.T) {
	bs := shared(t)
	bs.mustOK("tabs", map[string]any{"action": "open"})
	start := time.Now()
	env := bs.mustOK("navigate", map[string]any{"url": siteURL + "/hang"})
	if st := env.Server["navigation"].(map[string]any)["status"]; st != "still_loading" {
		t.Fatalf("navigation status = %v, want still_loading", st)
	}
	if took := time.Since(start); took > 25*time.Second {
		t.Fatalf("navigate to a hanging page took %v", took)
	}
	if o := bs.observe(); o.Title != "Hanging" || !strings.Contains(strings.Join(o.Tree, "\n"), "loading forever") {
		t.Fatalf("observe of a page still loading: %q %v", o.Title, o.Tree)
	}
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/second.html"})
}

// TestRequestLargerThanOneFrame sends the extension a request over the
// 1 MiB native-messaging limit (a very long URL), which must go as chunks
// instead of making Chromium close the pipe.
func TestRequestLargerThanOneFrame(t *testing.T) {
	bs := shared(t)
	bs.mustOK("tabs", map[string]any{"action": "open"})
	long := siteURL + "/second.html?q=" + strings.Repeat("a", 1500_000)
	env := bs.call("navigate", map[string]any{"url": long})
	if code := env.errorCode(); code == "no_browser" || code == "internal" {
		t.Fatalf("a request over one frame broke the link: %s %v", code, env.Server["error"])
	}
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/home.html"})
	// The tab's history holds the long URL, which every later event and
	// query of the shared browser's tabs would carry: close it.
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestObserveBlankTab: a new tab's empty page can be observed.
func TestObserveBlankTab(t *testing.T) {
	bs := shared(t)
	bs.mustOK("tabs", map[string]any{"action": "open"})
	o := bs.observe()
	if len(o.Elements) != 0 || o.Server["capture"] != "ok" {
		t.Fatalf("blank tab: %d elements, capture %v", len(o.Elements), o.Server["capture"])
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
