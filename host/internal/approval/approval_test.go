package approval

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/protocol"
)

// recorder is a fake extension that keeps every request's params.
type recorder struct {
	mu     sync.Mutex
	params map[string][]json.RawMessage
}

func (r *recorder) Call(_ context.Context, method string, params, _ any) error {
	data, _ := json.Marshal(params)
	r.mu.Lock()
	r.params[method] = append(r.params[method], data)
	r.mu.Unlock()
	return nil
}

// waitFor waits until method was called n times, and returns its params.
func (r *recorder) waitFor(t *testing.T, method string, n int) []json.RawMessage {
	t.Helper()
	for end := time.Now().Add(2 * time.Second); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		r.mu.Lock()
		got := append([]json.RawMessage(nil), r.params[method]...)
		r.mu.Unlock()
		if len(got) >= n {
			return got
		}
	}
	t.Fatalf("%s was not called %d times", method, n)
	return nil
}

func newTestAsker() (*Asker, *recorder) {
	r := &recorder{params: map[string][]json.RawMessage{}}
	return New(r, slog.New(slog.DiscardHandler)), r
}

func answer(t *testing.T, id, decision string) json.RawMessage {
	t.Helper()
	data, err := json.Marshal(protocol.ApprovalAnswered{ApprovalID: id, Decision: decision})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestAskWaitsForTheAnswer(t *testing.T) {
	a, r := newTestAsker()
	done := make(chan string, 1)
	go func() {
		d, err := a.Ask(t.Context(), "Claude", "https://shop.test", nil)
		if err != nil {
			d = "error: " + err.Error()
		}
		done <- d
	}()
	asked := r.waitFor(t, protocol.MethodApprovalAsk, 1)
	var q protocol.ApprovalAskParams
	if err := json.Unmarshal(asked[0], &q); err != nil {
		t.Fatal(err)
	}
	if q.Client != "Claude" || q.Origin != "https://shop.test" || q.ApprovalID == "" {
		t.Fatalf("asked %s", asked[0])
	}
	// Answers to other questions, or that are not answers, change nothing.
	a.Answered(answer(t, "nope", "always"))
	a.Answered(answer(t, q.ApprovalID, "sure"))
	a.Answered(json.RawMessage(`{"approval_id":`))
	a.Answered(answer(t, q.ApprovalID, "once"))
	if d := <-done; d != protocol.DecisionOnce {
		t.Fatalf("decision %q", d)
	}
}

func TestAskWithdrawsTheQuestionWhenTheCallEnds(t *testing.T) {
	a, r := newTestAsker()
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if _, err := a.Ask(ctx, "C", "https://x.test", nil); err == nil {
		t.Fatal("an unanswered question returned no error")
	}
	r.waitFor(t, protocol.MethodApprovalCancel, 1)
}

func TestHandoffNotificationIsBounded(t *testing.T) {
	a, r := newTestAsker()
	long := make([]rune, protocol.MaxHandoffReason+10)
	for i := range long {
		long[i] = 'x'
	}
	if err := a.ShowHandoff(t.Context(), "k", "Claude", string(long), 7); err != nil {
		t.Fatal(err)
	}
	var p protocol.HandoffShowParams
	if err := json.Unmarshal(r.waitFor(t, protocol.MethodHandoffShow, 1)[0], &p); err != nil {
		t.Fatal(err)
	}
	if p.Session != "k" || p.TabID != 7 || len(p.Reason) != protocol.MaxHandoffReason {
		t.Fatalf("handoff.show %+v", p)
	}
	if err := a.ClearHandoff(t.Context(), "k"); err != nil {
		t.Fatal(err)
	}
	r.waitFor(t, protocol.MethodHandoffClear, 1)
}

func TestUTF16Cut(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"abc", 5, "abc"}, {"abc", 2, "ab"}, {"é😀x", 3, "é😀"}, {"é😀x", 2, "é"}, {"😀", 1, ""}, {"", 0, ""},
	} {
		if got := utf16Cut(c.s, c.n); got != c.want {
			t.Errorf("utf16Cut(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
