package cli

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/diwall/diwall/internal/policy"
)

// profileHome gives the test a DIWALL_HOME of its own and returns the
// profiles folder.
func profileHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("DIWALL_HOME", home)
	return filepath.Join(home, "config", "profiles")
}

// expect runs diwall and checks its exit code, stdout and stderr; want
// strings starting with "~" need only be contained.
func expect(t *testing.T, args []string, code int, out, errOut string) {
	t.Helper()
	gotCode, gotOut, gotErr := run(args...)
	match := func(got, want string) bool {
		if rest, ok := strings.CutPrefix(want, "~"); ok {
			return strings.Contains(got, rest)
		}
		return got == want
	}
	if gotCode != code || !match(gotOut, out) || !match(gotErr, errOut) {
		t.Errorf("diwall %s: exit %d\nstdout %q\nstderr %q\nwant exit %d, stdout %q, stderr %q",
			strings.Join(args, " "), gotCode, gotOut, gotErr, code, out, errOut)
	}
}

func TestProfileUsage(t *testing.T) {
	profileHome(t)
	expect(t, []string{"profile"}, 2, "", "~Usage:\n  diwall profile list")
	expect(t, []string{"profile", "help"}, 0, "~diwall profile allow NAME PATTERN", "")
	expect(t, []string{"profile", "frob"}, 2, "", `~diwall profile: unknown command "frob"`)
	for _, args := range [][]string{{"list", "x"}, {"show"}, {"create", "a", "b"}, {"allow", "work"}, {"disallow", "a", "b", "c"}, {"path"}} {
		expect(t, append([]string{"profile"}, args...), 2, "", "~diwall profile "+args[0]+": wrong number of arguments")
	}
	for _, bad := range []string{"../x", "Work", "", strings.Repeat("a", 65)} {
		for _, cmd := range []string{"show", "create", "path"} {
			expect(t, []string{"profile", cmd, bad}, 2, "", "~diwall profile "+cmd+": ")
		}
		expect(t, []string{"profile", "allow", bad, "https://a.test"}, 2, "", "~diwall profile allow: ")
	}
	if code, out, _ := run("help"); code != 0 || !strings.Contains(out, "diwall profile list") {
		t.Error("the main usage does not mention diwall profile")
	}
}

func TestProfileListShowPath(t *testing.T) {
	dir := profileHome(t)
	def := filepath.Join(dir, "default.toml")
	expect(t, []string{"profile", "list"}, 0, "default  (built-in: "+def+" does not exist)\n", "")
	expect(t, []string{"profile", "path", "work"}, 0, filepath.Join(dir, "work.toml")+"\n", "")
	expect(t, []string{"profile", "path", "default"}, 0, def+"\n", "")

	code, out, _ := run("profile", "show", "default")
	header := "# profile default (built-in: " + def + " does not exist)\n"
	if code != 0 || !strings.HasPrefix(out, header) {
		t.Fatalf("show default: %d %q", code, out)
	}
	if p, err := policy.Parse("default", "", []byte(out)); err != nil || !reflect.DeepEqual(p, policy.Default()) {
		t.Errorf("show default prints %+v, %v", p, err)
	}
	expect(t, []string{"profile", "show", "work"}, 1, "", "diwall profile show: there is no profile work ("+filepath.Join(dir, "work.toml")+")\n")

	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "work.toml"), []byte("sites = ['https://a.test']\n[budgets]\nmarks = 9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "broken.toml"), []byte("ask = true\nsites = \"https://a.test\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	expect(t, []string{"profile", "list"}, 0,
		"default  (built-in: "+def+" does not exist)\n"+
			"broken   "+filepath.Join(dir, "broken.toml")+"  (cannot be used: see diwall profile show broken)\n"+
			"work     "+filepath.Join(dir, "work.toml")+"\n", "")
	expect(t, []string{"profile", "show", "broken"}, 1, "",
		"diwall profile show: profile broken ("+filepath.Join(dir, "broken.toml")+`): line 2, key "sites": want a list of origin patterns, such as ["https://*.example.com"], not a string`+"\n")

	code, out, _ = run("profile", "show", "work")
	if code != 0 || !strings.HasPrefix(out, "# profile work: "+filepath.Join(dir, "work.toml")+"\n") {
		t.Fatalf("show work: %d %q", code, out)
	}
	for _, line := range []string{"\nsites = [\"https://a.test\"]\n", "\nask = false\n", "\n# tools: every tool", "\nmarks = 9\n", "\ntree_chars = 24000\n", "\ncall_timeout_ms = 60000\n"} {
		if !strings.Contains(out, line) {
			t.Errorf("show work lacks %q:\n%s", line, out)
		}
	}
}

