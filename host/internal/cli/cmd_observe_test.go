package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestPrintObservation: `diwall observe` prints the page and its HTTP
// status, where the image went (or why there is none), the notices, the
// tree and the elements with their values and states; an unnamed element
// shows its text.
func TestPrintObservation(t *testing.T) {
	env := []byte(`{"ok":true,"server":{"notices":["tree truncated"],"capture":"ok","image":{"width":1280,"height":713}},
	"page_content":{"title":"Sign in","url":"https://example.test/login","tree":["heading \"Sign in\" level=1","textbox \"Email\" [1]"],
	"elements":[{"mark":1,"role":"textbox","name":"Email","value":"ada@example.test"},{"mark":2,"role":"checkbox","name":"Remember me","state":["checked"]},{"mark":3,"role":"button","name":"","text":"Go"}]}}`)
	var b strings.Builder
	got := observed{env: env, png: []byte("png"), nav: navigation{Status: "loaded", HTTPStatus: 200}}
	if err := printObservation(&b, got, "x.png"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Sign in\nhttps://example.test/login\nHTTP 200 OK\n",
		"marked image: x.png (1280×713)\n",
		"notice: tree truncated\n",
		"tree (2 lines):\n  heading \"Sign in\" level=1\n  textbox \"Email\" [1]\n",
		"elements (3):\n",
		`  [1] textbox "Email" value="ada@example.test"` + "\n",
		`  [2] checkbox "Remember me" (checked)` + "\n",
		`  [3] button "" text="Go"` + "\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}

	b.Reset()
	got = observed{env: []byte(`{"server":{"capture":"failed: the tab is hidden"},"page_content":{"title":"T","url":"u"}}`)}
	if err := printObservation(&b, got, "x.png"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "T\nu\nno image: capture failed: the tab is hidden\n") || !strings.Contains(b.String(), "elements (0):") {
		t.Errorf("without an image or a status:\n%s", b.String())
	}
	if err := printObservation(&b, observed{env: []byte(`{"server":`)}, "x.png"); err == nil {
		t.Error("a malformed result was printed")
	}
}

// TestPrintObservationCutsALongURL: a URL of hundreds of characters is
// printed with its start and its end, in one short line.
func TestPrintObservationCutsALongURL(t *testing.T) {
	long := "https://shop.example.test/search?q=boots&" + strings.Repeat("utm_source=x&", 40) + "page=2"
	env, err := json.Marshal(map[string]any{"server": map[string]any{}, "page_content": map[string]any{"title": "Boots", "url": long}})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := printObservation(&b, observed{env: env, nav: navigation{HTTPStatus: 404}}, "x.png"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	if got := lines[1]; len([]rune(got)) != maxShownURL || !strings.HasPrefix(got, "https://shop.example.test/search?q=boots&") || !strings.HasSuffix(got, "page=2") || !strings.Contains(got, "…") {
		t.Errorf("URL line %q (%d characters), want %d with its start and end", got, len([]rune(got)), maxShownURL)
	}
	if lines[2] != "HTTP 404 Not Found" {
		t.Errorf("status line %q, want the 404 in view", lines[2])
	}
}

func TestShortURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://example.com/", "https://example.com/"},
		{strings.Repeat("a", maxShownURL), strings.Repeat("a", maxShownURL)},
		{strings.Repeat("a", 66) + strings.Repeat("b", 200) + strings.Repeat("c", 33), strings.Repeat("a", 66) + "…" + strings.Repeat("c", 33)},
		{strings.Repeat("é", 300), strings.Repeat("é", 66) + "…" + strings.Repeat("é", 33)},
	} {
		if got := shortURL(c.in); got != c.want {
			t.Errorf("shortURL(%d characters) = %q, want %q", len(c.in), got, c.want)
		}
	}
}

