// Package extlink is the one place in the host that talks to the browser
// extension: it sends requests over native messaging, matches responses to
// them, hands events to a subscriber, and notices when the extension goes
// away.
package extlink

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/diwall/diwall/protocol"
)

// ErrClosed is returned by Call once the extension has gone away.
var ErrClosed = errors.New("the extension is not connected")

// EventHandler receives every event the extension sends, on the read
// goroutine, in order. It must not block for long.
type EventHandler func(m *protocol.Message)

// Link is a connection to the extension. Its methods are safe for concurrent
// use.
type Link struct {
	conn   *protocol.Conn
	log    *slog.Logger
	onEvt  EventHandler
	nextID atomic.Int64

	mu      sync.Mutex
	pending map[int64]chan *protocol.Message
	closed  bool
	err     error

	hello     chan struct{}
	helloOnce sync.Once
	helloMsg  protocol.Hello
	done      chan struct{}
}

// New returns a Link reading frames from r and writing them to w. Call Run
// to start reading.
func New(r io.Reader, w io.Writer, log *slog.Logger, onEvent EventHandler) *Link {
	if onEvent == nil {
		onEvent = func(*protocol.Message) {}
	}
	return &Link{
		conn:    protocol.NewConn(r, w, nil),
		log:     log,
		onEvt:   onEvent,
		pending: make(map[int64]chan *protocol.Message),
		hello:   make(chan struct{}),
		done:    make(chan struct{}),
	}
}

// Run reads messages until the extension goes away. It returns nil on a
// clean end of stream.
func (l *Link) Run() error {
	for {
		m, err := l.conn.Read()
		if err != nil {
			if protocol.Recoverable(err) {
				l.log.Warn("dropped a bad message from the extension", "err", err)
				continue
			}
			if errors.Is(err, io.EOF) {
				err = nil
			}
			l.close(err)
			return err
		}
		switch m.Type {
		case protocol.TypeResponse:
			l.deliver(m)
		case protocol.TypeEvent:
			if m.Event == protocol.EventHello {
				l.takeHello(m)
			}
			l.onEvt(m)
		default:
			l.log.Warn("ignored a message the extension may not send", "type", m.Type)
		}
	}
}

func (l *Link) takeHello(m *protocol.Message) {
	var h protocol.Hello
	if err := json.Unmarshal(m.Params, &h); err != nil {
		l.log.Warn("bad hello from the extension", "err", err)
		return
	}
	l.helloOnce.Do(func() {
		l.helloMsg = h
		close(l.hello)
	})
}

// WaitHello waits for the extension's hello and returns it.
func (l *Link) WaitHello(ctx context.Context) (protocol.Hello, error) {
	select {
	case <-l.hello:
		return l.helloMsg, nil
	case <-l.done:
		return protocol.Hello{}, ErrClosed
	case <-ctx.Done():
		return protocol.Hello{}, ctx.Err()
	}
}

// Done is closed when the extension has gone away.
func (l *Link) Done() <-chan struct{} { return l.done }

func (l *Link) deliver(m *protocol.Message) {
	l.mu.Lock()
	ch, ok := l.pending[m.ID]
	delete(l.pending, m.ID)
	l.mu.Unlock()
	if !ok {
		l.log.Warn("response to no pending request", "id", m.ID)
		return
	}
	ch <- m
}

func (l *Link) close(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	l.closed, l.err = true, err
	for id, ch := range l.pending {
		close(ch)
		delete(l.pending, id)
	}
	close(l.done)
}

// Call sends a request and decodes the result into result (which may be
// nil). It returns a *protocol.ResponseError when the extension reports a
// failure, ErrClosed when the extension is gone, or the context's error.
func (l *Link) Call(ctx context.Context, method string, params, result any) error {
	return l.Start(method, params)(ctx, result)
}

// Start sends a request at once and returns the function that waits for
// its answer and decodes it as Call does. Requests started one after the
// other reach the extension in that order, so a caller can have several in
// flight (the keys of a word) and wait for them after.
func (l *Link) Start(method string, params any) func(ctx context.Context, result any) error {
	id := l.nextID.Add(1)
	req, err := protocol.NewRequest(id, method, params)
	if err != nil {
		return failed(err)
	}
	ch := make(chan *protocol.Message, 1)
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return failed(ErrClosed)
	}
	l.pending[id] = ch
	l.mu.Unlock()

	start := time.Now()
	if err := l.conn.Write(req); err != nil {
		l.forget(id)
		if errors.Is(err, protocol.ErrTooLarge) {
			return failed(fmt.Errorf("%s: %w", method, err))
		}
		// A write that fails means the pipe is gone.
		l.close(err)
		return failed(fmt.Errorf("%s: %w (%v)", method, ErrClosed, err)) //nolint:errorlint // ErrClosed is the cause; the transport error is detail only
	}
	return func(ctx context.Context, result any) error {
		select {
		case resp, ok := <-ch:
			if !ok {
				return fmt.Errorf("%s: %w", method, ErrClosed)
			}
			l.log.Debug("extension call", "method", logName(method, params), "id", id, "ms", time.Since(start).Milliseconds())
			if resp.Error != nil {
				return resp.Error
			}
			if result == nil {
				return nil
			}
			if err := json.Unmarshal(resp.Result, result); err != nil {
				return fmt.Errorf("%s: malformed result from the extension: %w", method, err)
			}
			return nil
		case <-ctx.Done():
			l.forget(id)
			l.log.Warn("extension call abandoned", "method", logName(method, params), "id", id, "ms", time.Since(start).Milliseconds(), "why", ctx.Err())
			return ctx.Err()
		}
	}
}

func failed(err error) func(context.Context, any) error {
	return func(context.Context, any) error { return err }
}

// logName names a request in the log: the CDP command of a cdp request.
func logName(method string, params any) string {
	if p, ok := params.(protocol.CDPParams); ok {
		return method + " " + p.Method
	}
	return method
}

func (l *Link) forget(id int64) {
	l.mu.Lock()
	delete(l.pending, id)
	l.mu.Unlock()
}