func TestProfileCreate(t *testing.T) {
	dir := profileHome(t)
	path := filepath.Join(dir, "work.toml")
	expect(t, []string{"profile", "create", "work"}, 0, "created profile work: "+path+"\n", "")
	expect(t, []string{"profile", "create", "work"}, 1, "", "diwall profile create: profile work already exists: "+path+"\n")
	p, err := policy.Load(filepath.Dir(dir), "work")
	if err != nil || !p.Ask || len(p.Sites) != 0 {
		t.Errorf("created: %+v, %v", p, err)
	}
	expect(t, []string{"profile", "list"}, 0, "~work     "+path+"\n", "")
}

func TestProfileAllowDisallow(t *testing.T) {
	dir := profileHome(t)
	path := filepath.Join(dir, "work.toml")
	expect(t, []string{"profile", "allow", "work", "https://a.test"}, 1, "",
		"diwall profile allow: there is no profile work ("+path+"); create it with: diwall profile create work\n")
	expect(t, []string{"profile", "disallow", "work", "https://a.test"}, 1, "", "~create it with: diwall profile create work")
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatal("allow created a profile other than default")
	}
	run("profile", "create", "work")

	expect(t, []string{"profile", "allow", "work", "htp://x"}, 2, "", "diwall profile allow: site \"htp://x\": want http://host[:port] or https://host[:port]\n")
	expect(t, []string{"profile", "allow", "work", "HTTPS://A.test/"}, 0, "work: allowed https://a.test ("+path+")\n", "")
	expect(t, []string{"profile", "allow", "work", "https://a.test"}, 0, "work: https://a.test is already in sites ("+path+")\n", "")
	expect(t, []string{"profile", "allow", "work", "https://*.b.test"}, 0, "work: allowed https://*.b.test ("+path+")\n", "")
	expect(t, []string{"profile", "allow", "work", "https://x.b.test"}, 0, "work: allowed https://x.b.test ("+path+")\n", "")
	if p, _ := policy.Load(filepath.Dir(dir), "work"); len(p.Sites) != 3 {
		t.Errorf("sites after allow: %v", p.Sites)
	}

	expect(t, []string{"profile", "disallow", "work", "https://c.test"}, 1, "",
		"diwall profile disallow: https://c.test is not in the sites of work ("+path+")\n")
	expect(t, []string{"profile", "disallow", "work", "https://x.b.test"}, 0,
		"work: disallowed https://x.b.test ("+path+")\nnote: another pattern of work still allows https://x.b.test\n", "")
	expect(t, []string{"profile", "disallow", "work", "https://a.test"}, 0, "work: disallowed https://a.test ("+path+")\n", "")
	if p, _ := policy.Load(filepath.Dir(dir), "work"); len(p.Sites) != 1 || p.Sites[0].String() != "https://*.b.test" {
		t.Errorf("sites after disallow: %v", p.Sites)
	}

	// A malformed profile is not edited.
	if err := os.WriteFile(path, []byte("colour = 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	expect(t, []string{"profile", "allow", "work", "https://a.test"}, 1, "", `~line 1, key "colour": unknown key`)
}

func TestProfileAllowCreatesDefault(t *testing.T) {
	dir := profileHome(t)
	path := filepath.Join(dir, "default.toml")
	expect(t, []string{"profile", "disallow", "default", "https://a.test"}, 1, "", "~there is no profile default")
	expect(t, []string{"profile", "allow", "default", "http://127.0.0.1:*"}, 0,
		"created profile default: "+path+"\ndefault: allowed http://127.0.0.1:* ("+path+")\n", "")
	p, err := policy.Load(filepath.Dir(dir), "default")
	if err != nil || !p.Ask || !p.Allows("http://127.0.0.1:8080") {
		t.Errorf("default: %+v, %v", p, err)
	}
	expect(t, []string{"profile", "list"}, 0, "default  "+path+"\n", "")
}
