package observe

import (
	"context"
	"fmt"

	"github.com/diwall/diwall/host/internal/browser"
)

// maxClosedRoots bounds the closed shadow roots opened per observation.
const maxClosedRoots = 16

// openClosedRoots finds the closed shadow roots of the given hosts (the
// serializer's node indexes) through DOM.describeNode with pierce, and hands
// them to Diwall's isolated world, where the next serializer run walks them
// like open ones. A closed root hides a component from page scripts, not
// from the person looking at the page. It returns how many it opened.
func openClosedRoots(ctx context.Context, b *browser.Browser, t *browser.Tab, hosts []int) (int, error) {
	world, err := b.World(ctx, t)
	if err != nil {
		return 0, err
	}
	const group = "diwall-roots"
	defer b.CDP(ctx, t, "Runtime.releaseObjectGroup", map[string]string{"objectGroup": group}, nil)
	opened := 0
	for _, i := range hosts[:min(len(hosts), maxClosedRoots)] {
		var host struct {
			Result struct {
				ObjectID string `json:"objectId"`
			} `json:"result"`
		}
		err := b.CDP(ctx, t, "Runtime.evaluate", map[string]any{
			"expression": fmt.Sprintf("globalThis.__diwall.els[%d]", i), "contextId": world, "objectGroup": group,
		}, &host)
		if err != nil || host.Result.ObjectID == "" {
			continue
		}
		var desc struct {
			Node struct {
				ShadowRoots []struct {
					BackendNodeID  int    `json:"backendNodeId"`
					ShadowRootType string `json:"shadowRootType"`
				} `json:"shadowRoots"`
			} `json:"node"`
		}
		if err := b.CDP(ctx, t, "DOM.describeNode", map[string]any{"objectId": host.Result.ObjectID, "depth": 0, "pierce": true}, &desc); err != nil {
			continue
		}
		for _, sr := range desc.Node.ShadowRoots {
			if sr.ShadowRootType != "closed" {
				continue
			}
			var root struct {
				Object struct {
					ObjectID string `json:"objectId"`
				} `json:"object"`
			}
			if err := b.CDP(ctx, t, "DOM.resolveNode", map[string]any{
				"backendNodeId": sr.BackendNodeID, "executionContextId": world, "objectGroup": group,
			}, &root); err != nil || root.Object.ObjectID == "" {
				continue
			}
			err := b.CDP(ctx, t, "Runtime.callFunctionOn", map[string]any{
				"objectId":            root.Object.ObjectID,
				"functionDeclaration": "function (host) { (globalThis.__diwallRoots ||= new WeakMap()).set(host, this); }",
				"arguments":           []map[string]string{{"objectId": host.Result.ObjectID}},
			}, nil)
			if err == nil {
				opened++
			}
		}
	}
	return opened, nil
}
