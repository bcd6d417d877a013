package e2e

import (
	"fmt"
	"html"
	"net/http"
	"strings"
)

// secretToken is written by the outside page in its URL, title, text,
// field and dialog: it must never reach a result.
const secretToken = "zq-oauth-7731"

// outsideURL is path on the fixture server under another origin than
// siteURL's (localhost instead of 127.0.0.1: same server, another site).
func outsideURL(path string) string {
	return strings.Replace(siteURL, "127.0.0.1", "localhost", 1) + path
}

// gateFixtures serves the pages that lead out of the sites: each way a
// page can send the browser elsewhere, and the outside page itself.
func gateFixtures(mux *http.ServeMux) {
	page := func(w http.ResponseWriter, title, body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><title>%s</title>%s", title, body)
	}
	// to is where a page leads: ?dest=secret (or secret-dialog) names the
	// outside page, so the leading page's own URL carries none of it;
	// ?to= is any URL.
	to := func(r *http.Request) string {
		switch r.URL.Query().Get("dest") {
		case "secret":
			return outsideURL("/gate/secret?oauth_code=" + secretToken)
		case "secret-dialog":
			return outsideURL("/gate/secret?confirm=1&oauth_code=" + secretToken)
		}
		return r.URL.Query().Get("to")
	}
	mux.HandleFunc("/gate/redirect", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, to(r), http.StatusFound)
	})
	mux.HandleFunc("/gate/secret", func(w http.ResponseWriter, r *http.Request) {
		body := fmt.Sprintf(`<h1>Secret page %[1]s</h1><p>Secret text %[1]s</p><label>Code <input value="%[1]s"></label><a href="/gate/secret?again=%[1]s">More %[1]s</a>`, secretToken)
		if r.URL.Query().Get("confirm") == "1" {
			body += fmt.Sprintf(`<script>addEventListener("load", () => setTimeout(() => confirm("Secret dialog %s"), 0));</script>`, secretToken)
		}
		page(w, "Secret title "+secretToken, body)
	})
	mux.HandleFunc("/gate/meta", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Meta refresh", fmt.Sprintf(`<meta http-equiv="refresh" content="0;url=%s"><p>Moving on`, html.EscapeString(to(r))))
	})
	mux.HandleFunc("/gate/js", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Script redirect", fmt.Sprintf(`<p>Moving on<script>addEventListener("load", () => setTimeout(() => { location.href = %q; }, 0));</script>`, to(r)))
	})
	mux.HandleFunc("/gate/links", func(w http.ResponseWriter, r *http.Request) {
		dest := html.EscapeString(to(r))
		post := html.EscapeString("/gate/post?" + r.URL.RawQuery)
		page(w, "Ways out", fmt.Sprintf(`
<p><a href="%[1]s">Same tab</a></p>
<p><a href="%[1]s" target="_blank">New tab</a></p>
<p><button onclick='window.open(%[2]q)'>Popup</button></p>
<p><button onclick='location.href = %[2]q'>Script</button></p>
<form method="post" action="%[3]s"><input name="q" value="x" aria-label="Query"><button>Send</button></form>`, dest, to(r), post))
	})
	mux.HandleFunc("POST /gate/post", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, to(r), http.StatusSeeOther)
	})
}