func TestNavigationString(t *testing.T) {
	for _, c := range []struct {
		nav  navigation
		want string
	}{
		{navigation{Status: "loaded", HTTPStatus: 200}, "HTTP 200 OK"},
		{navigation{Status: "loaded", HTTPStatus: 404}, "HTTP 404 Not Found"},
		{navigation{Status: "loaded", HTTPStatus: 599}, "HTTP 599"},
		{navigation{Status: "still_loading", HTTPStatus: 503}, "HTTP 503 Service Unavailable, the page had not finished loading"},
		{navigation{Status: "still_loading"}, "the page had not finished loading"},
		{navigation{}, ""},
	} {
		if got := c.nav.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.nav, got, c.want)
		}
	}
}

// TestNavigationOf reads the navigate tool's envelope as it writes it.
func TestNavigationOf(t *testing.T) {
	nav, err := navigationOf([]byte(`{"ok":true,"server":{"tool":"navigate","navigation":{"status":"loaded","http_status":404},"notices":["HTTP 404"]},"page_content":{}}`))
	if err != nil || nav != (navigation{Status: "loaded", HTTPStatus: 404}) {
		t.Errorf("got %+v, %v", nav, err)
	}
	if nav, err := navigationOf([]byte(`{"ok":true,"server":{}}`)); err != nil || nav != (navigation{}) {
		t.Errorf("no navigation: %+v, %v", nav, err)
	}
	if _, err := navigationOf([]byte(`{`)); err == nil {
		t.Error("a malformed envelope was read")
	}
}

// TestCheckPageURL: observe loads whole http(s) URLs only, and says why
// not of anything else.
func TestCheckPageURL(t *testing.T) {
	for _, c := range []struct {
		url  string
		want string // in the error; "" for none
	}{
		{"https://example.com/", ""},
		{"http://127.0.0.1:8000/pages/form.html", ""},
		{"HTTPS://EXAMPLE.COM", ""},
		{"http://[::1]:8080/", ""},
		{"file:///etc/passwd", `"file:///etc/passwd" is a file: observe loads http and https pages only; serve its folder`},
		{"FILE:///tmp/x.html", "is a file"},
		{"javascript:alert(1)", "http and https pages only, not javascript: URLs"},
		{"chrome://settings", "not chrome: URLs"},
		{"data:text/html,<p>hi", "not data: URLs"},
		{"ftp://example.com/x", "not ftp: URLs"},
		{"example.com", `"example.com" is not a whole URL: give it with http:// or https://, e.g. https://example.com`},
		{"localhost:8000/x", "e.g. https://localhost:8000/x"},
		{"//example.com/x", "e.g. https://example.com/x"},
		{"https://", "has no host"},
		{"http:///path", "has no host"},
		{"http://exa mple.com/", "is not a URL: invalid character"},
		{"http://example.com:port/", "is not a URL"},
		{"", "is not a whole URL"},
	} {
		err := checkPageURL(c.url)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q refused: %v", c.url, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v, want an error with %q", c.url, err, c.want)
		}
	}
	long := "file:///" + strings.Repeat("x/", 500)
	if err := checkPageURL(long); err == nil || len(err.Error()) > 300 {
		t.Errorf("a long URL's error is not cut short: %d characters", len(err.Error()))
	}
}

// TestObserveChecksTheURLBeforeABrowser: a URL observe cannot load is
// refused at once, as a usage error, with no browser started (the browser
// named does not exist, so one started would fail otherwise).
func TestObserveChecksTheURLBeforeABrowser(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	for _, url := range []string{"file:///etc/passwd", "example.com", "mailto:a@example.com", "https://"} {
		start := time.Now()
		code, out, errOut := run("observe", url, "--browser", "/nonexistent/chromium")
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "diwall observe: ") || strings.Contains(errOut, "chromium") {
			t.Errorf("observe %s: exit %d, stdout %q, stderr %q; want exit 2 and why, before any browser", url, code, out, errOut)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("observe %s took %v", url, d)
		}
	}
	if code, _, errOut := run("observe"); code != 2 || !strings.Contains(errOut, "no URL given") {
		t.Errorf("no URL: exit %d, %q", code, errOut)
	}
}
