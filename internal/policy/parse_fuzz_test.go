package policy

import (
	"reflect"
	"slices"
	"testing"
)

// FuzzParseAndEdit feeds the profile parser any file a person (or a
// broken editor) could write. Parse must never panic; a file it refuses
// gives an *Error; a profile it accepts writes back (TOML) to the same
// profile; and the two edits the browser makes to a file, adding a site
// and removing one, must leave a file that parses to the same profile
// with just that site added or removed.
func FuzzParseAndEdit(f *testing.F) {
	for _, seed := range []string{
		"",
		`sites = ["https://*.example.com", "http://127.0.0.1:*"]` + "\nask = true\n",
		"# mine\nsites = [\n  \"https://a.example\", # first\n  \"https://b.example\",\n]\ntools = [\"observe\", \"read\"]\n\n[budgets]\ntree_chars = 5000\nmarks = 40\n",
		"ask = false\nframes = \"sites\"\ncredentials = [\"bank\"]\nupload_dir = \"/tmp/up\"\n[budgets]\ncall_timeout_ms = 30000\n",
		"sites = []\r\n[budgets]\r\nimage_long_edge = 1024\r\n",
		"Sites = [\"https://x.example\"]\n",
		"sites = [\"https://x.example\"] # end\n[[x]]\n",
	} {
		f.Add([]byte(seed))
	}
	const added = "https://fuzz.example"
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("fuzz", "fuzz.toml", data)
		if err != nil {
			if !IsMalformed(err) {
				t.Fatalf("Parse refused with %T %v, not an *Error", err, err)
			}
			return
		}
		if again, err := Parse("fuzz", "fuzz.toml", p.TOML()); err != nil || !reflect.DeepEqual(again, p) {
			t.Fatalf("TOML does not read back:\n%s\n%v\n%+v\n%+v", p.TOML(), err, again, p)
		}
		site, _ := ParseSite(added)
		if !slices.Contains(p.Sites, site) {
			edited, err := insertElement(data, "sites", added)
			if err != nil {
				return // a sites array the editor cannot place: it says so
			}
			q, err := Parse("fuzz", "fuzz.toml", edited)
			want := p
			want.Sites = append(slices.Clone(p.Sites), site)
			if err != nil || !sameProfile(q, want) {
				t.Fatalf("adding a site to\n%q\ngave\n%q\n%v\n%+v", data, edited, err, q)
			}
		}
		if len(p.Sites) > 0 {
			span, err := findArray(data, "sites")
			if err != nil || len(span.elems) != len(p.Sites) {
				return
			}
			edited := removeElement(data, span, 0)
			q, err := Parse("fuzz", "fuzz.toml", edited)
			want := p
			want.Sites = slices.Clone(p.Sites[1:])
			if err != nil || !sameProfile(q, want) {
				t.Fatalf("removing the first site of\n%q\ngave\n%q\n%v\n%+v", data, edited, err, q)
			}
		}
	})
}

// sameProfile compares profiles, an empty site list being no site list.
func sameProfile(a, b Profile) bool {
	if len(a.Sites) == 0 && len(b.Sites) == 0 {
		a.Sites, b.Sites = nil, nil
	}
	return reflect.DeepEqual(a, b)
}
