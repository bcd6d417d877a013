package operator

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// The local page's live feed: one WebSocket per page, events as JSON text
// messages, the page's hello and control messages the other way.

const (
	wsQueue      = 256              // events waiting for a slow page before it is dropped
	wsWriteWait  = 5 * time.Second  // a page that reads nothing this long is dropped
	wsMessageMax = 64 << 10         // the largest message a page may send
	wsPing       = 30 * time.Second // keeps an idle connection known to be alive
)

func (w *webServer) serveSocket(rw http.ResponseWriter, r *http.Request) {
	// Host, Origin and token were checked before: accept what got here.
	up := websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}
	conn, err := up.Upgrade(rw, r, nil)
	if err != nil {
		return // the upgrader answered the client
	}
	conn.SetReadLimit(wsMessageMax)
	c := &wsClient{conn: conn, out: make(chan Event, wsQueue), done: make(chan struct{})}
	a := w.h.Attach(c, "the local page")
	go c.write()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for {
		var m Message
		if err := conn.ReadJSON(&m); err != nil {
			break
		}
		if err := a.Receive(ctx, m); err != nil {
			w.h.log.Info("local page message refused", "err", err)
		}
	}
	a.Close()
	c.stop()
}

// wsClient is one page's connection.
type wsClient struct {
	conn *websocket.Conn
	out  chan Event
	once sync.Once
	done chan struct{}
}

// Send queues an event; a page too slow to take it is dropped (it
// reconnects and starts from the whole state again).
func (c *wsClient) Send(ev Event) {
	select {
	case <-c.done:
	case c.out <- ev:
	default:
		c.stop()
	}
}

func (c *wsClient) stop() {
	c.once.Do(func() {
		close(c.done)
		c.conn.Close()
	})
}

func (c *wsClient) write() {
	ping := time.NewTicker(wsPing)
	defer ping.Stop()
	for {
		select {
		case <-c.done:
			return
		case ev := <-c.out:
			_ = c.conn.SetWriteDeadline(time.Now().Add(wsWriteWait))
			if err := c.conn.WriteJSON(ev); err != nil {
				c.stop()
				return
			}
		case <-ping.C:
			if err := c.conn.WriteControl(websocket.PingMessage, nil, time.Now().Add(wsWriteWait)); err != nil {
				c.stop()
				return
			}
		}
	}
}
