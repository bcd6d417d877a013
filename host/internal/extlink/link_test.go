package extlink

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/protocol"
)

// fakeExtension is the other end of a Link: it reads the host's requests
// and writes responses and events, over real native-messaging frames.
type fakeExtension struct {
	conn     *protocol.Conn
	toHost   *io.PipeWriter
	fromHost *io.PipeReader
}

func newPair(t *testing.T, onEvent EventHandler) (*Link, *fakeExtension, chan error) {
	t.Helper()
	hostIn, extOut := io.Pipe()
	extIn, hostOut := io.Pipe()
	link := New(hostIn, hostOut, slog.New(slog.DiscardHandler), onEvent)
	ext := &fakeExtension{
		conn:     protocol.NewConn(extIn, extOut, &protocol.ConnOptions{ReadMax: protocol.MaxToExtension, WriteMax: protocol.MaxFromExtension}),
		toHost:   extOut,
		fromHost: extIn,
	}
	done := make(chan error, 1)
	go func() { done <- link.Run() }()
	t.Cleanup(func() { extOut.Close(); extIn.Close() })
	return link, ext, done
}

func (f *fakeExtension) send(t *testing.T, m *protocol.Message) {
	t.Helper()
	if err := f.conn.Write(m); err != nil {
		t.Fatal(err)
	}
}

func TestCallRoundTrip(t *testing.T) {
	link, ext, _ := newPair(t, nil)
	go func() {
		req, err := ext.conn.Read()
		if err != nil || req.Method != protocol.MethodTabsGet {
			return
		}
		_ = ext.conn.Write(&protocol.Message{Type: protocol.TypeResponse, ID: req.ID,
			Result: json.RawMessage(`{"tabs":[{"tab_id":4,"window_id":1,"url":"http://a/","title":"A","status":"complete","active":true}]}`)})
	}()
	var res protocol.TabsResult
	if err := link.Call(t.Context(), protocol.MethodTabsGet, protocol.TabsGetParams{TabIDs: []int{4}}, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Tabs) != 1 || res.Tabs[0].TabID != 4 {
		t.Fatalf("result = %+v", res)
	}
}

func TestCallErrorResponse(t *testing.T) {
	link, ext, _ := newPair(t, nil)
	go func() {
		req, _ := ext.conn.Read()
		_ = ext.conn.Write(&protocol.Message{Type: protocol.TypeResponse, ID: req.ID,
			Error: &protocol.ResponseError{Code: protocol.ExtTabGone, Message: "No tab with id: 9"}})
	}()
	err := link.Call(t.Context(), protocol.MethodTabClose, protocol.TabParams{TabID: 9}, nil)
	var re *protocol.ResponseError
	if !errors.As(err, &re) || re.Code != protocol.ExtTabGone {
		t.Fatalf("err = %v, want a tab_gone ResponseError", err)
	}
}

func TestCallTimesOutWhenTheExtensionIsSilent(t *testing.T) {
	link, ext, _ := newPair(t, nil)
	go func() { _, _ = ext.conn.Read() }() // read the request, never answer
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if err := link.Call(ctx, protocol.MethodTabsGet, nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want deadline exceeded", err)
	}
}

func TestExtensionGoneFailsPendingAndLaterCalls(t *testing.T) {
	link, ext, done := newPair(t, nil)
	errc := make(chan error, 1)
	go func() { errc <- link.Call(t.Context(), protocol.MethodTabsGet, nil, nil) }()
	if _, err := ext.conn.Read(); err != nil { // the request arrived
		t.Fatal(err)
	}
	ext.toHost.Close() // stdin EOF
	if err := <-errc; !errors.Is(err, ErrClosed) {
		t.Fatalf("pending call: err = %v, want ErrClosed", err)
	}
	if err := <-done; err != nil {
		t.Fatalf("Run after a clean EOF = %v, want nil", err)
	}
	if err := link.Call(t.Context(), protocol.MethodTabsGet, nil, nil); !errors.Is(err, ErrClosed) {
		t.Fatalf("later call: err = %v, want ErrClosed", err)
	}
	select {
	case <-link.Done():
	default:
		t.Fatal("Done not closed")
	}
}

func TestHelloAndEventsAndBadFrames(t *testing.T) {
	events := make(chan string, 10)
	link, ext, _ := newPair(t, func(m *protocol.Message) { events <- m.Event })
	// A malformed frame is dropped; the link keeps reading.
	if err := protocol.NewFrameWriter(ext.toHost, 100).WriteFrame([]byte(`{"type":"nonsense"}`)); err != nil {
		t.Fatal(err)
	}
	hello, _ := protocol.NewEvent(protocol.EventHello, protocol.Hello{ExtensionVersion: "9.9", AgentTabs: []protocol.AgentTab{{TabID: 3, Session: "s"}}})
	ext.send(t, hello)
	closed, _ := protocol.NewEvent(protocol.EventTabClosed, protocol.TabClosed{TabID: 3})
	ext.send(t, closed)
	h, err := link.WaitHello(t.Context())
	if err != nil || h.ExtensionVersion != "9.9" || len(h.AgentTabs) != 1 {
		t.Fatalf("hello = %+v, %v", h, err)
	}
	for _, want := range []string{protocol.EventHello, protocol.EventTabClosed} {
		if got := <-events; got != want {
			t.Fatalf("event %q, want %q", got, want)
		}
	}
}

func TestLargeRequestIsChunked(t *testing.T) {
	link, ext, _ := newPair(t, nil)
	text := strings.Repeat("é", 3<<20) // 6 MiB of UTF-8: several chunks of the 1 MiB limit
	got := make(chan string, 1)
	go func() {
		req, err := ext.conn.Read()
		if err != nil {
			got <- err.Error()
			return
		}
		var p struct{ Text string }
		if err := json.Unmarshal(req.Params, &p); err != nil {
			got <- err.Error()
			return
		}
		got <- p.Text
		_ = ext.conn.Write(&protocol.Message{Type: protocol.TypeResponse, ID: req.ID, Result: json.RawMessage(`{}`)})
	}()
	if err := link.Call(t.Context(), protocol.MethodCDP, map[string]string{"text": text}, nil); err != nil {
		t.Fatal(err)
	}
	if g := <-got; g != text {
		t.Fatalf("the extension received %d bytes, want %d", len(g), len(text))
	}
}
