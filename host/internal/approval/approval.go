// Package approval asks the person, in the browser, what only they may
// decide: whether an MCP client may use a site, or take a step there
// (Allow once, Always or Deny); and shows them, as a desktop
// notification, a step the model handed to them. It reaches the browser
// only through the extension's link, and learns the answers from the
// link's approval.answered events (Answered).
package approval

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/randid"
	"github.com/diwall/diwall/protocol"
)

// Caller sends requests to the extension; *extlink.Link implements it.
type Caller interface {
	Call(ctx context.Context, method string, params, result any) error
}

// Asker asks the person questions in the browser and waits for their
// answers. Its methods are safe for concurrent use.
type Asker struct {
	ext Caller
	log *slog.Logger

	mu      sync.Mutex
	pending map[string]chan string // by approval id
}

// New returns an Asker that asks through ext.
func New(ext Caller, log *slog.Logger) *Asker {
	return &Asker{ext: ext, log: log, pending: make(map[string]chan string)}
}

// Ask asks the person, in the browser, whether the client may use origin,
// or, with step, take that step there: Allow once, Always or Deny
// (protocol.Decision*). It waits for the answer until ctx ends, then
// withdraws the question and returns ctx's error.
func (a *Asker) Ask(ctx context.Context, client, origin string, step *protocol.ApprovalStep) (string, error) {
	id := randid.Hex(12)
	answer := make(chan string, 1)
	a.mu.Lock()
	a.pending[id] = answer
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		delete(a.pending, id)
		a.mu.Unlock()
	}()
	if err := a.ext.Call(ctx, protocol.MethodApprovalAsk, protocol.ApprovalAskParams{ApprovalID: id, Client: client, Origin: origin, Step: step}, nil); err != nil {
		return "", err
	}
	select {
	case d := <-answer:
		return d, nil
	case <-ctx.Done():
		cctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := a.ext.Call(cctx, protocol.MethodApprovalCancel, protocol.ApprovalParams{ApprovalID: id}, nil); err != nil {
			a.log.Debug("withdrawing a question", "err", err)
		}
		return "", ctx.Err()
	}
}

// Answered takes the params of an approval.answered event and delivers the
// person's answer to the call that asked. An answer to no pending
// question, or that is not one of the three, is dropped.
func (a *Asker) Answered(params json.RawMessage) {
	var ev protocol.ApprovalAnswered
	if err := json.Unmarshal(params, &ev); err != nil {
		a.log.Warn("malformed event from the extension", "event", protocol.EventApprovalAnswered, "err", err)
		return
	}
	switch ev.Decision {
	case protocol.DecisionOnce, protocol.DecisionAlways, protocol.DecisionDeny:
	default:
		a.log.Warn("an approval answer that is not once, always or deny; ignored", "decision", ev.Decision)
		return
	}
	a.mu.Lock()
	ch, ok := a.pending[ev.ApprovalID]
	a.mu.Unlock()
	if !ok {
		a.log.Info("an approval answer for no pending question; ignored")
		return
	}
	select {
	case ch <- ev.Decision:
	default:
	}
}

// ShowHandoff puts up, in the browser, a desktop notification that the
// session key (its client's name client) handed the person a step in the
// tab tabID (Chrome's id; 0 for none): the model's reason, as its words.
// A browser that shows none is no error; the person answers where the
// operator views ask.
func (a *Asker) ShowHandoff(ctx context.Context, key, client, reason string, tabID int) error {
	p := protocol.HandoffShowParams{Session: key, Client: utf16Cut(client, protocol.MaxHandoffClient), Reason: utf16Cut(reason, protocol.MaxHandoffReason), TabID: tabID}
	return a.ext.Call(ctx, protocol.MethodHandoffShow, p, nil)
}

// ClearHandoff takes the session's handoff notification down.
func (a *Asker) ClearHandoff(ctx context.Context, key string) error {
	return a.ext.Call(ctx, protocol.MethodHandoffClear, protocol.HandoffClearParams{Session: key}, nil)
}

// utf16Cut bounds s to n UTF-16 code units, on a character boundary.
func utf16Cut(s string, n int) string {
	units := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > n {
			return s[:i]
		}
		units += w
	}
	return s
}
