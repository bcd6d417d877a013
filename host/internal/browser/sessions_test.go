package browser

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/diwall/diwall/protocol"
)

// recorder is a fake extension that keeps every request's params.
type recorder struct {
	mu     sync.Mutex
	params map[string][]json.RawMessage
	tabs   map[int]protocol.Tab
}

func newRecorder(tabs ...protocol.Tab) *recorder {
	r := &recorder{params: map[string][]json.RawMessage{}, tabs: map[int]protocol.Tab{}}
	for _, t := range tabs {
		r.tabs[t.TabID] = t
	}
	return r
}

func (r *recorder) ext() *fakeExt {
	return &fakeExt{handlers: map[string]func(any) (any, error){
		protocol.MethodTabsGet: func(p any) (any, error) {
			r.record(protocol.MethodTabsGet, p)
			var out protocol.TabsResult
			for _, id := range p.(protocol.TabsGetParams).TabIDs {
				if t, ok := r.tabs[id]; ok {
					out.Tabs = append(out.Tabs, t)
				}
			}
			return out, nil
		},
		protocol.MethodAgentTabsSet:   func(p any) (any, error) { r.record(protocol.MethodAgentTabsSet, p); return struct{}{}, nil },
		protocol.MethodSessionsSet:    func(p any) (any, error) { r.record(protocol.MethodSessionsSet, p); return struct{}{}, nil },
		protocol.MethodTabGroup:       func(p any) (any, error) { r.record(protocol.MethodTabGroup, p); return struct{}{}, nil },
		protocol.MethodDebuggerDetach: func(p any) (any, error) { r.record(protocol.MethodDebuggerDetach, p); return struct{}{}, nil },
		protocol.MethodApprovalAsk:    func(p any) (any, error) { r.record(protocol.MethodApprovalAsk, p); return struct{}{}, nil },
		protocol.MethodApprovalCancel: func(p any) (any, error) { r.record(protocol.MethodApprovalCancel, p); return struct{}{}, nil },
	}}
}

func (r *recorder) record(method string, p any) {
	data, _ := json.Marshal(p)
	r.mu.Lock()
	r.params[method] = append(r.params[method], data)
	r.mu.Unlock()
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

func TestSessionsGetDistinctGroups(t *testing.T) {
	r := newRecorder()
	b := newTestBrowser(t, r.ext())
	a := b.Connect("aaaa", "Claude Code")
	c := b.Connect("cccc", "Claude Code")
	if a.Title != "Diwall · Claude Code" || c.Title != "Diwall · Claude Code 2" || a.Color == c.Color {
		t.Fatalf("titles %q %q colours %s %s", a.Title, c.Title, a.Color, c.Color)
	}
	if again := b.Connect("aaaa", "Other"); again != a {
		t.Fatal("a reconnecting key made a second session")
	}
	last := r.waitFor(t, protocol.MethodSessionsSet, 2)
	var got protocol.SessionsParams
	if err := json.Unmarshal(last[len(last)-1], &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Sessions) != 2 {
		t.Fatalf("sessions.set = %s", last[len(last)-1])
	}
}

func TestSharedTabJoinsItsSessionAndDisconnectReleasesIt(t *testing.T) {
	r := newRecorder(protocol.Tab{TabID: 5, WindowID: 1, URL: "http://a.test/"})
	b := newTestBrowser(t, r.ext())
	b.Connect("aaaa", "A")

	// A share with a session that is not connected is ignored.
	b.HandleEvent(event(t, protocol.EventTabShared, protocol.TabShared{TabID: 5, Session: "zzzz"}))
	b.HandleEvent(event(t, protocol.EventTabShared, protocol.TabShared{TabID: 5, Session: "aaaa"}))
	r.waitFor(t, protocol.MethodTabGroup, 1)
	tab, ok := b.Newest("aaaa")
	if !ok || tab.ChromeID != 5 {
		t.Fatalf("shared tab not the session's: %v %v", tab, ok)
	}
	if _, ok := b.Newest("zzzz"); ok {
		t.Fatal("a tab went to a session that is not connected")
	}
	sets := r.waitFor(t, protocol.MethodAgentTabsSet, 1)
	if string(sets[len(sets)-1]) != `{"tabs":[{"tab_id":5,"session":"aaaa"}]}` {
		t.Fatalf("agent_tabs.set = %s", sets[len(sets)-1])
	}

	b.HandleEvent(event(t, protocol.EventTabUnshared, protocol.TabClosed{TabID: 5}))
	if _, ok := b.Newest("aaaa"); ok {
		t.Fatal("unshared tab still the session's")
	}

	b.HandleEvent(event(t, protocol.EventTabShared, protocol.TabShared{TabID: 5, Session: "aaaa"}))
	r.waitFor(t, protocol.MethodTabGroup, 2)
	b.Disconnect(t.Context(), "aaaa")
	if _, ok := b.Newest("aaaa"); ok {
		t.Fatal("a disconnected session keeps its tab")
	}
	if d := r.waitFor(t, protocol.MethodDebuggerDetach, 1); string(d[0]) != `{"tab_id":5}` {
		t.Fatalf("detach = %s", d[0])
	}
}

func TestAskWaitsForTheAnswer(t *testing.T) {
	r := newRecorder()
	b := newTestBrowser(t, r.ext())
	done := make(chan string, 1)
	go func() {
		d, err := b.Ask(t.Context(), "Claude", "https://shop.test", nil)
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
	b.HandleEvent(event(t, protocol.EventApprovalAnswered, protocol.ApprovalAnswered{ApprovalID: "nope", Decision: "always"}))
	b.HandleEvent(event(t, protocol.EventApprovalAnswered, protocol.ApprovalAnswered{ApprovalID: q.ApprovalID, Decision: "sure"}))
	b.HandleEvent(event(t, protocol.EventApprovalAnswered, protocol.ApprovalAnswered{ApprovalID: q.ApprovalID, Decision: "once"}))
	if d := <-done; d != protocol.DecisionOnce {
		t.Fatalf("decision %q", d)
	}
}

func TestAskWithdrawsTheQuestionWhenTheCallEnds(t *testing.T) {
	r := newRecorder()
	b := newTestBrowser(t, r.ext())
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()
	if _, err := b.Ask(ctx, "C", "https://x.test", nil); err == nil {
		t.Fatal("an unanswered question returned no error")
	}
	r.waitFor(t, protocol.MethodApprovalCancel, 1)
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
