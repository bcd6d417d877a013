package policy

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"
)

const fullFile = `# work
sites = ["https://*.example.com", "http://127.0.0.1:*"]   # origin patterns
ask = true
tools = ["observe", "act", "read", "navigate", "tabs", "dialog"]
credentials = ["work-gitlab", "a.b_C-9"]
frames = "sites"
operator_write = true
upload_dir = "/tmp/up//x/"
download_dir = "/tmp/down/"
confirm = ["purchase", "submit", "purchase", "login"]
confirm_always = ["submit https://*.example.com", " login   http://127.0.0.1:* ", "share https://mail.example.com  http://127.0.0.1:8080"]
private = ["https://mail.example.com"]
read_only = ["https://bank.example.com", "http://127.0.0.1:9000"]
audit_images = true

[budgets]
tree_chars = 1000
marks = 5000
image_long_edge = 256
call_timeout_ms = 600000
download_bytes = 2048
downloads = 3
handoff_s = 30
`

func TestParseFull(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("upload_dir is a Unix path")
	}
	got, err := Parse("work", "/c/profiles/work.toml", []byte(fullFile))
	if err != nil {
		t.Fatal(err)
	}
	want := Profile{
		Name: "work", Path: "/c/profiles/work.toml",
		Sites:       []Site{{"https", "*.example.com", ""}, {"http", "127.0.0.1", "*"}},
		Ask:         true,
		Tools:       []string{"observe", "act", "read", "navigate", "tabs", "dialog"},
		Credentials: []string{"work-gitlab", "a.b_C-9"},
		Frames:      FramesSites, OperatorWrite: true, UploadDir: "/tmp/up/x", AuditImages: true,
		DownloadDir: "/tmp/down",
		TreeChars:   1000, Marks: 5000, ImageLongSide: 256, CallTimeout: 10 * time.Minute,
		DownloadBytes: 2048, Downloads: 3, HandoffTimeout: 30 * time.Second,
		Confirm: []string{"purchase", "submit", "login"},
		ConfirmAlways: []ConfirmAllowed{{Kind: "submit", Site: Site{"https", "*.example.com", ""}}, {Kind: "login", Site: Site{"http", "127.0.0.1", "*"}},
			{Kind: "share", Site: Site{"https", "mail.example.com", ""}, To: Site{"http", "127.0.0.1", "8080"}}},
		Private:  []Site{{"https", "mail.example.com", ""}},
		ReadOnly: []Site{{"https", "bank.example.com", ""}, {"http", "127.0.0.1", "9000"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

// TestConfirms: a kind the profile lists is asked for, but on a site the
// person allowed it on for good.
func TestConfirms(t *testing.T) {
	p, err := Parse("work", "", []byte(fullFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind, origin string
		want         bool
	}{
		{"purchase", "https://shop.example.com", true},
		{"submit", "https://shop.example.com", false}, // allowed for good
		{"submit", "https://example.org", true},
		{"login", "http://127.0.0.1:8080", false},
		{"login", "https://127.0.0.1", true},          // another scheme
		{"upload", "https://shop.example.com", false}, // not listed
		{"download", "https://shop.example.com", false},
		{"purchase", "not an origin", true},
	} {
		if got := p.Confirms(c.kind, c.origin); got != c.want {
			t.Errorf("Confirms(%s, %s) = %v, want %v", c.kind, c.origin, got, c.want)
		}
	}
	if !p.IsPrivate("https://mail.example.com") || p.IsPrivate("https://example.com") ||
		!p.IsReadOnly("http://127.0.0.1:9000") || p.IsReadOnly("http://127.0.0.1:8080") {
		t.Error("private and read_only are the sites they list")
	}
	if !p.Shares("https://mail.example.com", "http://127.0.0.1:8080") || p.Shares("https://mail.example.com", "http://127.0.0.1:8081") ||
		p.Shares("http://127.0.0.1:8080", "https://mail.example.com") {
		t.Error("share is allowed for good for the pair of sites named, in that direction only")
	}
	if !Default().Confirms("purchase", "https://a.test") || Default().Confirms("submit", "https://a.test") || Launch().ConfirmsAny() {
		t.Error("the built-in default confirms purchases only, and launch nothing")
	}
}

func TestParseDefaults(t *testing.T) {
	got, err := Parse("empty", "/e.toml", []byte("# nothing but a comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := defaults("empty")
	want.Path = "/e.toml"
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if got.Ask || got.Tools != nil || !got.Permits("login") {
		t.Errorf("an empty file: ask %v, tools %#v", got.Ask, got.Tools)
	}

	none, err := Parse("none", "", []byte("tools = []\n"))
	if err != nil {
		t.Fatal(err)
	}
	if none.Tools == nil || len(none.Tools) != 0 || none.Permits("observe") {
		t.Errorf("tools = []: %#v, permits observe %v", none.Tools, none.Permits("observe"))
	}

	// Quoted keys, dotted keys and inline tables are TOML like any other.
	p, err := Parse("x", "", []byte(`"sites" = ['https://a.test']`+"\nbudgets.marks = 7\n"))
	if err != nil || len(p.Sites) != 1 || p.Marks != 7 {
		t.Errorf("quoted and dotted keys: %+v, %v", p, err)
	}
	p, err = Parse("x", "", []byte("budgets = { tree_chars = 2000, call_timeout_ms = 1500 }\n"))
	if err != nil || p.TreeChars != 2000 || p.CallTimeout != 1500*time.Millisecond {
		t.Errorf("inline budgets: %+v, %v", p, err)
	}
}

func TestParseMalformed(t *testing.T) {
	long := strings.Repeat("a", 65)
	cases := []struct {
		name, text string
		line       int
		key        string
		msg        string // part of the message
	}{
		// TOML syntax: the key being read is named too
		{"unclosed array", "ask = true\nsites = [\n", 2, "sites", "array is incomplete"},
		{"unclosed array, line 3", "ask = true\n\nsites = [\n", 3, "sites", "array is incomplete"},
		{"unclosed array, next key", "sites = [\"https://a.test\"\ntools = []\n", 2, "sites", "after array value"},
		{"bad keyword", "\n\nask = tru\n", 3, "ask", `expected keyword "true"`},
		{"no value", "ask =\n", 1, "ask", "value"},
		{"no value in a table", "[budgets]\n# how many\nmarks = 3\ntree_chars =\n", 4, "budgets.tree_chars", "value"},
		{"quoted key", "\"sites\" = [1,\n", 1, "sites", "array is incomplete"},
		{"dotted key", "budgets.marks = 'x\n", 1, "budgets.marks", "new lines"},
		{"bad header", "ask = true\n[budgets\n", 2, "", "close table name"},
		{"twice", "ask = true\nask = false\n", 2, "ask", "already defined"},
		// wrong types
		{"ask string", "\nask = \"yes\"\n", 2, "ask", "want true or false, not a string"},
		{"sites string", `sites = "https://a.test"`, 1, "sites", "want a list of origin patterns"},
		{"sites number", "sites = [\n  \"https://a.test\",\n  1,\n]\n", 3, "sites", "not a list holding a whole number"},
		{"tools string", "tools = \"observe\"\n", 1, "tools", "want a list of tool names"},
		{"frames bool", "frames = true\n", 1, "frames", `want "mask" or "sites", not true or false`},
		{"upload_dir list", "upload_dir = []\n", 1, "upload_dir", "not a list"},
		{"marks string", "[budgets]\nmarks = \"many\"\n", 2, "budgets.marks", "want a whole number from 1 to 5000, not a string"},
		{"marks float", "[budgets]\n\nmarks = 1.5\n", 3, "budgets.marks", "not a number with a fraction"},
		{"marks huge", "[budgets]\nmarks = 99999999999999999999\n", 2, "budgets.marks", "too large"},
		{"budgets number", "budgets = 3\n", 1, "budgets", "want the table [budgets], not a whole number"},
		{"budgets array of tables", "[[budgets]]\n", 1, "budgets", "want the table [budgets]"},
		{"ask date", "ask = 2024-01-01\n", 1, "ask", "not a date or time"},
		// unknown keys
		{"unknown", "ask = true\ncolour = \"red\"\n", 2, "colour", "unknown key"},
		{"unknown budget", "[budgets]\nmarks = 3\nfoo = 2\n", 3, "budgets.foo", "unknown key: [budgets] has tree_chars"},
		{"unknown table", "ask = true\n[other]\n", 2, "other", "unknown key"},
		{"unknown subtable", "[budgets.x]\n", 1, "budgets.x", "unknown key"},
		{"wrong case", "ask = true\nSITES = []\n", 2, "SITES", `case-sensitive: "sites"`},
		{"wrong case budget", "[Budgets]\nmarks = 3\n", 1, "Budgets", `case-sensitive: "budgets"`},
		{"wrong case in table", "[budgets]\nMarks = 3\n", 2, "budgets.Marks", `case-sensitive: "budgets.marks"`},
		// values
		{"bad scheme", "ask = true\n\nsites = [\"htp://x\"]\n", 3, "sites",
			`"htp://x" is not an origin pattern: want http://host[:port] or https://host[:port]`},
		{"site with path", "sites = [\n  \"https://a.test\",\n\n  # a comment\n  \"https://b.test/x\",\n]\n", 5, "sites",
			`"https://b.test/x" is not an origin pattern: an origin pattern has no path`},
		{"site bad port", "sites = ['https://a.test:99999']\n", 1, "sites", `bad port "99999"`},
		{"site bad host", "sites = [\"https://a b.test\"]\n", 1, "sites", `bad character ' ' in host`},
		{"site inner star", "sites = [\"https://a.*.test\"]\n", 1, "sites", "* may only be"},
		{"unknown tool", "tools = [\"observe\",\n  \"click\"]\n", 2, "tools", `"click" is not a tool: want one of observe, act,`},
		{"tool case", "tools = [\"Observe\"]\n", 1, "tools", `"Observe" is not a tool`},
		{"credential space", "credentials = [\"a b\"]\n", 1, "credentials", `"a b" is not a vault id`},
		{"credential empty", "credentials = [\"ok\", \"\"]\n", 1, "credentials", `"" is not a vault id`},
		{"credential long", "\ncredentials = [\"" + long + "\"]\n", 2, "credentials", "is not a vault id"},
		{"credential slash", "credentials = [\"../x\"]\n", 1, "credentials", "is not a vault id"},
		{"frames", "ask = false\nframes = \"all\"\n", 2, "frames", `"all": want "mask" or "sites"`},
		{"frames empty", "frames = \"\"\n", 1, "frames", `"": want "mask" or "sites"`},
		{"upload_dir relative", "upload_dir = \"uploads\"\n", 1, "upload_dir", `"uploads" is not an absolute folder`},
		{"download_dir relative", "download_dir = \"dl\"\n", 1, "download_dir", `"dl" is not an absolute folder`},
		{"confirm, unknown kind", "confirm = [\"submit\",\n  \"pay\"]\n", 2, "confirm", `"pay" is not a kind of step: want one of purchase, submit, upload, download, login`},
		{"confirm_always, no origin", "confirm_always = [\"purchase\"]\n", 1, "confirm_always", `want "kind origin-pattern"`},
		{"confirm_always, bad kind", "confirm_always = [\"pay https://a.test\"]\n", 1, "confirm_always", `"pay" is not a kind of step`},
		{"confirm_always, bad site", "confirm_always = [\"purchase a.test\"]\n", 1, "confirm_always", "want http://host"},
		{"download_bytes zero", "[budgets]\ndownload_bytes = 0\n", 2, "budgets.download_bytes", "0 is out of range"},
		{"downloads high", "[budgets]\ndownloads = 10001\n", 2, "budgets.downloads", "out of range"},
		{"handoff low", "[budgets]\nhandoff_s = 4\n", 2, "budgets.handoff_s", "4 is out of range: want 5 to 86400"},
		{"tree_chars low", "[budgets]\ntree_chars = 999\n", 2, "budgets.tree_chars", "999 is out of range: want 1000 to 1000000"},
		{"tree_chars high", "[budgets]\ntree_chars = 1000001\n", 2, "budgets.tree_chars", "out of range"},
		{"marks zero", "[budgets]\nmarks = 0\n", 2, "budgets.marks", "0 is out of range: want 1 to 5000"},
		{"marks high", "[budgets]\nmarks = 5001\n", 2, "budgets.marks", "out of range"},
		{"image low", "[budgets]\nimage_long_edge = 255\n", 2, "budgets.image_long_edge", "want 256 to 4096"},
		{"image high", "[budgets]\n# big\nimage_long_edge = 4097\n", 3, "budgets.image_long_edge", "out of range"},
		{"timeout low", "[budgets]\ncall_timeout_ms = 999\n", 2, "budgets.call_timeout_ms", "want 1000 to 600000"},
		{"timeout negative", "[budgets]\ncall_timeout_ms = -5\n", 2, "budgets.call_timeout_ms", "-5 is out of range"},
		{"timeout high", "[budgets]\ncall_timeout_ms = 600001\n", 2, "budgets.call_timeout_ms", "out of range"},
		{"inline budget", "budgets = { marks = 0 }\n", 1, "budgets.marks", "out of range"},
		{"dotted budget", "ask = true\nbudgets.marks = 0\n", 2, "budgets.marks", "out of range"},
	}
	const path = "/cfg/profiles/work.toml"
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("work", path, []byte(c.text))
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v (%T), want an *Error", err, err)
			}
			if pe.Line != c.line || pe.Key != c.key || !strings.Contains(pe.Msg, c.msg) {
				t.Errorf("line %d, key %q, msg %q; want line %d, key %q, msg with %q", pe.Line, pe.Key, pe.Msg, c.line, c.key, c.msg)
			}
			want := fmt.Sprintf("profile work (%s): line %d", path, c.line)
			if c.key != "" {
				want += fmt.Sprintf(", key %q: ", c.key)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, want) || !IsMalformed(err) {
				t.Errorf("message %q does not start with %q", msg, want)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := Parse("work", "/path/work.toml", []byte("ask = true\n\nsites = [\"htp://x\"]\n"))
	want := `profile work (/path/work.toml): line 3, key "sites": "htp://x" is not an origin pattern: want http://host[:port] or https://host[:port]`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

func TestValidName(t *testing.T) {
	for _, ok := range []string{"default", "work", "a", "0", "my-profile_2", strings.Repeat("x", 64), "console", "com0", "com10"} {
		if err := ValidName(ok); err != nil {
			t.Errorf("ValidName(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"", "../x", "..", ".", "a/b", `a\b`, "A", "Work", "-x", "_x", "x.toml", "a b",
		"é", strings.Repeat("x", 65), "x\x00", "/etc/passwd", "con", "nul", "com1", "lpt9"} {
		if err := ValidName(bad); err == nil {
			t.Errorf("ValidName(%q) accepted", bad)
		}
		if _, err := Load(t.TempDir(), bad); err == nil {
			t.Errorf("Load(%q) accepted", bad)
		}
		if _, err := Create(t.TempDir(), bad); err == nil {
			t.Errorf("Create(%q) accepted", bad)
		}
	}
}

func TestCreateLoadList(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "config")
	if names, err := List(cfg); err != nil || len(names) != 0 {
		t.Fatalf("List of nothing = %v, %v", names, err)
	}
	if _, err := Load(cfg, "work"); !errors.Is(err, fs.ErrNotExist) || IsMalformed(err) {
		t.Fatalf("Load of a missing profile: %v", err)
	}
	path, err := Create(cfg, "work")
	if err != nil {
		t.Fatal(err)
	}
	if path != FilePath(cfg, "work") || path != filepath.Join(cfg, "profiles", "work.toml") {
		t.Errorf("created %s", path)
	}
	if runtime.GOOS != "windows" {
		for p, mode := range map[string]os.FileMode{path: 0o600, filepath.Dir(path): 0o700} {
			if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != mode {
				t.Errorf("%s: mode %v, want %v (%v)", p, fi.Mode().Perm(), mode, err)
			}
		}
	}
	got, err := Load(cfg, "work")
	if err != nil {
		t.Fatal(err)
	}
	want := Default()
	want.Name, want.Path = "work", path
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the template reads as %+v\nwant %+v", got, want)
	}
	data, _ := os.ReadFile(path)
	for _, s := range []string{"\nsites = []\n", "\nask = true\n", "\n[budgets]\n", "# tree_chars = 24000"} {
		if !strings.Contains(string(data), s) {
			t.Errorf("the template lacks %q", s)
		}
	}

	if err := os.WriteFile(path, []byte("sites = ['https://changed.test']"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(cfg, "work"); !errors.Is(err, fs.ErrExist) {
		t.Errorf("Create over an existing file: %v", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "sites = ['https://changed.test']" {
		t.Errorf("Create overwrote the file: %q", data)
	}

	for _, n := range []string{"b", "default"} {
		if _, err := Create(cfg, n); err != nil {
			t.Fatal(err)
		}
	}
	for _, junk := range []string{"Bad.toml", "notes.txt", ".x.toml.tmp"} {
		if err := os.WriteFile(filepath.Join(cfg, "profiles", junk), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(cfg, "profiles", "dir.toml"), 0o700); err != nil {
		t.Fatal(err)
	}
	names, err := List(cfg)
	if err != nil || !reflect.DeepEqual(names, []string{"b", "default", "work"}) {
		t.Errorf("List = %v, %v", names, err)
	}
}

func TestLoadRefusesAHugeFile(t *testing.T) {
	cfg := t.TempDir()
	path, err := Create(cfg, "big")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("# "+strings.Repeat("x", maxFileSize)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(cfg, "big"); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("a huge file: %v", err)
	}
}

func TestTOMLRoundTrip(t *testing.T) {
	full, err := Parse("full", "", []byte(strings.ReplaceAll(fullFile, "/tmp/up//x/", filepath.Join(t.TempDir(), "up"))))
	if err != nil {
		t.Fatal(err)
	}
	noTools := Default()
	noTools.Tools = []string{}
	ipv6, err := Default().WithSites("http://[::1]:8080,https://[::1]:*,https://xn--bcher-kva.test")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Profile{Default(), Launch(), full, noTools, ipv6} {
		got, err := Parse(p.Name, p.Path, p.TOML())
		if err != nil {
			t.Errorf("%s: %v\n%s", p.Name, err, p.TOML())
			continue
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("%s: got  %+v\nwant %+v\n%s", p.Name, got, p, p.TOML())
		}
	}
	if !strings.Contains(string(Default().TOML()), "# tools: every tool") {
		t.Errorf("nil tools are not said to be every tool:\n%s", Default().TOML())
	}
}

func TestToolNames(t *testing.T) {
	names := ToolNames()
	want := []string{"observe", "act", "read", "navigate", "tabs", "dialog", "login", "screenshot", "screen", "downloads", "handoff"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("ToolNames() = %v", names)
	}
	names[0] = "changed"
	if ToolNames()[0] != "observe" {
		t.Error("ToolNames returns the package's own slice")
	}
}

func TestTomlString(t *testing.T) {
	base := t.TempDir()
	for _, s := range []string{"", "plain", `q"uote`, `back\slash`, "tab\tnew\nline\x7f", "été"} {
		dir := filepath.Join(base, s)
		p, err := Parse("x", "", []byte("upload_dir = "+tomlString(dir)+"\n"))
		if err != nil || p.UploadDir != dir {
			t.Errorf("%q: %q, %v", s, p.UploadDir, err)
		}
	}
}
