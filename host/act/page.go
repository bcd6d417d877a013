package act

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

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
	Segmented bool     `json:"segmented"`
}

// page runs one of the helpers of page.js in the isolated world.
func (r *run) page(ctx context.Context, op string, args map[string]any) (pageResult, error) {
	if args == nil {
		args = map[string]any{}
	}
	args["snapshot"] = r.snap.ID
	opJSON, _ := json.Marshal(op)
	argJSON, err := json.Marshal(args)
	if err != nil {
		return pageResult{}, err
	}
	expr := fmt.Sprintf("%s(%s, %s)", pageSource, opJSON, argJSON)
	done := r.waiting()
	text, err := r.b.Evaluate(ctx, r.t, expr, 5000)
	done()
	if err != nil {
		return pageResult{}, err
	}
	var res pageResult
	if err := json.Unmarshal([]byte(text), &res); err != nil {
		return pageResult{}, fmt.Errorf("page helper %s: %w", op, err)
	}
	return res, nil
}

// errWorldGone reports that the snapshot's document is no longer there.
var errWorldGone = browser.ErrWorldGone
