package e2e

import (
	"fmt"
	"html"
	"net/http"
	"net/url"
	"sort"
	"sync"
)

// submitted keeps the forms the fixture server received, by path, so tests
// can check every value the browser sent.
var submitted = struct {
	sync.Mutex
	forms map[string]url.Values
}{forms: map[string]url.Values{}}

func lastForm(path string) url.Values {
	submitted.Lock()
	defer submitted.Unlock()
	return submitted.forms[path]
}

// formEcho records a POSTed form and answers with a page that confirms
// every field, secrets only by their length.
func formEcho(heading string, secret ...string) http.HandlerFunc {
	hidden := map[string]bool{}
	for _, s := range secret {
		hidden[s] = true
	}
	return func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		submitted.Lock()
		submitted.forms[r.URL.Path] = r.PostForm
		submitted.Unlock()
		var keys []string
		for k := range r.PostForm {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>%s</title><h1>%s</h1><ul>", heading, heading)
		for _, k := range keys {
			v := r.PostForm.Get(k)
			if hidden[k] {
				v = fmt.Sprintf("received, %d characters", len(v))
			}
			fmt.Fprintf(w, "<li>%s: %s</li>", html.EscapeString(k), html.EscapeString(v))
		}
		fmt.Fprint(w, "</ul>")
	}
}
