package operator

import (
	"context"
	"fmt"
	"slices"
)

// Attached is one control interface connected to the hub.
type Attached struct {
	h  *Hub
	i  Interface
	by string // what it is, for the log: "side panel", "local page"
	ui bool   // announced ui-commands
}

// Attach connects an interface: it receives the whole state at once, then
// every event. by names it for the log.
func (h *Hub) Attach(i Interface, by string) *Attached {
	a := &Attached{h: h, i: i, by: by}
	h.mu.Lock()
	defer h.mu.Unlock()
	i.Send(h.stateLocked())
	if !h.closed {
		h.ifaces[a] = true
	}
	return a
}

// Receive handles one message of the interface. A bad message gives an
// error for the interface's log; it changes nothing.
func (a *Attached) Receive(ctx context.Context, m Message) error {
	switch m.Type {
	case MessageHello:
		a.h.mu.Lock()
		a.ui = slices.Contains(m.Capabilities, CapabilityUICommands)
		a.h.mu.Unlock()
		return nil
	case MessageControl:
		_, err := a.h.Control(ctx, m, a.by)
		return err
	}
	return fmt.Errorf("unknown message type %q: want hello or control", m.Type)
}

// Close disconnects the interface.
func (a *Attached) Close() {
	a.h.mu.Lock()
	delete(a.h.ifaces, a)
	a.h.mu.Unlock()
}

// Command broadcasts an agent's screen command, from the session key
// from, to every interface that announced ui-commands; ErrNoInterface when
// there is none.
func (h *Hub) Command(from string, cmd UICommand) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	ev := Event{Type: EventUICommand, Command: &cmd, From: from}
	sent := 0
	for a := range h.ifaces {
		if a.ui {
			a.i.Send(ev)
			sent++
		}
	}
	if sent == 0 {
		return ErrNoInterface
	}
	name := from
	if s := h.sessions[from]; s != nil {
		name = s.Name
	}
	h.lineLocked("info", from, fmt.Sprintf("%s arranged the view: %s", name, cmd.Action))
	return nil
}

// Knows reports whether the hub has seen the session.
func (h *Hub) Knows(key string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	_, ok := h.sessions[key]
	return ok
}
