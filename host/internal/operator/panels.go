package operator

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"

	"github.com/diwall/diwall/protocol"
)

// The extension's side panels: each panel page has a port to the
// extension's service worker, which passes its messages to the host as
// operator.message events (and operator.closed when the port closes), and
// passes on the host's operator.send requests to the panel they name.

// Poster sends a request to the extension without waiting for its
// answer; requests posted one after the other arrive in that order.
// (*extlink.Link).Start implements it.
type Poster func(method string, params any) func(ctx context.Context, result any) error

const (
	panelQueue          = 256 // events waiting for a panel before it is sent the whole state again
	panelInterfaceLabel = "the extension's popup or side panel"
)

// SendParams is one event for one panel.
type SendParams struct {
	To    string `json:"to"`
	Event Event  `json:"event"`
}

// PanelMessage is a panel's message, as the extension passes it on.
type PanelMessage struct {
	Interface string          `json:"interface"`
	Message   json.RawMessage `json:"message"`
}

// Panels connects the extension's side panels to the hub. Their messages
// arrive on the extension link's read goroutine, which must never wait (a
// stop waits for the extension's answers): they are handled in order on a
// goroutine of their own.
type Panels struct {
	h    *Hub
	post Poster
	log  *slog.Logger
	work chan func(context.Context)

	mu     sync.Mutex
	panels map[string]*panel
}

// NewPanels returns the panels' side of the hub, posting to the extension
// with post, until ctx ends.
func NewPanels(ctx context.Context, h *Hub, post Poster, log *slog.Logger) *Panels {
	p := &Panels{h: h, post: post, log: log, panels: map[string]*panel{}, work: make(chan func(context.Context), 256)}
	go func() {
		for {
			select {
			case <-ctx.Done():
				p.closeAll()
				return
			case f := <-p.work:
				f(ctx)
			}
		}
	}()
	return p
}

// Message takes an operator.message event: the panel is attached on its
// first message, then its hello and control messages go to the hub.
func (p *Panels) Message(params json.RawMessage) {
	p.work <- func(ctx context.Context) { p.message(ctx, params) }
}

// Closed takes an operator.closed event: the panel's port closed.
func (p *Panels) Closed(params json.RawMessage) {
	p.work <- func(context.Context) { p.closed(params) }
}

func (p *Panels) message(ctx context.Context, params json.RawMessage) {
	var pm PanelMessage
	if err := json.Unmarshal(params, &pm); err != nil || pm.Interface == "" || len(pm.Interface) > 64 {
		p.log.Warn("malformed operator.message from the extension", "err", err)
		return
	}
	var m Message
	if err := json.Unmarshal(pm.Message, &m); err != nil {
		p.log.Warn("malformed side panel message", "err", err)
		return
	}
	p.mu.Lock()
	pn := p.panels[pm.Interface]
	if pn == nil {
		pn = &panel{id: pm.Interface, post: p.post, out: make(chan Event, panelQueue), done: make(chan struct{}), h: p.h}
		p.panels[pm.Interface] = pn
		go pn.write()
		pn.a = p.h.Attach(pn, panelInterfaceLabel)
	}
	p.mu.Unlock()
	if err := pn.a.Receive(ctx, m); err != nil {
		p.log.Info("side panel message refused", "err", err)
	}
}

func (p *Panels) closed(params json.RawMessage) {
	var pm PanelMessage
	if err := json.Unmarshal(params, &pm); err != nil {
		return
	}
	p.mu.Lock()
	pn := p.panels[pm.Interface]
	delete(p.panels, pm.Interface)
	p.mu.Unlock()
	if pn != nil {
		pn.a.Close()
		close(pn.done)
	}
}

func (p *Panels) closeAll() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, pn := range p.panels {
		pn.a.Close()
		close(pn.done)
		delete(p.panels, id)
	}
}

// panel is one side panel, fed in order by its own goroutine.
type panel struct {
	id   string
	post Poster
	h    *Hub
	a    *Attached
	out  chan Event
	done chan struct{}

	mu     sync.Mutex
	behind bool // events were dropped: the whole state goes again
}

// Send queues an event; when the queue is full the panel is sent the whole
// state again once it has caught up.
func (pn *panel) Send(ev Event) {
	select {
	case pn.out <- ev:
	default:
		pn.mu.Lock()
		pn.behind = true
		pn.mu.Unlock()
	}
}

func (pn *panel) write() {
	for {
		select {
		case <-pn.done:
			return
		case ev := <-pn.out:
			pn.post(protocol.MethodOperatorSend, SendParams{To: pn.id, Event: ev})
			pn.mu.Lock()
			resync := pn.behind && len(pn.out) == 0
			pn.behind = pn.behind && !resync
			pn.mu.Unlock()
			if resync {
				pn.post(protocol.MethodOperatorSend, SendParams{To: pn.id, Event: pn.h.State()})
			}
		}
	}
}

// State is everything the hub knows, as an interface gets it first.
func (h *Hub) State() Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.stateLocked()
}
