package act

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/diwall/diwall/host/internal/toolerr"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
)

// upload puts files of the upload folder into the mark's file input, as
// choosing them in the file chooser would (the page sees input and change).
func (r *run) upload(ctx context.Context, s Step, sr *StepResult) error {
	paths, err := UploadPaths(r.opts.UploadDir, s.Files)
	if err != nil {
		return err
	}
	res, err := fileTargetOp.do(ctx, r, nodeAt(r.snap.MarkNode[s.Mark]))
	if err != nil {
		return err
	}
	if err := r.checkLocated(res, s.Mark, sr); err != nil {
		return err
	}
	// The helper kept the input it found (in the element's frame): take it
	// by reference.
	fi, _ := r.snap.Where(r.snap.MarkNode[s.Mark])
	f := r.snap.FrameOf(fi)
	world, err := r.t.WorldIn(ctx, f)
	if err != nil {
		return err
	}
	var input cdp.EvaluateResult
	r.objects = true
	err = r.send(ctx, []browser.Command{{Method: cdp.RuntimeEvaluate, Params: cdp.EvaluateParams{
		Expression: "globalThis.__diwall.fileInput || null", ContextID: world, ObjectGroup: objectGroup,
	}, Result: &input, Session: f.Session}})
	if err != nil || r.dialogOpened {
		return r.t.WorldErrIn(f, world, err)
	}
	switch {
	case res.NotFile:
		return toolerr.Errorf(toolerr.CodeNotActionable, "Mark %d is not a file input (nor a label or area holding one). Upload to the element whose role is file-upload.", s.Mark)
	case len(paths) > 1 && !res.Multiple:
		return toolerr.Errorf(toolerr.CodeInvalidArgument, "The file input of mark %d takes one file; give one.", s.Mark)
	case input.ObjectID() == "":
		return toolerr.Errorf(toolerr.CodeElementGone, "The file input of mark %d is no longer on the page. Observe again.", s.Mark)
	}
	return r.send(ctx, []browser.Command{{Method: cdp.DOMSetFileInputFiles, Params: cdp.SetFileInputFilesParams{Files: paths, ObjectID: input.ObjectID()}, Session: f.Session}})
}

// UploadPaths resolves file names given by the model to files in dir, the
// profile's upload folder: a name is relative to dir (or an absolute path
// in it), symbolic links and ".." are resolved first, and whatever does not
// end inside dir as a regular file is refused. dir "" means no uploads.
func UploadPaths(dir string, names []string) ([]string, error) {
	if dir == "" {
		return nil, toolerr.Errorf(toolerr.CodePermissionDenied,
			"This session's profile has no upload folder, so no file can be uploaded. Ask the person to set upload_dir in the profile and put the files there.")
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, &toolerr.Error{Code: toolerr.CodePermissionDenied, Err: err,
			Msg: "The profile's upload folder cannot be read (it may not exist). Ask the person to create it or fix upload_dir."}
	}
	var out []string
	for _, name := range names {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		resolved, err := filepath.EvalSymlinks(p)
		if err != nil {
			if inside(root, filepath.Clean(p)) || inside(filepath.Clean(dir), filepath.Clean(p)) {
				return nil, toolerr.Errorf(toolerr.CodeInvalidArgument, "There is no file %q in the upload folder. %s", name, listing(root))
			}
			return nil, outside(name)
		}
		if !inside(root, resolved) {
			return nil, outside(name)
		}
		st, err := os.Stat(resolved)
		if err != nil || !st.Mode().IsRegular() {
			return nil, toolerr.Errorf(toolerr.CodeInvalidArgument, "%q is not a file in the upload folder. %s", name, listing(root))
		}
		out = append(out, resolved)
	}
	return out, nil
}

func outside(name string) *toolerr.Error {
	return toolerr.Errorf(toolerr.CodePermissionDenied,
		"%q is outside the upload folder; only files in it can be uploaded. Give a name of a file in it, or ask the person to put the file there.", name)
}

// inside says whether path is root or below it (both cleaned, absolute).
func inside(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// listing names the files at the top of the upload folder, for a message.
func listing(root string) string {
	entries, err := os.ReadDir(root)
	if err != nil {
		return ""
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, fmt.Sprintf("%q", e.Name()))
		}
	}
	if len(names) == 0 {
		return "The upload folder is empty: ask the person to put the file there."
	}
	sort.Strings(names)
	if len(names) > 20 {
		names = append(names[:20], "…")
	}
	return "Files there: " + strings.Join(names, ", ") + "."
}
