package act

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/observe"
)

// FileUploadRole is the role an observation gives a file input: clicking
// one opens a file chooser the model cannot use, so it is not a button to
// the model but a place for the upload step.
const FileUploadRole = "file-upload"

// MarkFileInputs makes the file inputs of an observation plain to the
// model: a file input's element gets the role file-upload (and the name
// "Choose file" when it has none), with what it accepts and the files it
// holds; a label or area that stands for a hidden file input gets the state
// file-upload. Its tree lines say the same. It is given to
// observe.Observe (observe.WithFileInputs), which calls it while the
// observation is made, when the page holds a file input: before the
// observation is kept, so that what it shows and what changed agree. It
// asks the page once; on any failure the observation stays as it was.
func MarkFileInputs(ctx context.Context, t *browser.Tab, snap *browser.Snapshot, tree []string, elements []observe.Element) {
	if snap == nil || len(elements) == 0 {
		return
	}
	elementOf := make(map[int]int, len(elements)) // node index -> element
	is := make([]int, 0, len(elements))
	for k, e := range elements {
		switch e.Role {
		case "textbox", "searchbox", "checkbox", "radio", "switch", "combobox", "listbox", "option", "slider", "spinbutton", "link", "menuitem", "tab":
			continue // never a file input
		}
		if i, ok := snap.MarkNode[e.Mark]; ok {
			elementOf[i] = k
			is = append(is, i)
		}
	}
	// (The file inputs of frames are not looked for.)
	is, back := mainNodes(snap, is)
	if len(is) == 0 {
		return
	}
	res, err := fileInputsOp.within(ctx, t, browser.Frame{}, fileInputsArgs{actArgs: actArgs{Snapshot: snap.ID}, Is: is}, helperWait)
	if err != nil {
		return
	}
	for _, f := range res.Found {
		k, ok := elementOf[back[f.I]]
		if !ok {
			continue
		}
		e := &elements[k]
		var words []string
		if f.Self {
			e.Role = FileUploadRole
			if e.Name == "" {
				e.Name = "Choose file"
			}
		} else {
			words = append(words, FileUploadRole)
		}
		if f.Accept != "" {
			words = append(words, "accept="+strings.ReplaceAll(f.Accept, " ", ""))
		}
		if f.Multiple {
			words = append(words, "multiple")
		}
		if len(f.Files) > 0 {
			words = append(words, "chosen="+strings.Join(f.Files, ","))
		} else {
			words = append(words, "no file chosen")
		}
		e.State = append(e.State, words...)
		relabel(tree, e.Mark, f.Self, e.Name, words)
	}
}

// relabel rewrites the tree line of mark as MarkFileInputs rewrote its
// element: role file-upload (and a name) for the input itself, the state
// words added after the mark.
func relabel(tree []string, mark int, self bool, name string, words []string) {
	re := regexp.MustCompile(`^(\s*)(\S+)( "(?:[^"\\]|\\.)*")? \[` + strconv.Itoa(mark) + `\]`)
	for j, line := range tree {
		m := re.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		head := line[:m[1]]
		if self {
			quoted := ""
			if m[6] >= 0 {
				quoted = line[m[6]:m[7]]
			} else {
				quoted = ` "` + name + `"`
			}
			head = line[m[2]:m[3]] + FileUploadRole + quoted + " [" + strconv.Itoa(mark) + "]"
		}
		tree[j] = head + " " + strings.Join(words, " ") + line[m[1]:]
		return
	}
}
