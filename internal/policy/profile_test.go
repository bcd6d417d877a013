package policy

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

func TestParseSiteForms(t *testing.T) {
	for raw, want := range map[string]string{
		"HTTPS://Example.COM/":  "https://example.com",
		"http://127.0.0.1:*":    "http://127.0.0.1:*",
		"http://[::1]:8080":     "http://[::1]:8080",
		"https://[::1]":         "https://[::1]",
		"https://[::1]:*":       "https://[::1]:*",
		"https://*":             "https://*",
		"https://*.example.com": "https://*.example.com",
	} {
		s, err := ParseSite(raw)
		if err != nil || s.String() != want {
			t.Errorf("ParseSite(%q) = %v, %v; want %s", raw, s, err, want)
			continue
		}
		if again, err := ParseSite(s.String()); err != nil || again != s {
			t.Errorf("%q does not read back: %v, %v", s.String(), again, err)
		}
	}
	p, _ := Default().WithSites("http://[::1]:8080")
	if !p.Allows("http://[::1]:8080") || p.Allows("http://[::1]:8081") {
		t.Error("an IPv6 site does not match its origin")
	}
	for _, bad := range []string{"http://::1:8080", "https://:80", "https://a.test:0", "https://a.test:65536",
		"https://a.test:+80", "https://a b.test", `https://a"b.test`, "https://bücher.test"} {
		if _, err := ParseSite(bad); err == nil {
			t.Errorf("ParseSite(%q) accepted", bad)
		}
	}
}
