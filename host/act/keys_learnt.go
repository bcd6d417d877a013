package act

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/diwall/diwall/host/browser"
	"github.com/diwall/diwall/host/observe"
)

// Which fields the page listens on for keys (keydown, keypress or keyup,
// on the field, its form, the document or the window) decides how a type
// step types (see typing.go). Chrome tells only of the listeners of the
// world the object is asked from, so the fields are found again in the
// page's own world, by node: two round trips. LearnKeys does it in the
// background after an observation, while the model reads it, so that the
// act that follows finds it done.

// learnWait bounds learning the key listeners of one snapshot.
const learnWait = 10 * time.Second

// learning is what is known of the snapshots observed last.
var learning = struct {
	sync.Mutex
	bySnapshot map[string]*keyInfo
	order      []string // oldest first
}{bySnapshot: map[string]*keyInfo{}}

// keep is how many snapshots' key listeners are kept.
const keep = 32

// learnMax bounds the fields learnt after one observation, in reading
// order; an act learns the others it types into when it needs them.
const learnMax = 100

type keyInfo struct {
	done  chan struct{}
	keyed map[int]bool // node index -> listens; set before done is closed
}

// LearnKeys starts learning, in the background, which of the observation's
// text fields its page listens on for keys.
func LearnKeys(b *browser.Browser, t *browser.Tab, obs *observe.Observation) {
	if obs == nil || obs.DialogOpen {
		return
	}
	snap := b.Info(t).Snapshot
	if snap == nil || snap.ID != obs.SnapshotID {
		return
	}
	var nodes []int
	for _, e := range obs.Elements {
		switch e.Role {
		case "textbox", "searchbox", "combobox", "spinbutton":
		default:
			continue
		}
		if i, ok := snap.MarkNode[e.Mark]; ok && len(nodes) < learnMax {
			nodes = append(nodes, i)
		}
	}
	if len(nodes) == 0 {
		return
	}
	info := &keyInfo{done: make(chan struct{}), keyed: map[int]bool{}}
	learning.Lock()
	learning.bySnapshot[snap.ID] = info
	learning.order = append(learning.order, snap.ID)
	for len(learning.order) > keep {
		delete(learning.bySnapshot, learning.order[0])
		learning.order = learning.order[1:]
	}
	learning.Unlock()
	go func() {
		defer close(info.done)
		ctx, cancel := context.WithTimeout(context.Background(), learnWait)
		defer cancel()
		if keyed, err := keyListeners(ctx, b, t, snap.ID, nodes); err == nil {
			info.keyed = keyed
		}
	}()
}

// learnt returns what LearnKeys learnt of the snapshot's nodes, waiting
// for it when it is under way; nodes it did not learn are absent.
func learnt(ctx context.Context, snapshotID string, nodes []int) map[int]bool {
	out := map[int]bool{}
	learning.Lock()
	info := learning.bySnapshot[snapshotID]
	learning.Unlock()
	if info == nil {
		return out
	}
	wait := time.NewTimer(helperWait)
	defer wait.Stop()
	select {
	case <-info.done:
	case <-wait.C:
		return out
	case <-ctx.Done():
		return out
	}
	for _, i := range nodes {
		if v, ok := info.keyed[i]; ok {
			out[i] = v
		}
	}
	return out
}

// keysGroup holds the page objects taken while learning key listeners.
const keysGroup = "diwall-keys"

// keyListeners asks the page which of the snapshot's nodes it listens on
// for keys, in two round trips: the objects (the document and the window of
// the page's world, each field and its form from Diwall's world), then the
// listeners of the window and of the whole document, each with its node,
// and the nodes of those objects.
func keyListeners(ctx context.Context, b *browser.Browser, t *browser.Tab, snapshotID string, nodes []int) (map[int]bool, error) {
	world, err := b.World(ctx, t)
	if err != nil {
		return nil, err
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.Background(), helperWait)
		defer cancel()
		b.Pipeline(rctx, t, []browser.Command{
			{Method: "Runtime.releaseObjectGroup", Params: map[string]any{"objectGroup": keysGroup}, Optional: true},
		})
	}()
	snapJSON, _ := json.Marshal(snapshotID)
	evals := []map[string]any{
		{"expression": "document", "objectGroup": keysGroup},
		{"expression": "window", "objectGroup": keysGroup},
	}
	for _, i := range nodes {
		el := fmt.Sprintf("(globalThis.__diwall && globalThis.__diwall.snapshot === %s ? globalThis.__diwall.els[%d] : null)", snapJSON, i)
		evals = append(evals,
			map[string]any{"expression": el, "contextId": world, "objectGroup": keysGroup},
			map[string]any{"expression": fmt.Sprintf("((%s || {}).form || null)", el), "contextId": world, "objectGroup": keysGroup})
	}
	refs := make([]evalResult, len(evals))
	cmds := make([]browser.Command, len(evals))
	for j, p := range evals {
		cmds[j] = browser.Command{Method: "Runtime.evaluate", Params: p, Result: &refs[j]}
	}
	if err := b.Pipeline(ctx, t, cmds); err != nil {
		return nil, err
	}
	if refs[0].objectID() == "" || refs[1].objectID() == "" {
		return nil, fmt.Errorf("the page's document or window could not be taken")
	}
	var doc, win listeners
	described := make([]struct {
		Node struct {
			BackendNodeID int `json:"backendNodeId"`
		} `json:"node"`
	}, len(refs))
	cmds = []browser.Command{
		{Method: "DOMDebugger.getEventListeners", Params: map[string]any{"objectId": refs[0].objectID(), "depth": -1, "pierce": true}, Result: &doc},
		{Method: "DOMDebugger.getEventListeners", Params: map[string]any{"objectId": refs[1].objectID()}, Result: &win},
	}
	for j := range refs {
		if id := refs[j].objectID(); id != "" && j != 1 {
			cmds = append(cmds, browser.Command{Method: "DOM.describeNode", Params: map[string]any{"objectId": id}, Result: &described[j], Optional: true})
		}
	}
	if err := b.Pipeline(ctx, t, cmds); err != nil {
		return nil, err
	}
	keyed := map[int]bool{} // backend node id -> the page listens on it for keys
	for _, l := range doc.Listeners {
		if keyType(l.Type) {
			keyed[l.BackendNodeID] = true
		}
	}
	global := win.keys() || keyed[described[0].Node.BackendNodeID]
	out := make(map[int]bool, len(nodes))
	for n, i := range nodes {
		el, form := described[2+2*n].Node.BackendNodeID, described[3+2*n].Node.BackendNodeID
		out[i] = global || el != 0 && keyed[el] || form != 0 && keyed[form]
	}
	return out, nil
}

// listeners is the answer to DOMDebugger.getEventListeners.
type listeners struct {
	Listeners []struct {
		Type          string `json:"type"`
		BackendNodeID int    `json:"backendNodeId"`
	} `json:"listeners"`
}

// keys says whether any of the listeners is for keys.
func (l listeners) keys() bool {
	for _, x := range l.Listeners {
		if keyType(x.Type) {
			return true
		}
	}
	return false
}

func keyType(t string) bool {
	switch t {
	case "keydown", "keypress", "keyup":
		return true
	}
	return false
}
