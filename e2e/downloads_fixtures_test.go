package e2e

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
)

// downloadFixtures serves the downloads tests' pages and files under /dl/.
func downloadFixtures(mux *http.ServeMux) {
	attach := func(name, contentType, body string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", contentType)
			w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
			_, _ = w.Write([]byte(body))
		}
	}
	mux.HandleFunc("/dl/statement.csv", attach("statement-2026-11.csv", "text/csv", statementCSV))
	mux.HandleFunc("/dl/hostile.txt", attach("../../.bashrc", "text/plain", "export OWNED=1\n"))
	mux.HandleFunc("/dl/big.bin", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Disposition", `attachment; filename="big.bin"`)
		_, _ = w.Write([]byte(strings.Repeat("x", n)))
	})
	mux.HandleFunc("/dl/archive.zip", func(w http.ResponseWriter, r *http.Request) {
		// No Content-Disposition: Chrome downloads a type it does not show.
		w.Header().Set("Content-Type", "application/zip")
		_, _ = w.Write([]byte("PK\x03\x04 not really a zip \x00\x01"))
	})
	mux.HandleFunc("/dl/notes.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte(notesText))
	})
	mux.HandleFunc("/dl/statement.pdf", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Disposition", `attachment; filename="statement.pdf"`)
		http.ServeFile(w, r, "../host/internal/downloads/testdata/statement.pdf")
	})
	mux.HandleFunc("/dl/page.html", func(w http.ResponseWriter, r *http.Request) {
		outside := r.URL.Query().Get("outside")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><title>Statements</title>
<h1>Your statements</h1>
<p><a href="/dl/statement.csv">CSV statement</a></p>
<p><a href="/dl/statement.pdf">PDF statement</a></p>
<p><a href="/dl/notes.txt" download>Notes</a></p>
<p><a id="blob" download="generated.csv">Generated</a></p>
<p><a href="/dl/hostile.txt">Hostile name</a></p>
<p><a href="/dl/archive.zip">Archive</a></p>
<p><a href="/dl/big.bin?n=50000">Big file</a></p>
<p><a href="/dl/statement.csv" target="_blank">In a new tab</a></p>
<p><a href="/redirect?to=%s">Elsewhere</a></p>
<script>document.getElementById("blob").href = URL.createObjectURL(new Blob(["a,b\n1,2\n"], {type: "text/csv"}));</script>`,
			html.EscapeString(outside))
	})
}

const statementCSV = "date,description,amount\n2026-11-03,Water bill,-45.20\n2026-11-15,Salary,3250.00\n"

const notesText = "Notes for November: pay the water bill.\n"
