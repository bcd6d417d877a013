package profile

import "testing"

func TestSites(t *testing.T) {
	p, err := Launch().WithSites("http://127.0.0.1:*, https://*.example.com,https://shop.test:8443")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]bool{
		"http://127.0.0.1:4242":         true,
		"http://127.0.0.1":              true,
		"https://127.0.0.1:4242":        false,
		"http://localhost:4242":         false,
		"https://example.com":           true,
		"https://a.b.example.com":       true,
		"https://example.com:444":       false,
		"https://badexample.com":        false,
		"http://example.com":            false,
		"https://shop.test:8443":        true,
		"https://shop.test":             false,
		"https://example.com.evil.test": false,
		"chrome:":                       false,
		"":                              false,
	}
	for origin, want := range cases {
		if got := p.Allows(origin); got != want {
			t.Errorf("Allows(%q) = %v, want %v", origin, got, want)
		}
	}
}

func TestLaunchAllowsHTTP(t *testing.T) {
	p := Launch()
	for _, o := range []string{"http://a.test", "https://b.test:8443", "http://127.0.0.1:9"} {
		if !p.Allows(o) {
			t.Errorf("launch profile refuses %s", o)
		}
	}
	if p.Allows("file:") || p.Allows("chrome://settings") {
		t.Error("launch profile allows a non-http origin")
	}
}

func TestParseSiteRefuses(t *testing.T) {
	for _, bad := range []string{"example.com", "ftp://a.test", "https://a.test/path", "https://a*.test", "https://a.*.test",
		"https://user@a.test", "http://a.test:port", ""} {
		if _, err := ParseSite(bad); err == nil {
			t.Errorf("ParseSite(%q) accepted", bad)
		}
	}
	if _, err := Launch().WithSites(" , "); err == nil {
		t.Error("an empty site list was accepted")
	}
}
