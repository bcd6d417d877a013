package observe

import (
	"fmt"

	// The serializer's answer is the largest JSON the host reads on every
	// observe (a megabyte on a page of 10,000 elements); this decoder, which
	// the MCP SDK already brings, reads it in about half the time of
	// encoding/json (measured: 14 against 28 ms).
	json "github.com/segmentio/encoding/json"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// raw is what the page serializer returns.
type raw struct {
	VP struct {
		W   float64 `json:"w"`
		H   float64 `json:"h"`
		SX  float64 `json:"sx"`
		SY  float64 `json:"sy"`
		CH  float64 `json:"ch"`
		CW  float64 `json:"cw"`
		DPR float64 `json:"dpr"`
	} `json:"vp"`
	Stale  bool      `json:"stale"` // read: the snapshot is not the page's
	Gone   bool      `json:"gone"`  // read: the region's element is gone
	Title  string    `json:"title"`
	URL    string    `json:"url"`
	Hidden int       `json:"hidden"`
	Inert  int       `json:"inert"` // inert subtrees left out
	Focus  int       `json:"focus"`
	Closed []int     `json:"closed"` // hosts that may have a closed shadow root
	Nodes  []rawNode `json:"nodes"`
	Files  int       `json:"files"` // 1: the document (or a shadow root walked) holds a file input
	// Follows 1: the nodes carry their indexes in the snapshot the options'
	// since named (rawNode.Prior).
	Follows int `json:"follows"`
}

// rawNode is one node as the serializer saw it. Short keys keep the one
// string the page returns small.
type rawNode struct {
	Parent   int    `json:"p"`
	Role     string `json:"r"`
	Tag      string `json:"tg"`
	Name     string `json:"n"`
	NameFrom int    `json:"nf"` // 1: the name is the node's own text
	// NameHidden 1: the name from content left out text a person cannot
	// see (which Chrome's counts), where the name doubles as page text.
	NameHidden int       `json:"nh"`
	Text       string    `json:"tx"`
	Value      *string   `json:"v"`
	States     rawStates `json:"s"`
	Box        []float64 `json:"b"` // x, y, w, h in CSS px, viewport-relative
	Act        int       `json:"a"` // actionable facts, see pageConstants.Act
	Cues       *rawCues  `json:"cue"`
	PageSens   int       `json:"sx"` // the page side withheld the value
	Frame      int       `json:"fr"` // 1: a frame's element (masked); 2: a frame read (frames.go)
	Unsure     int       `json:"u"`  // Chrome's role or name may differ
	InView     int       `json:"iv"` // actionable and intersecting the viewport
	Covered    *int      `json:"cov"`
	Prior      *int      `json:"m"`  // read, or since: the node's index in the snapshot
	Inline     int       `json:"il"` // 1: an element displayed inline
	// SpaceBefore 1: text the page wrote with white space before it (or
	// at the end of the text before).
	SpaceBefore int `json:"sb"`
}

type rawStates struct {
	Checked  any    `json:"checked"` // bool or "mixed"
	Disabled bool   `json:"disabled"`
	Expanded *bool  `json:"expanded"`
	Selected *bool  `json:"selected"`
	Required bool   `json:"required"`
	ReadOnly bool   `json:"readonly"`
	Pressed  any    `json:"pressed"`
	Level    int    `json:"level"`
	HasPopup string `json:"haspopup"`
	Invalid  bool   `json:"invalid"`
}

type rawCues struct {
	Type         string `json:"t"`
	Autocomplete string `json:"ac"`
	Name         string `json:"nm"`
	ID           string `json:"id"`
	Placeholder  string `json:"ph"`
}

// Actionable facts the serializer reports that the host reads (all of
// them: pagescript's page_constants.json).
var (
	actInteractive = pagescript.Shared.Act.Interactive
	actPointer     = pagescript.Shared.Act.Pointer
	actEditable    = pagescript.Shared.Act.Editable
	actDraggable   = pagescript.Shared.Act.Draggable
	actFocusOnly   = pagescript.Shared.Act.TabIndex | pagescript.Shared.Act.Roving
)

func parseRaw(data []byte) (*raw, error) {
	var r raw
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("page serializer: %w", err)
	}
	for i, n := range r.Nodes {
		if n.Parent < -1 || n.Parent >= i {
			return nil, fmt.Errorf("page serializer: node %d has parent %d", i, n.Parent)
		}
		if n.Box != nil && len(n.Box) != 4 {
			return nil, fmt.Errorf("page serializer: node %d has a box of %d numbers", i, len(n.Box))
		}
		// The words a tree line gives unquoted are Diwall's own: a role
		// or a popup kind the host does not know is not written.
		if !roleWord(n.Role) {
			r.Nodes[i].Role = "generic"
		}
		if !popupKinds[n.States.HasPopup] {
			r.Nodes[i].States.HasPopup = ""
		}
	}
	return &r, nil
}

// popupKinds are aria-haspopup's values but false (true is menu): any other
// value means false in ARIA.
var popupKinds = map[string]bool{"": true, "menu": true, "listbox": true, "tree": true, "grid": true, "dialog": true}

// roleWord reports whether role can be a role's name: lower-case letters
// and hyphens, as ARIA's and Chrome's are.
func roleWord(role string) bool {
	if role == "" || len(role) > 40 {
		return false
	}
	for _, c := range role {
		if (c < 'a' || c > 'z') && c != '-' {
			return false
		}
	}
	return true
}
