package observe

import (
	"context"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// maxClosedRoots bounds the closed shadow roots opened per observation.
const maxClosedRoots = 16

// openClosedRoots finds the closed shadow roots of the given hosts (the
// serializer's node indexes) through DOM.describeNode with pierce, and hands
// them to Diwall's isolated world, where the next serializer run walks them
// like open ones. A closed root hides a component from page scripts, not
// from the person looking at the page. It returns how many it opened.
func openClosedRoots(ctx context.Context, t *browser.Tab, hosts []int) (int, error) {
	world, err := t.World(ctx)
	if err != nil {
		return 0, err
	}
	const group = "diwall-roots"
	defer func() {
		_ = t.CDP(ctx, cdp.RuntimeReleaseObjectGroup, cdp.ReleaseObjectGroupParams{ObjectGroup: group}, nil)
	}()
	opened := 0
	nodeOnly := 0
	for _, i := range hosts[:min(len(hosts), maxClosedRoots)] {
		host, err := elementObject(ctx, t, browser.Frame{}, world, i, group)
		if err != nil || host == "" {
			continue
		}
		var desc cdp.DescribeNodeResult
		if err := t.CDP(ctx, cdp.DOMDescribeNode, cdp.DescribeNodeParams{ObjectID: host, Depth: &nodeOnly, Pierce: true}, &desc); err != nil {
			continue
		}
		for _, sr := range desc.Node.ShadowRoots {
			if sr.ShadowRootType != "closed" {
				continue
			}
			var root cdp.ResolveNodeResult
			if err := t.CDP(ctx, cdp.DOMResolveNode, cdp.ResolveNodeParams{
				BackendNodeID: sr.BackendNodeID, ExecutionContextID: world, ObjectGroup: group,
			}, &root); err != nil || root.Object.ObjectID == "" {
				continue
			}
			err := t.CDP(ctx, cdp.RuntimeCallFunctionOn, cdp.CallFunctionOnParams{
				ObjectID:            root.Object.ObjectID,
				FunctionDeclaration: pagescript.HoldClosedRoot,
				Arguments:           []cdp.CallArgument{{ObjectID: host}},
			}, nil)
			if err == nil {
				opened++
			}
		}
	}
	return opened, nil
}
