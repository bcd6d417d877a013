package operator

import (
	"bufio"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/diwall/diwall/extension"
)

// TestLocalPageRefusesStrangers: without the token, with another Host or
// with another page's Origin, the local page gives nothing; with them it
// serves the panel and its live feed.
func TestLocalPageRefusesStrangers(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	t.Cleanup(h.Close)
	page, err := h.Watch()
	if err != nil {
		t.Fatal(err)
	}
	again, _ := h.Watch()
	if again != page {
		t.Errorf("a second watch made another page: %s, %s", again, page)
	}
	u, _ := url.Parse(page)
	if host, _, _ := net.SplitHostPort(u.Host); host != "127.0.0.1" {
		t.Fatalf("the page listens on %s", u.Host)
	}
	base := "http://" + u.Host
	get := func(path string, header map[string]string) int {
		t.Helper()
		req, _ := http.NewRequest("GET", base+path, nil)
		for k, v := range header {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	for _, c := range []struct {
		path   string
		header map[string]string
		want   int
	}{
		{u.Path, nil, 200},
		{u.Path + "panel.js", nil, 200},
		{u.Path + "panel.js", map[string]string{"Origin": "http://" + u.Host}, 200},
		{u.Path + "background.js", nil, 404},
		{"/", nil, 401},
		{"/panel.html", nil, 401},
		{"/" + strings.Repeat("0", 48) + "/", nil, 401},
		{u.Path, map[string]string{"Host": "evil.example:" + u.Port()}, 421},
		{u.Path, map[string]string{"Host": "192.168.1.2:" + u.Port()}, 421},
		{u.Path, map[string]string{"Origin": "http://evil.example"}, 403},
		{u.Path, map[string]string{"Origin": "null"}, 403},
	} {
		if got := get(c.path, c.header); got != c.want {
			t.Errorf("GET %s %v: %d, want %d", c.path, c.header, got, c.want)
		}
	}

	ws := "ws://" + u.Host + u.Path + "ws"
	if _, res, err := websocket.DefaultDialer.Dial(ws, http.Header{"Origin": {"http://evil.example"}}); err == nil || res.StatusCode != 403 {
		t.Errorf("a WebSocket from another origin was not refused: %v", err)
	}
	if _, res, err := websocket.DefaultDialer.Dial("ws://"+u.Host+"/ws", nil); err == nil || res.StatusCode != 401 {
		t.Errorf("a WebSocket without the token was not refused: %v", err)
	}
	conn, _, err := websocket.DefaultDialer.Dial(ws, http.Header{"Origin": {"http://" + u.Host}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	var first Event
	if err := conn.ReadJSON(&first); err != nil || first.Type != EventState {
		t.Fatalf("first event: %+v %v", first, err)
	}
	if err := conn.WriteJSON(Message{Type: MessageHello, Capabilities: []string{CapabilityUICommands}}); err != nil {
		t.Fatal(err)
	}
	// The hello is taken before the command is sent: retry until it lands.
	for end := time.Now().Add(2 * time.Second); h.Command("k", UICommand{Action: "sidebar_hide"}) != nil; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the page's hello did not register it for ui-commands")
		}
	}
	var cmd Event
	if err := conn.ReadJSON(&cmd); err != nil || cmd.Type != EventUICommand || cmd.Command.Action != "sidebar_hide" {
		t.Fatalf("ui.command: %+v %v", cmd, err)
	}
}

// TestPanelFilesAreWhole: every module the panel imports, and every
// stylesheet its page links, is served.
func TestPanelFilesAreWhole(t *testing.T) {
	imports := regexp.MustCompile(`from "\./([a-z_]+\.js)"|<link rel="stylesheet" href="([a-z_]+\.css)"`)
	for _, name := range PanelFiles {
		data, err := extension.Files.ReadFile("src/" + name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, m := range imports.FindAllStringSubmatch(string(data), -1) {
			if file := m[1] + m[2]; !isPanelFile(file) {
				t.Errorf("%s imports %s, which the local page does not serve", name, file)
			}
		}
	}
}

// TestControlSocket: a command on the socket gets one reply line.
func TestControlSocket(t *testing.T) {
	h := New(slog.New(slog.DiscardHandler), nil)
	t.Cleanup(h.Close)
	h.Begin(t.Context(), claude, Operation{ID: "1"})
	ask := func(req ControlRequest) (ControlReply, error) {
		server, client := net.Pipe()
		go func() {
			defer server.Close()
			br := bufio.NewReader(server)
			if !IsControl(br) {
				t.Error("a control connection was not recognised")
				return
			}
			h.ServeControl(t.Context(), br, server)
		}()
		return Ask(client, req, 5*time.Second)
	}
	reply, err := ask(ControlRequest{Command: CommandPause, All: true})
	if err != nil || len(reply.Sessions) != 1 || reply.Sessions[0].Status != Paused {
		t.Fatalf("pause: %+v %v", reply, err)
	}
	if _, err := ask(ControlRequest{Command: CommandResume, Session: "nobody"}); err == nil || !strings.Contains(err.Error(), "no session") {
		t.Errorf("an unknown session: %v", err)
	}
	if reply, err := ask(ControlRequest{Command: CommandWatch}); err != nil || !strings.HasPrefix(reply.URL, "http://127.0.0.1:") {
		t.Errorf("watch: %+v %v", reply, err)
	}
	if _, err := ask(ControlRequest{Command: "format"}); err == nil {
		t.Error("an unknown command was accepted")
	}
	if IsControl(bufio.NewReader(strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`))) {
		t.Error("an MCP session was taken for a control connection")
	}
}
