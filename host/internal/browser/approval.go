package browser

import (
	"context"
	"time"

	"github.com/diwall/diwall/host/internal/randid"
	"github.com/diwall/diwall/protocol"
)

// Ask asks the person, in the browser, whether the client may use origin,
// or, with step, take that step there: Allow once, Always or Deny
// (protocol.Decision*). It waits for the answer until ctx ends, then
// withdraws the question and returns ctx's error.
func (b *Browser) Ask(ctx context.Context, client, origin string, step *protocol.ApprovalStep) (string, error) {
	id := randid.Hex(12)
	answer := make(chan string, 1)
	b.mu.Lock()
	b.approvals[id] = answer
	b.mu.Unlock()
	defer func() {
		b.mu.Lock()
		delete(b.approvals, id)
		b.mu.Unlock()
	}()
	if err := b.ext.Call(ctx, protocol.MethodApprovalAsk, protocol.ApprovalAskParams{ApprovalID: id, Client: client, Origin: origin, Step: step}, nil); err != nil {
		return "", err
	}
	select {
	case d := <-answer:
		return d, nil
	case <-ctx.Done():
		cctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := b.ext.Call(cctx, protocol.MethodApprovalCancel, protocol.ApprovalParams{ApprovalID: id}, nil); err != nil {
			b.log.Debug("withdrawing a question", "err", err)
		}
		return "", ctx.Err()
	}
}

// answered delivers the person's answer to the call that asked. An answer
// to no pending question, or that is not one of the three, is dropped.
func (b *Browser) answered(ev protocol.ApprovalAnswered) {
	switch ev.Decision {
	case protocol.DecisionOnce, protocol.DecisionAlways, protocol.DecisionDeny:
	default:
		b.log.Warn("an approval answer that is not once, always or deny; ignored", "decision", ev.Decision)
		return
	}
	b.mu.Lock()
	ch, ok := b.approvals[ev.ApprovalID]
	b.mu.Unlock()
	if !ok {
		b.log.Info("an approval answer for no pending question; ignored")
		return
	}
	select {
	case ch <- ev.Decision:
	default:
	}
}

// ShowHandoff puts up, in the browser, a desktop notification that the
// session key (its client's name client) handed the person a step in tab
// t: the model's reason, as its words. A browser that shows none is no
// error; the person answers where the operator views ask.
func (b *Browser) ShowHandoff(ctx context.Context, key, client, reason string, t *Tab) error {
	p := protocol.HandoffShowParams{Session: key, Client: utf16Cut(client, protocol.MaxHandoffClient), Reason: utf16Cut(reason, protocol.MaxHandoffReason)}
	if t != nil {
		p.TabID = t.ChromeID
	}
	return b.ext.Call(ctx, protocol.MethodHandoffShow, p, nil)
}

// ClearHandoff takes the session's handoff notification down.
func (b *Browser) ClearHandoff(ctx context.Context, key string) error {
	return b.ext.Call(ctx, protocol.MethodHandoffClear, protocol.HandoffClearParams{Session: key}, nil)
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
