package observe

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/diwall/diwall/host/browser"
)

// The capture guard (guard.js) brackets every screenshot: started just
// before it, finished just after, it knows every position each sensitive
// field and frame had in the frames the page rendered in between, holds
// still the animations that would move them, and says when it cannot be
// sure. See guard.js for what it watches and how.

//go:embed guard.js
var guardSource string

// guardReport is what guard.js finish returns.
type guardReport struct {
	// Lost: the guard was gone (the document changed, or it ended itself).
	Lost bool `json:"lost"`
	// Why is not empty when the boxes cannot be trusted.
	Why   string     `json:"why"`
	Boxes []guardBox `json:"boxes"`
	// Watched are the serializer's indexes of the watched elements.
	Watched  []int      `json:"watched"`
	Measures int        `json:"measures"`
	VP       [2]float64 `json:"vp"`
}

// guardBox is a watched element's box over the whole guard: the bounding
// box of all its visible positions, in CSS pixels from the viewport.
type guardBox struct {
	I     int       `json:"i"` // serializer index, -1 when the serializer did not report it
	B     []float64 `json:"b"` // x, y, w, h
	Frame int       `json:"fr"`
	Moved int       `json:"mv"`
}

// guard is one started guard.
type guard struct {
	b        *browser.Browser
	t        *browser.Tab
	id       string
	snapshot string
	done     bool
}

// guardLibrary names the guard's start function in the isolated world, by
// a digest of its source: a host of another version installs its own.
var guardLibrary = func() string {
	sum := sha256.Sum256([]byte(guardSource))
	return "__diwallGuardLib_" + hex.EncodeToString(sum[:6])
}()

// guardMissing is what the short start expression returns when the
// isolated world does not hold the library yet (a new document).
const guardMissing = "diwall: no guard library"

// guardStartExpression calls the library with opts; with install it first
// installs the library (its source is about 20 KB, which costs several ms
// through chrome.debugger, measured: it is sent once per document).
func guardStartExpression(opts map[string]any, install bool) string {
	o, _ := json.Marshal(opts)
	lib := "globalThis." + guardLibrary
	if !install {
		return fmt.Sprintf("%s ? %s(%s) : %q", lib, lib, o, guardMissing)
	}
	c, _ := json.Marshal(map[string]string{"sensitive": sensitiveSource, "notSensitive": notSensitiveSource})
	return fmt.Sprintf("(%s = (%s)(%s))(%s)", lib, guardSource, c, o)
}

// guardFinishExpression finishes the guard id, if it is still the page's.
func guardFinishExpression(id string) string {
	q, _ := json.Marshal(id)
	return fmt.Sprintf(`((g) => g && g.id === %s ? (globalThis.__diwallGuard = null, g.finish()) : JSON.stringify({lost: true, why: "the guard was gone"}))(globalThis.__diwallGuard)`, q)
}

// startGuard starts a guard in the tab's isolated world. extra names the
// serializer's nodes (of snapshot) to watch besides those the guard finds.
func startGuard(ctx context.Context, b *browser.Browser, t *browser.Tab, snapshot string, extra []int) (*guard, error) {
	g := &guard{b: b, t: t, id: newID(), snapshot: snapshot}
	if extra == nil {
		extra = []int{}
	}
	opts := map[string]any{"id": g.id, "snapshot": snapshot, "extra": extra}
	world, err := b.World(ctx, t)
	if err != nil {
		return nil, err
	}
	// A world the library was installed in has it still (the page cannot
	// reach it); a new one (a new document) gets it with the first call.
	install := !b.Installed(t, world, guardName)
	text, err := evaluateAwait(ctx, b, t, guardStartExpression(opts, install))
	if err == nil && text == guardMissing {
		_, err = evaluateAwait(ctx, b, t, guardStartExpression(opts, true))
	}
	if err != nil {
		return nil, err
	}
	b.SetInstalled(t, world, guardName)
	return g, nil
}

// guardName names the guard library among the host's scripts of a world
// (browser.Installed).
const guardName = "guard"

// finish ends the guard and returns its report.
func (g *guard) finish(ctx context.Context) (*guardReport, error) {
	g.done = true
	text, err := evaluateAwait(ctx, g.b, g.t, guardFinishExpression(g.id))
	if err != nil {
		return nil, err
	}
	var rep guardReport
	if err := json.Unmarshal([]byte(text), &rep); err != nil {
		return nil, fmt.Errorf("capture guard: %w", err)
	}
	for _, bx := range rep.Boxes {
		if len(bx.B) != 4 {
			return nil, fmt.Errorf("capture guard: a box of %d numbers", len(bx.B))
		}
	}
	return &rep, nil
}

// abandon ends a guard that was not finished (the observation failed on
// the way), so that the page's animations run again at once rather than
// when the guard ends itself. It does not wait: a page blocked by a dialog
// would hold the observation that reports the dialog.
func (g *guard) abandon() {
	if g == nil || g.done {
		return
	}
	g.done = true
	if g.b.Info(g.t).Dialog != nil {
		return // the guard ends itself
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		evaluateAwait(ctx, g.b, g.t, guardFinishExpression(g.id))
	}()
}

// evaluateAwait is browser.Evaluate for an expression whose value may be a
// promise of the string.
func evaluateAwait(ctx context.Context, b *browser.Browser, t *browser.Tab, expression string) (string, error) {
	world, err := b.World(ctx, t)
	if err != nil {
		return "", err
	}
	var res struct {
		Result struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception *struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	err = b.CDPUnlessDialog(ctx, t, "Runtime.evaluate", map[string]any{
		"expression": expression, "contextId": world, "returnByValue": true, "awaitPromise": true, "timeout": 2000,
	}, &res)
	if err != nil {
		if strings.Contains(err.Error(), "context") && strings.Contains(err.Error(), "find") {
			b.ForgetWorld(t, world)
			return "", fmt.Errorf("%w: %v", browser.ErrWorldGone, err)
		}
		return "", err
	}
	if d := res.ExceptionDetails; d != nil {
		msg := d.Text
		if d.Exception != nil {
			msg = d.Exception.Description
		}
		return "", fmt.Errorf("page script failed: %s", msg)
	}
	var s string
	if res.Result.Type != "string" || json.Unmarshal(res.Result.Value, &s) != nil {
		return "", errors.New("capture guard: no report")
	}
	return s, nil
}
