package act

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// Which fields the page listens on for keys (keydown, keypress or keyup,
// on the field or an element around it, the document or the window)
// decides how a type step types (see typing.go). Chrome tells only of the
// listeners of the world the object is asked from, so they are asked from
// the page's own world (see keyListeners). LearnKeys does it in the
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
	done chan struct{}
	// Set before done is closed: node index -> the page listens for keys
	// on the field; whether the page listens for input or keys anywhere.
	keyed       map[int]bool
	pageListens bool
	learnt      bool
}

// LearnKeys starts learning, in the background, which of the text fields
// of a snapshot (its elements, by mark) its page listens on for keys. It
// is given to observe.Observe (observe.WhenMarked), which calls it while
// the capture is on its way, once the marks are known: the learning is
// done by the time the observation is answered, not beside the answer.
func LearnKeys(t *browser.Tab, snap *browser.Snapshot, elements []observe.Element) {
	if snap == nil {
		return
	}
	var nodes []int
	for _, e := range elements {
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
		if got, err := keyListenersOf(ctx, t, snap, nodes); err == nil {
			info.keyed, info.pageListens, info.learnt = got.keyed, got.pageListens, true
		}
	}()
}

// learnt returns what LearnKeys learnt of the snapshot's nodes, waiting
// for it when it is under way; nodes it did not learn are absent, and ok
// is false when it learnt nothing.
func learnt(ctx context.Context, snapshotID string, nodes []int) (got keyInfo, ok bool) {
	got.keyed = map[int]bool{}
	learning.Lock()
	info := learning.bySnapshot[snapshotID]
	learning.Unlock()
	if info == nil {
		return got, false
	}
	wait := time.NewTimer(helperWait)
	defer wait.Stop()
	select {
	case <-info.done:
	case <-wait.C:
		return got, false
	case <-ctx.Done():
		return got, false
	}
	for _, i := range nodes {
		if v, ok := info.keyed[i]; ok {
			got.keyed[i] = v
		}
	}
	got.pageListens = info.pageListens
	return got, info.learnt
}

// keysGroup holds the page objects taken while learning key listeners.
const keysGroup = "diwall-keys"

// keyListeners asks the page which of the snapshot's nodes it listens on
// for keys, on the node itself or an element around it (a form, a list
// that delegates), or on the document or the window. Two round trips when
// no element listens for keys, the common case: the document and the
// window of the page's world, then their listeners, the whole document's
// with the node each is on. Two more otherwise: those nodes in Diwall's
// world, then which of the snapshot's nodes lie within them.
func keyListeners(ctx context.Context, t *browser.Tab, snapshotID string, nodes []int) (keyInfo, error) {
	var none keyInfo
	world, err := t.World(ctx)
	if err != nil {
		return none, err
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.Background(), helperWait)
		defer cancel()
		_ = t.Pipeline(rctx, []browser.Command{
			{Method: cdp.RuntimeReleaseObjectGroup, Params: cdp.ReleaseObjectGroupParams{ObjectGroup: keysGroup}, Optional: true},
		})
	}()
	// The page's own world (no context id): Chrome reports the listeners
	// of the world the object is asked from.
	var doc, win cdp.EvaluateResult
	err = t.Pipeline(ctx, []browser.Command{
		{Method: cdp.RuntimeEvaluate, Params: cdp.EvaluateParams{Expression: "document", ObjectGroup: keysGroup}, Result: &doc},
		{Method: cdp.RuntimeEvaluate, Params: cdp.EvaluateParams{Expression: "window", ObjectGroup: keysGroup}, Result: &win},
	})
	if err != nil {
		return none, err
	}
	if doc.ObjectID() == "" || win.ObjectID() == "" {
		return none, fmt.Errorf("the page's document or window could not be taken")
	}
	var docListeners, winListeners listeners
	var docNode cdp.DescribeNodeResult
	err = t.Pipeline(ctx, []browser.Command{
		// With the handlers, to leave out Diwall's own counters (act.js).
		{Method: cdp.DOMDebuggerGetEventListeners, Params: cdp.GetEventListenersParams{ObjectID: doc.ObjectID(), Depth: -1, Pierce: true}, Result: &docListeners},
		{Method: cdp.DOMDebuggerGetEventListeners, Params: cdp.GetEventListenersParams{ObjectID: win.ObjectID()}, Result: &winListeners},
		{Method: cdp.DOMDescribeNode, Params: cdp.DescribeNodeParams{ObjectID: doc.ObjectID()}, Result: &docNode},
	})
	if err != nil {
		return none, err
	}
	out := keyInfo{keyed: make(map[int]bool, len(nodes)), learnt: true}
	global := winListeners.keys()
	var listening []int // elements the page listens on for keys
	for _, l := range append(docListeners.Listeners, winListeners.Listeners...) {
		if strings.Contains(l.Handler.Description, ownCounter) {
			continue
		}
		if keyType(l.Type) || l.Type == "input" || l.Type == "beforeinput" || l.Type == "textInput" {
			out.pageListens = true
		}
		if !keyType(l.Type) || l.BackendNodeID == 0 {
			continue
		}
		if l.BackendNodeID == docNode.Node.BackendNodeID {
			global = true
		} else if !slices.Contains(listening, l.BackendNodeID) {
			listening = append(listening, l.BackendNodeID)
		}
	}
	for _, i := range nodes {
		out.keyed[i] = global
	}
	if global || len(listening) == 0 {
		return out, nil
	}
	if len(listening) > 200 {
		listening = listening[:200]
	}
	resolved := make([]cdp.ResolveNodeResult, len(listening))
	cmds := make([]browser.Command, len(listening))
	for k, id := range listening {
		cmds[k] = browser.Command{Method: cdp.DOMResolveNode, Params: cdp.ResolveNodeParams{
			BackendNodeID: id, ExecutionContextID: world, ObjectGroup: keysGroup,
		}, Result: &resolved[k], Optional: true}
	}
	if err := t.Pipeline(ctx, cmds); err != nil {
		return none, err
	}
	want := map[string]any{"snapshot": snapshotID, "nodes": nodes}
	args := []cdp.CallArgument{{Value: want}}
	for _, r := range resolved {
		if r.Object.ObjectID != "" {
			args = append(args, cdp.CallArgument{ObjectID: r.Object.ObjectID})
		}
	}
	if len(args) == 1 {
		return out, nil
	}
	var within cdp.EvaluateResult
	err = t.Pipeline(ctx, []browser.Command{{Method: cdp.RuntimeCallFunctionOn, Params: cdp.CallFunctionOnParams{
		FunctionDeclaration: withinSource,
		ObjectID:            args[1].ObjectID,
		Arguments:           args,
		ReturnByValue:       true,
	}, Result: &within}})
	if err != nil {
		return none, err
	}
	text, err := browser.StringResult(&within)
	if err != nil {
		return none, err
	}
	var keyed []int
	if err := json.Unmarshal([]byte(text), &keyed); err != nil {
		return none, err
	}
	for _, i := range keyed {
		out.keyed[i] = true
	}
	return out, nil
}

// withinSource is a function, run in Diwall's world with the snapshot's
// id and nodes and the elements the page listens on for keys as
// arguments, that answers, as JSON, which of the snapshot's nodes are such
// an element or lie within one (pagescript's keys_within.js).
var withinSource = pagescript.KeysWithin

// listeners is the answer to DOMDebugger.getEventListeners.
type listeners cdp.GetEventListenersResult

// ownCounter names the listeners of act.js that count the page's events.
const ownCounter = "__diwallCounter"

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
