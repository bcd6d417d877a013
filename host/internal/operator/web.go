package operator

import (
	"context"
	"crypto/subtle"
	"errors"
	"net"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/host/internal/randid"
)

// The local page: the side panel's page, served by the host for a person
// watching from any window. It is off until `diwall watch` asks for it;
// then it listens on 127.0.0.1 at a random port, answers only under a
// random token in the path (http://127.0.0.1:PORT/TOKEN/), only to a Host
// of 127.0.0.1 or localhost at that port, and refuses any Origin but its
// own: another page, a DNS-rebound name or a process without the token
// gets nothing.

// PanelFiles are the extension's files the local page is made of
// (extension/src/...): the side panel page, its stylesheets and the
// modules it imports.
var PanelFiles = []string{
	"panel.html", "panel.css", "group_colors.css", "panel.js", "panel_render.js",
	"operator_model.js", "operator_layout.js", "operator_link.js",
}

type webServer struct {
	h     *Hub
	srv   *http.Server
	token string
	port  string
	url   string
}

// Watch starts the local page unless it runs, and returns its address,
// token included.
func (h *Hub) Watch() (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return "", errors.New("the host is stopping")
	}
	if h.web != nil {
		return h.web.url, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	w := &webServer{h: h, token: randid.Hex(24), port: port}
	w.url = "http://127.0.0.1:" + port + "/" + w.token + "/"
	w.srv = &http.Server{Handler: w, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = w.srv.Serve(ln) }()
	h.web = w
	h.log.Info("local page started", "port", port)
	return w.url, nil
}

func (w *webServer) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = w.srv.Shutdown(ctx)
}

// ServeHTTP checks every request before it serves anything.
func (w *webServer) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	hd := rw.Header()
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("X-Frame-Options", "DENY")
	if !w.ownHost(r.Host) {
		http.Error(rw, "This page answers only at 127.0.0.1 or localhost.", http.StatusMisdirectedRequest)
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !w.ownOrigin(origin) {
		http.Error(rw, "Requests from other pages are refused.", http.StatusForbidden)
		return
	}
	rest, ok := w.underToken(r.URL.Path)
	if !ok {
		http.Error(rw, "This address needs the token that `diwall watch` printed.", http.StatusUnauthorized)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(rw, "Only GET.", http.StatusMethodNotAllowed)
		return
	}
	switch rest {
	case "":
		http.Redirect(rw, r, "/"+w.token+"/", http.StatusFound)
		return
	case "/", "/panel.html":
		rest = "/panel.html"
	case "/ws":
		w.serveSocket(rw, r)
		return
	}
	name := strings.TrimPrefix(rest, "/")
	if !isPanelFile(name) {
		http.NotFound(rw, r)
		return
	}
	data, err := extension.Files.ReadFile("src/" + name)
	if err != nil {
		http.NotFound(rw, r)
		return
	}
	hd.Set("Content-Type", contentTypes[path.Ext(name)])
	hd.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; "+
		"connect-src ws://127.0.0.1:"+w.port+" ws://localhost:"+w.port+"; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	_, _ = rw.Write(data)
}

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
}

func isPanelFile(name string) bool {
	for _, f := range PanelFiles {
		if f == name {
			return true
		}
	}
	return false
}

// ownHost accepts the loopback names of this server's port only.
func (w *webServer) ownHost(host string) bool {
	return host == "127.0.0.1:"+w.port || host == "localhost:"+w.port
}

// ownOrigin accepts the page's own origin only.
func (w *webServer) ownOrigin(origin string) bool {
	return origin == "http://127.0.0.1:"+w.port || origin == "http://localhost:"+w.port
}

// underToken returns the path after /TOKEN when it starts with the token.
func (w *webServer) underToken(p string) (string, bool) {
	first, rest, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if subtle.ConstantTimeCompare([]byte(first), []byte(w.token)) != 1 {
		return "", false
	}
	if rest == "" && !strings.HasSuffix(p, "/") {
		return "", true
	}
	return "/" + rest, true
}
