package observe

import (
	"context"
	"sync"

	"github.com/diwall/diwall/host/internal/axrole"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
)

// maxUnsure bounds the nodes whose role and name are asked of Chrome.
const maxUnsure = 40

// axGroup holds the elements whose role and name are asked of Chrome.
const axGroup = "diwall-ax"

// Path selects how roles and names are found. PathAuto (the default) takes
// the serializer's and asks Chrome about the nodes it was unsure of;
// PathChrome asks Chrome about every node, which is slow and exists so
// that tests can prove both paths read a page the same way.
type Path int

// Observation paths.
const (
	PathAuto Path = iota
	PathChrome
)

// PathFromEnv reads DIWALL_TEST_OBSERVE_PATH ("chrome" or empty).
func PathFromEnv(getenv func(string) string) Path {
	if getenv("DIWALL_TEST_OBSERVE_PATH") == "chrome" {
		return PathChrome
	}
	return PathAuto
}

// askChrome replaces the role and name of the nodes the serializer was not
// sure of with Chrome's own, and returns how many it asked about.
// Nodes of frames read (fm) are asked of Chrome in their frame.
func askChrome(ctx context.Context, t *browser.Tab, r *raw, fm *frameMap, path Path) int {
	var unsure []int
	for i, n := range r.Nodes {
		switch {
		case path == PathChrome && n.Role != "text" && n.Frame == 0:
			unsure = append(unsure, i)
		case n.Unsure == 1 && len(unsure) < maxUnsure:
			unsure = append(unsure, i)
		}
	}
	if len(unsure) == 0 {
		return 0
	}
	defer func() {
		for _, f := range append([]browser.Frame{{}}, fm.childFrames()...) {
			_ = t.CDPIn(ctx, f.Session, cdp.RuntimeReleaseObjectGroup, cdp.ReleaseObjectGroupParams{ObjectGroup: axGroup}, nil)
		}
	}()
	var wg sync.WaitGroup
	sem := make(chan struct{}, 16) // requests in flight to the extension
	for _, i := range unsure {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			f, local := browser.Frame{}, i
			if fm != nil {
				p := fm.place[i]
				f, local = fm.frames[p.Frame].frame, int(p.Local)
			}
			role, name, ok := chromeRoleName(ctx, t, f, local)
			if !ok {
				return
			}
			n := &r.Nodes[i]
			if role != "" && !(axrole.Neutral(role) && axrole.Neutral(n.Role)) {
				n.Role = role
			}
			if n.NameHidden == 1 {
				// A heading's or a cell's name keeps to what a person sees;
				// Chrome's also counts text hidden from sight (sr-only),
				// which observe leaves out of the page's text on purpose.
				return
			}
			n.Name = name
		}()
	}
	wg.Wait()
	return len(unsure)
}

func chromeRoleName(ctx context.Context, t *browser.Tab, f browser.Frame, i int) (role, name string, ok bool) {
	world, err := t.WorldIn(ctx, f)
	if err != nil {
		return "", "", false
	}
	el, err := elementObject(ctx, t, f, world, i, axGroup)
	if err != nil || el == "" {
		return "", "", false
	}
	var ax cdp.GetPartialAXTreeResult
	if err := t.CDPIn(ctx, f.Session, cdp.AccessibilityGetPartialAXTree, cdp.GetPartialAXTreeParams{
		ObjectID: el, FetchRelatives: false,
	}, &ax); err != nil || len(ax.Nodes) == 0 || ax.Nodes[0].Ignored {
		// A node Chrome leaves out of its tree (content not yet laid out,
		// an inert one) has no role or name to tell.
		return "", "", false
	}
	if ax.Nodes[0].Role != nil {
		role = axrole.Of(ax.Nodes[0].Role.Value)
	}
	if ax.Nodes[0].Name != nil {
		name = ax.Nodes[0].Name.Value
	}
	return role, name, true
}
