package e2e

import (
	"fmt"
	"html"
	"io"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// uploads keeps what POST /act/upload received: field -> "name:content".
var uploads struct {
	sync.Mutex
	files map[string][]string
}

// actFixtures serves the dynamic pages of the act tests.
func actFixtures(mux *http.ServeMux) {
	// /status/N answers with HTTP status N and a small page.
	mux.HandleFunc("/status/{code}", func(w http.ResponseWriter, r *http.Request) {
		code, err := strconv.Atoi(r.PathValue("code"))
		if err != nil || code < 200 || code > 599 {
			code = http.StatusBadRequest
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(code)
		fmt.Fprintf(w, "<!doctype html><title>Status %d</title><h1>Status %d</h1>", code, code)
	})
	// /nothing answers 204: a navigation that ends without a page.
	mux.HandleFunc("/nothing", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("POST /act/upload", func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseMultipartForm(1 << 20); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		got := map[string][]string{}
		for field, fhs := range r.MultipartForm.File {
			for _, fh := range fhs {
				f, err := fh.Open()
				if err != nil {
					continue
				}
				data, _ := io.ReadAll(f)
				f.Close()
				if fh.Filename != "" {
					got[field] = append(got[field], fh.Filename+":"+string(data))
				}
			}
		}
		uploads.Lock()
		uploads.files = got
		uploads.Unlock()
		var lines []string
		for field, files := range got {
			lines = append(lines, "<li>"+html.EscapeString(field+": "+strings.Join(files, ", "))+"</li>")
		}
		sort.Strings(lines)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><title>Application received</title><h1>Application received</h1><ul>%s</ul>", strings.Join(lines, ""))
	})
}

// lastUploads is what the last POST /act/upload received.
func lastUploads() map[string][]string {
	uploads.Lock()
	defer uploads.Unlock()
	return uploads.files
}
