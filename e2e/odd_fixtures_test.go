package e2e

import (
	"fmt"
	"net/http"
	"strconv"
)

// oddFixtures serves big and odd pages: very deep, very wordy, restless.
func oddFixtures(mux *http.ServeMux) {
	page := func(w http.ResponseWriter, title, body string) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<!doctype html><meta charset=utf-8><title>%s</title>%s", title, body)
	}
	// /odd/deep?d=N nests N divs, with a button and a line at the bottom.
	// A script builds them: Chrome's HTML parser flattens what it reads
	// past a depth of 512.
	mux.HandleFunc("/odd/deep", func(w http.ResponseWriter, r *http.Request) {
		d, _ := strconv.Atoi(r.URL.Query().Get("d"))
		page(w, "Deep", fmt.Sprintf(`<p>Top of a deep page</p><div id=root></div><script>
let at = document.getElementById("root");
for (let i = 0; i < %d; i++) { const d = document.createElement("div"); at.append(d); at = d; }
at.innerHTML = "<button>Bottom button</button> bottom text";
</script>`, min(max(d, 1), 20000)))
	})
	// /odd/text?mb=N writes N MB of text into the page, in paragraphs of
	// 100 kB, from a script (the wire carries a few hundred bytes). The
	// paragraphs skip their layout until seen (content-visibility), as
	// long pages do: Chrome alone would otherwise take minutes on them.
	mux.HandleFunc("/odd/text", func(w http.ResponseWriter, r *http.Request) {
		mb, _ := strconv.Atoi(r.URL.Query().Get("mb"))
		mb = min(max(mb, 1), 200)
		page(w, "Wordy", fmt.Sprintf(`<style>p { content-visibility: auto; contain-intrinsic-size: auto 2000px }</style><h1>A very wordy page</h1><button>Read more</button><div id=t></div><script>
const para = "lorem ipsum dolor sit amet ".repeat(3800).slice(0, 100000);
const box = document.getElementById("t");
for (let i = 0; i < %d; i++) { const p = document.createElement("p"); p.textContent = i + " " + para; box.append(p); }
</script>`, mb*10))
	})
	// /odd/mutate changes its DOM every millisecond, for ever.
	mux.HandleFunc("/odd/mutate", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Restless", `<h1>A restless page</h1><button id=b>Click me</button><ul id=l></ul><p id=c>0</p><script>
let n = 0, clicks = 0;
const l = document.getElementById("l"), c = document.getElementById("c");
document.getElementById("b").onclick = () => { clicks++; };
setInterval(() => {
  n++;
  const li = document.createElement("li"); li.textContent = "item " + n; l.prepend(li);
  if (l.children.length > 50) l.lastChild.remove();
  c.textContent = "tick " + n + " clicks " + clicks;
  document.title = "Restless " + (n % 10);
}, 1);
</script>`)
	})
	// /odd/renav?i=N sends itself to ?i=N+1 after 100 ms, for ever.
	mux.HandleFunc("/odd/renav", func(w http.ResponseWriter, r *http.Request) {
		i, _ := strconv.Atoi(r.URL.Query().Get("i"))
		page(w, fmt.Sprintf("Hop %d", i), fmt.Sprintf(`<h1>Hop %d</h1><a href="/second.html">Leave</a><script>
setTimeout(() => { location.href = "/odd/renav?i=%d"; }, 100);
</script>`, i, i+1))
	})
	// /odd/dialogs opens an alert again as soon as one is closed, for ever.
	mux.HandleFunc("/odd/dialogs", func(w http.ResponseWriter, r *http.Request) {
		page(w, "Nagging", `<h1>A nagging page</h1><script>
let n = 0;
setTimeout(function nag() { alert("nag " + (++n)); setTimeout(nag, 0); }, 50);
</script>`)
	})
}
