package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// cdpConn is the test harness's own DevTools connection to the launched
// browser (DIWALL_TEST_DEVTOOLS=1), used only to do what a person or Chrome
// would: stop the extension's service worker, kill the browser.
type cdpConn struct {
	ws     *websocket.Conn
	mu     sync.Mutex
	nextID int
	wait   map[int]chan cdpReply
	// onEvent, when set (under mu), is given every event Chrome sends.
	onEvent func(cdpEvent)
}

// cdpEvent is an event of the browser or of one of its sessions.
type cdpEvent struct {
	Method    string          `json:"method"`
	Params    json.RawMessage `json:"params"`
	SessionID string          `json:"sessionId"`
}

type cdpReply struct {
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// devtools connects to the browser of bs.
func (bs *browserSession) devtools() *cdpConn {
	t := bs.t
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(bs.home, "state", "l-*", "profile", "DevToolsActivePort"))
	if len(files) != 1 {
		t.Fatalf("DevToolsActivePort: found %v", files)
	}
	return dialDevTools(t, files[0])
}

// dialDevTools connects to the browser whose DevToolsActivePort file is
// portFile.
func dialDevTools(t testing.TB, portFile string) *cdpConn {
	t.Helper()
	data, err := os.ReadFile(portFile)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	ws, _, err := websocket.DefaultDialer.Dial(fmt.Sprintf("ws://127.0.0.1:%s%s", lines[0], lines[1]), nil)
	if err != nil {
		t.Fatal(err)
	}
	c := &cdpConn{ws: ws, wait: map[int]chan cdpReply{}}
	go c.read()
	t.Cleanup(func() { ws.Close() })
	return c
}

func (c *cdpConn) read() {
	for {
		var msg struct {
			ID int `json:"id"`
			cdpReply
			cdpEvent
		}
		if err := c.ws.ReadJSON(&msg); err != nil {
			c.mu.Lock()
			for id, ch := range c.wait {
				close(ch)
				delete(c.wait, id)
			}
			c.mu.Unlock()
			return
		}
		if msg.ID == 0 {
			c.mu.Lock()
			on := c.onEvent
			c.mu.Unlock()
			if on != nil && msg.Method != "" {
				on(msg.cdpEvent)
			}
			continue
		}
		c.mu.Lock()
		ch := c.wait[msg.ID]
		delete(c.wait, msg.ID)
		c.mu.Unlock()
		if ch != nil {
			ch <- msg.cdpReply
		}
	}
}

// call sends a browser-level (or, with session, a target's) CDP command.
func (c *cdpConn) call(t testing.TB, session, method string, params any, result any) error {
	t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan cdpReply, 1)
	c.wait[id] = ch
	msg := map[string]any{"id": id, "method": method, "params": params}
	if session != "" {
		msg["sessionId"] = session
	}
	err := c.ws.WriteJSON(msg)
	c.mu.Unlock()
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	select {
	case r, ok := <-ch:
		if !ok {
			return fmt.Errorf("%s: connection closed", method)
		}
		if r.Error != nil {
			return fmt.Errorf("%s: %s", method, r.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(r.Result, result)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

type cdpTarget struct {
	TargetID string `json:"targetId"`
	Type     string `json:"type"`
	URL      string `json:"url"`
}

func (c *cdpConn) targets(t testing.TB) []cdpTarget {
	t.Helper()
	var res struct {
		TargetInfos []cdpTarget `json:"targetInfos"`
	}
	if err := c.call(t, "", "Target.getTargets", map[string]any{}, &res); err != nil {
		t.Fatal(err)
	}
	return res.TargetInfos
}

// extensionWorker returns the extension's service worker target, if running.
func (c *cdpConn) extensionWorker(t testing.TB) (cdpTarget, bool) {
	for _, tg := range c.targets(t) {
		if tg.Type == "service_worker" && strings.HasPrefix(tg.URL, "chrome-extension://") {
			return tg, true
		}
	}
	return cdpTarget{}, false
}
