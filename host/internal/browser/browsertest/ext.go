// Package browsertest is a fake browser extension for unit tests of the
// packages above browser (act, observe, tools, browser itself): it answers
// the host's requests from handlers named by method — an extension method
// (protocol.Method*) or, for CDP, the CDP command's name — records each
// request with its parameters as JSON sees them, and delivers events.
//
// Parameters are compared as JSON (decoded into map[string]any), never by
// their Go type, so the tests hold whatever types the host sends them in.
package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/protocol"
)

// Request is one request the host made.
type Request struct {
	Ctx context.Context
	// Method is the extension method, or for protocol.MethodCDP the CDP
	// command's name.
	Method string
	// Session is the CDP child session it went to ("" for the tab's own).
	Session string
	// TabID is the Chrome tab id of a CDP command.
	TabID int
	// Params are the parameters (of the CDP command, for CDP) as JSON
	// decodes them; nil when there were none.
	Params map[string]any
}

// Str returns a string parameter ("" when absent).
func (r Request) Str(name string) string {
	s, _ := r.Params[name].(string)
	return s
}

// Num returns a number parameter (0 when absent).
func (r Request) Num(name string) float64 {
	f, _ := r.Params[name].(float64)
	return f
}

// Handler answers one request: the value is marshalled into the host's
// result as the extension's JSON answer would be.
type Handler func(r Request) (any, error)

// Ext is the fake extension; it implements browser.Caller.
type Ext struct {
	// URL is what the default answers say the tabs show.
	URL string

	mu       sync.Mutex
	handlers map[string]Handler
	requests []Request
	nextTab  int
}

// New returns an extension with the default answers: tabs exist and are
// active, the debugger attaches, the main frame is "main" with loader
// "L1", isolated worlds are context 7, and any other command answers {}.
func New() *Ext {
	return &Ext{URL: "https://a.test/", handlers: map[string]Handler{}, nextTab: 100}
}

// On sets the handler of a method (an extension method or a CDP command).
func (e *Ext) On(method string, h Handler) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.handlers[method] = h
}

// Requests returns the requests made of a method, oldest first.
func (e *Ext) Requests(method string) []Request {
	e.mu.Lock()
	defer e.mu.Unlock()
	var out []Request
	for _, r := range e.requests {
		if r.Method == method {
			out = append(out, r)
		}
	}
	return out
}

// Methods returns the method of every request, oldest first.
func (e *Ext) Methods() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := make([]string, len(e.requests))
	for i, r := range e.requests {
		out[i] = r.Method
	}
	return out
}

// Call implements browser.Caller.
func (e *Ext) Call(ctx context.Context, method string, params, result any) error {
	r := Request{Ctx: ctx, Method: method}
	if method == protocol.MethodCDP {
		var cdp struct {
			TabID     int             `json:"tab_id"`
			SessionID string          `json:"session_id"`
			Method    string          `json:"method"`
			Params    json.RawMessage `json:"params"`
		}
		if err := roundTrip(params, &cdp); err != nil {
			return err
		}
		r.Method, r.Session, r.TabID = cdp.Method, cdp.SessionID, cdp.TabID
		if len(cdp.Params) > 0 && string(cdp.Params) != "null" {
			if err := json.Unmarshal(cdp.Params, &r.Params); err != nil {
				return fmt.Errorf("browsertest: %s params: %w", cdp.Method, err)
			}
		}
	} else if params != nil {
		if err := roundTrip(params, &r.Params); err != nil {
			return err
		}
	}
	e.mu.Lock()
	e.requests = append(e.requests, r)
	h := e.handlers[r.Method]
	e.mu.Unlock()
	if h == nil {
		h = e.byDefault
	}
	res, err := h(r)
	if err != nil || result == nil || res == nil {
		return err
	}
	return roundTrip(res, result)
}

func (e *Ext) byDefault(r Request) (any, error) {
	switch r.Method {
	case protocol.MethodTabsGet:
		var tabs []protocol.Tab
		ids, _ := r.Params["tab_ids"].([]any)
		for _, id := range ids {
			tabs = append(tabs, e.tab(int(id.(float64))))
		}
		return protocol.TabsResult{Tabs: tabs}, nil
	case protocol.MethodTabOpen:
		e.mu.Lock()
		e.nextTab++
		id := e.nextTab
		e.mu.Unlock()
		return protocol.TabResult{Tab: e.tab(id)}, nil
	case string(cdp.PageGetFrameTree):
		return FrameTree("main", "L1", e.URL), nil
	case string(cdp.PageCreateIsolatedWorld):
		return map[string]any{"executionContextId": 7}, nil
	}
	return map[string]any{}, nil
}

func (e *Ext) tab(id int) protocol.Tab {
	return protocol.Tab{TabID: id, WindowID: 1, URL: e.URL, Title: "A", Status: "complete", Active: true}
}

// FrameTree is the answer to Page.getFrameTree for a tab with only a main
// frame.
func FrameTree(frameID, loaderID, url string) map[string]any {
	return map[string]any{"frameTree": map[string]any{"frame": map[string]any{"id": frameID, "loaderId": loaderID, "url": url}}}
}

// EvalString is the answer to Runtime.evaluate of an expression, or to
// Runtime.callFunctionOn of a function, whose value is the string s.
func EvalString(s string) map[string]any {
	return map[string]any{"result": map[string]any{"type": "string", "value": s}}
}

// EvalJSON is the answer to Runtime.evaluate or Runtime.callFunctionOn
// whose value is v as a JSON string (what the host's page helpers answer).
func EvalJSON(v any) map[string]any {
	data, _ := json.Marshal(v)
	return EvalString(string(data))
}

// Tab is the Chrome id of the tab Start opens.
const Tab = 1

// Session is the key of the session that owns Start's tab.
const Session = "s"

// Start returns a Browser on e with one agent tab (Chrome id Tab, of
// session Session), its debugger attached.
func Start(t testing.TB, e *Ext) (*browser.Browser, *browser.Tab) {
	t.Helper()
	b, err := browser.New(e, slog.New(slog.DiscardHandler), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := b.Restore(ctx, protocol.Hello{AgentTabs: []protocol.AgentTab{{TabID: Tab, Session: Session}}}); err != nil {
		t.Fatal(err)
	}
	tab, ok := b.Newest(Session)
	if !ok {
		t.Fatal("browsertest: no tab restored")
	}
	if err := tab.Attach(ctx); err != nil {
		t.Fatal(err)
	}
	return b, tab
}

// Event delivers a CDP event of the tab to the Browser.
func Event(t testing.TB, tab *browser.Tab, method string, params any) {
	t.Helper()
	data, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	m, err := protocol.NewEvent(protocol.EventCDP, protocol.CDPEvent{TabID: tab.ChromeID, Method: method, Params: data})
	if err != nil {
		t.Fatal(err)
	}
	tab.Browser().HandleEvent(m)
}

// OpenDialog delivers Page.javascriptDialogOpening of a dialog of type typ.
func OpenDialog(t testing.TB, tab *browser.Tab, typ, message string) {
	t.Helper()
	Event(t, tab, cdp.PageJavascriptDialogOpening, map[string]any{"type": typ, "message": message})
}

// Navigate delivers the main frame's commit of a new document (loader).
func Navigate(t testing.TB, tab *browser.Tab, loader, url string) {
	t.Helper()
	Event(t, tab, cdp.PageFrameNavigated, map[string]any{"frame": map[string]any{"id": "main", "loaderId": loader, "url": url}})
}

func roundTrip(from, into any) error {
	data, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, into)
}
