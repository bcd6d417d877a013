package act

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// TestUploadPaths: only regular files inside the upload folder, after
// symbolic links and ".." are resolved; no folder means no upload.
func TestUploadPaths(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "uploads")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o700); err != nil {
		t.Fatal(err)
	}
	write := func(p string) {
		if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(dir, "cv.pdf"))
	write(filepath.Join(dir, "sub", "photo.png"))
	write(filepath.Join(base, "secret.txt"))
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "link-out.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "cv.pdf"), filepath.Join(dir, "link-in.pdf")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(base, filepath.Join(dir, "up")); err != nil {
		t.Fatal(err)
	}

	resolved := func(p string) string {
		r, _ := filepath.EvalSymlinks(p)
		return r
	}
	got, err := UploadPaths(dir, []string{"cv.pdf", "sub/photo.png", "link-in.pdf", filepath.Join(dir, "cv.pdf")})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{resolved(filepath.Join(dir, "cv.pdf")), resolved(filepath.Join(dir, "sub", "photo.png")), resolved(filepath.Join(dir, "cv.pdf")), resolved(filepath.Join(dir, "cv.pdf"))}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("path %d = %s, want %s", i, got[i], want[i])
		}
	}
	cases := map[string]toolerr.Code{
		"../secret.txt":                       toolerr.CodePermissionDenied,
		"sub/../../secret.txt":                toolerr.CodePermissionDenied,
		"link-out.txt":                        toolerr.CodePermissionDenied,
		"up/secret.txt":                       toolerr.CodePermissionDenied,
		filepath.Join(base, "secret.txt"):     toolerr.CodePermissionDenied,
		"/etc/passwd":                         toolerr.CodePermissionDenied,
		"../nothing-there":                    toolerr.CodePermissionDenied,
		"missing.pdf":                         toolerr.CodeInvalidArgument,
		"sub":                                 toolerr.CodeInvalidArgument,
		filepath.Join(dir, "missing-too.pdf"): toolerr.CodeInvalidArgument,
	}
	for name, code := range cases {
		_, err := UploadPaths(dir, []string{"cv.pdf", name})
		if e := toolerr.From(err); err == nil || e.Code != code {
			t.Errorf("%q: %v, want %s", name, err, code)
		}
	}
	if _, err := UploadPaths("", []string{"cv.pdf"}); toolerr.From(err).Code != toolerr.CodePermissionDenied {
		t.Errorf("no upload folder: %v", err)
	}
}

// TestRelabel: a file input's tree line says file-upload, with a name when
// it had none, and its states; another mark's line is left alone.
func TestRelabel(t *testing.T) {
	tree := []string{
		`form "Apply"`,
		`  button "Résumé [3]" [3] required`,
		`  button [4]`,
		`  generic [5]: Drop files here`,
		`  button "Send" [6]`,
	}
	relabel(tree, 3, true, "Résumé [3]", []string{"accept=.pdf", "no file chosen"})
	relabel(tree, 4, true, "Choose file", []string{"no file chosen"})
	relabel(tree, 5, false, "", []string{"file-upload", "no file chosen"})
	want := []string{
		`form "Apply"`,
		`  file-upload "Résumé [3]" [3] accept=.pdf no file chosen required`,
		`  file-upload "Choose file" [4] no file chosen`,
		`  generic [5] file-upload no file chosen: Drop files here`,
		`  button "Send" [6]`,
	}
	for i := range want {
		if tree[i] != want[i] {
			t.Errorf("line %d = %q, want %q", i, tree[i], want[i])
		}
	}
}
