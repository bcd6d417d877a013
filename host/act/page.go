package act

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/diwall/diwall/host/browser"
)

//go:embed page.js
var pageSource string

// pageResult is what the page helpers answer; each op sets its own fields.
type pageResult struct {
	Stale     bool     `json:"stale"`
	Gone      bool     `json:"gone"`
	Invisible bool     `json:"invisible"`
	Disabled  bool     `json:"disabled"`
	ReadOnly  bool     `json:"readonly"`
	X         float64  `json:"x"`
	Y         float64  `json:"y"`
	Covered   *int     `json:"covered"`
	Focused   bool     `json:"focused"`
	Checked   *bool    `json:"checked"`
	NotSelect bool     `json:"notSelect"`
	Single    bool     `json:"single"`
	Missing   string   `json:"missing"`
	Options   []string `json:"options"`
	Chosen    []string `json:"chosen"`
	Found     bool     `json:"found"`
	File      bool     `json:"file"` // locate: the element is a file input
	// typeTarget: the kind of field (text, segmented, editable, other),
	// whether the page wants each key, whether the caret is at the end,
	// and whether the field is empty.
	Kind  string `json:"kind"`
	Keyed bool   `json:"keyed"`
	AtEnd bool   `json:"atEnd"`
	Empty bool   `json:"empty"`
	// Seen counts the page's trusted events (see page.js); NotYet says a
	// helper guarded by After found the page had not taken them yet.
	Seen   *counts `json:"seen"`
	NotYet bool    `json:"notYet"`
	// fileTarget
	NotFile  bool   `json:"notFile"`
	Multiple bool   `json:"multiple"`
	Accept   string `json:"accept"`
}

// counts are the page's trusted beforeinput, keyup and click events.
type counts struct {
	BeforeInput int `json:"bi"`
	KeyUp       int `json:"ku"`
	Click       int `json:"cl"`
}

// helperWait bounds one page helper: a page whose main thread is stuck
// runs nothing.
const helperWait = 5 * time.Second

// helperName names page.js among the scripts of the isolated world.
const helperName = "act"

// uninstalled is what a call of the helpers answers in a world that does
// not have them (a world made since they were defined).
const uninstalled = `{"uninstalled":true}`

// helperCall is the expression that runs op of page.js in world: its name
// and arguments once the helpers are defined there, else the whole source,
// which defines them.
func helperCall(b *browser.Browser, t *browser.Tab, world int, op string, args map[string]any) (string, error) {
	opJSON, _ := json.Marshal(op)
	argJSON, err := json.Marshal(args)
	if err != nil {
		return "", err
	}
	if b.Installed(t, world, helperName) {
		return fmt.Sprintf("globalThis.__diwallAct ? globalThis.__diwallAct(%s, %s) : %q", opJSON, argJSON, uninstalled), nil
	}
	return fmt.Sprintf("(globalThis.__diwallAct = %s)(%s, %s)", pageSource, opJSON, argJSON), nil
}

// helper runs op of page.js in the tab's isolated world and returns its
// JSON answer.
func helper(ctx context.Context, b *browser.Browser, t *browser.Tab, op string, args map[string]any) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, helperWait)
	defer cancel()
	for attempt := 0; ; attempt++ {
		world, err := b.World(ctx, t)
		if err != nil {
			return "", err
		}
		expr, err := helperCall(b, t, world, op, args)
		if err != nil {
			return "", err
		}
		text, err := b.Evaluate(ctx, t, expr, int(helperWait.Milliseconds()))
		if err != nil {
			return "", err
		}
		if text != uninstalled {
			b.SetInstalled(t, world, helperName)
			return text, nil
		}
		if attempt > 0 {
			return "", fmt.Errorf("page helpers could not be defined")
		}
		b.SetInstalled(t, 0, helperName)
	}
}

// args adds the snapshot's id to a helper's arguments.
func (r *run) args(args map[string]any) map[string]any {
	if args == nil {
		args = map[string]any{}
	}
	args["snapshot"] = r.snap.ID
	return args
}

// page runs one of the helpers of page.js in the isolated world. While a
// type step's input is in flight (see startInflight), the helper is sent
// right behind it, guarded: it does nothing until the page has counted the
// input's events, and is run again once the input is known to be done if
// it answered notYet.
func (r *run) page(ctx context.Context, op string, args map[string]any) (pageResult, error) {
	args = r.args(args)
	if r.inflight == nil {
		return r.helper(ctx, op, args)
	}
	args["after"] = r.expect
	res, err := r.helper(ctx, op, args)
	delete(args, "after")
	if ferr := r.finishInflight(); ferr != nil {
		return pageResult{}, ferr
	}
	if r.dialogOpened {
		return pageResult{}, browser.ErrDialogOpened
	}
	if err == nil && res.NotYet {
		return r.helper(ctx, op, args)
	}
	return res, err
}

func (r *run) helper(ctx context.Context, op string, args map[string]any) (pageResult, error) {
	done := r.waiting()
	text, err := helper(ctx, r.b, r.t, op, args)
	done()
	if err != nil {
		return pageResult{}, err
	}
	return decodeResult(op, text)
}

func decodeResult(op, text string) (pageResult, error) {
	var res pageResult
	if err := json.Unmarshal([]byte(text), &res); err != nil {
		return pageResult{}, fmt.Errorf("page helper %s: %w", op, err)
	}
	return res, nil
}

// errWorldGone reports that the snapshot's document is no longer there.
var errWorldGone = browser.ErrWorldGone
