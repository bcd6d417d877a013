package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// elementOf finds an element of an observation by its mark.
func elementOf(o observation, mark int) map[string]any {
	for _, e := range o.Elements {
		if int(e["mark"].(float64)) == mark {
			return e
		}
	}
	return nil
}

// stateText is an element's states as one string.
func stateText(e map[string]any) string { return strings.Join(states(e), " ") }

// TestActUpload: file inputs are observed as file-upload, with what they
// accept; upload puts files of the profile's upload folder into them (the
// page sees change, the form posts them), and nothing outside that folder.
func TestActUpload(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "uploads")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, body := range map[string]string{
		"resume.pdf": "%PDF-1.4 Ada's resume", "photo1.png": "PNG one", "photo2.png": "PNG two", "me.png": "PNG avatar",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(base, "secret.txt"), []byte("SECRET-OUTSIDE"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(base, "secret.txt"), filepath.Join(dir, "looks-inside.txt")); err != nil {
		t.Fatal(err)
	}
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "up", "sites = [\"http://127.0.0.1:*\"]\nupload_dir = \""+dir+"\"\n")
	}, nil, "--profile", "up")
	bs.openPage("/act/upload.html")
	o := bs.observe()

	resume := markOf(t, o, "file-upload", "Résumé")
	photos := markOf(t, o, "file-upload", "Photos")
	if s := stateText(elementOf(o, resume)); !strings.Contains(s, "accept=.pdf,.txt") || !strings.Contains(s, "no file chosen") {
		t.Errorf("the résumé input's states: %q", s)
	}
	if s := stateText(elementOf(o, photos)); !strings.Contains(s, "multiple") {
		t.Errorf("the photos input's states: %q", s)
	}
	tree := strings.Join(o.Tree, "\n")
	if !strings.Contains(tree, `file-upload "Résumé" [`) {
		t.Errorf("the tree does not show the file input as file-upload:\n%s", tree)
	}
	// The hidden input behind a styled label: the label stands for it.
	avatar := 0
	for _, e := range o.Elements {
		if strings.Contains(stateText(e), "file-upload") && e["role"] != "file-upload" {
			avatar = int(e["mark"].(float64))
		}
	}
	if avatar == 0 {
		t.Logf("tree:\n%s", tree)
		t.Fatalf("the label of the hidden avatar input is not marked as standing for a file input: %v", o.Elements)
	}

	// A click on a file input is refused, with how to upload.
	r := bs.act(snap(o), false, map[string]any{"action": "click", "mark": resume})
	if r.OK || r.errorCode() != "not_actionable" || !strings.Contains(r.Steps[0].Message, "upload") {
		t.Errorf("click on a file input: ok=%v code=%s %+v", r.OK, r.errorCode(), r.Steps)
	}
	o = *r.Observation

	// So is a click on the label that stands for a hidden file input.
	avatar = 0
	for _, e := range o.Elements {
		if strings.Contains(stateText(e), "file-upload") && e["role"] != "file-upload" {
			avatar = int(e["mark"].(float64))
		}
	}
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": avatar})
	if r.OK || r.errorCode() != "not_actionable" {
		t.Errorf("click on the label of a file input: ok=%v code=%s", r.OK, r.errorCode())
	}
	o = *r.Observation

	// Files from outside the folder, or that are not there, are refused.
	for file, code := range map[string]string{
		"../secret.txt":                   "permission_denied",
		"looks-inside.txt":                "permission_denied",
		filepath.Join(base, "secret.txt"): "permission_denied",
		"missing.pdf":                     "invalid_argument",
	} {
		r := bs.act(snap(o), false, map[string]any{"action": "upload", "mark": markOf(t, o, "file-upload", "Résumé"), "files": []string{file}})
		if r.OK || r.errorCode() != code {
			t.Errorf("upload %q: ok=%v code=%s, want %s", file, r.OK, r.errorCode(), code)
		}
		if strings.Contains(r.Steps[0].Message, "SECRET") {
			t.Errorf("upload %q: the message shows the file", file)
		}
		o = *r.Observation
	}
	r = bs.act(snap(o), false, map[string]any{"action": "upload", "mark": markOf(t, o, "file-upload", "Résumé"), "files": []string{"resume.pdf", "me.png"}})
	if r.OK || r.errorCode() != "invalid_argument" {
		t.Errorf("two files into a single input: ok=%v code=%s", r.OK, r.errorCode())
	}
	o = *r.Observation
	r = bs.act(snap(o), false, map[string]any{"action": "upload", "mark": markOf(t, o, "button", "Send application"), "files": []string{"resume.pdf"}})
	if r.OK || r.errorCode() != "not_actionable" {
		t.Errorf("upload to a button: ok=%v code=%s", r.OK, r.errorCode())
	}
	o = *r.Observation

	// The uploads, then the form is sent.
	r = bs.act(snap(o), true,
		map[string]any{"action": "upload", "mark": markOf(t, o, "file-upload", "Résumé"), "files": []string{"resume.pdf"}},
		map[string]any{"action": "upload", "mark": markOf(t, o, "file-upload", "Photos"), "files": []string{"photo1.png", filepath.Join(dir, "photo2.png")}},
	)
	if !r.OK {
		t.Fatalf("upload: %v %+v", r.Server["error"], r.Steps)
	}
	o = *r.Observation
	if !strings.Contains(strings.Join(o.Tree, "\n"), "photos: photo1.png (7 bytes, PNG one), photo2.png (7 bytes, PNG two)") {
		t.Errorf("the page did not see the photos:\n%s", strings.Join(o.Tree, "\n"))
	}
	if s := stateText(elementOf(o, markOf(t, o, "file-upload", "Résumé"))); !strings.Contains(s, "chosen=resume.pdf") {
		t.Errorf("the résumé input's states after the upload: %q", s)
	}
	avatar = 0
	for _, e := range o.Elements {
		if strings.Contains(stateText(e), "file-upload") && e["role"] != "file-upload" {
			avatar = int(e["mark"].(float64))
		}
	}
	r = bs.act(snap(o), false,
		map[string]any{"action": "upload", "mark": avatar, "files": []string{"me.png"}},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Send application")},
	)
	if !r.OK || r.Server["navigated"] != true {
		t.Fatalf("upload the avatar and send: %v %+v", r.Server["error"], r.Steps)
	}
	got := lastUploads()
	want := map[string]string{
		"resume": "resume.pdf:%PDF-1.4 Ada's resume",
		"photos": "photo1.png:PNG one,photo2.png:PNG two",
		"avatar": "me.png:PNG avatar",
	}
	for field, files := range want {
		if strings.Join(got[field], ",") != files {
			t.Errorf("the server received %s = %v, want %s", field, got[field], files)
		}
	}
}

// TestActUploadNeedsAFolder: without an upload folder in the profile (the
// default), upload is refused and the model is told to ask the person.
func TestActUploadNeedsAFolder(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/upload.html")
	o := bs.observe()
	r := bs.act(snap(o), false, map[string]any{"action": "upload", "mark": markOf(t, o, "file-upload", "Résumé"), "files": []string{"resume.pdf"}})
	if r.OK || r.errorCode() != "permission_denied" || !strings.Contains(r.Steps[0].Message, "Ask the person") {
		t.Fatalf("upload with no upload folder: ok=%v code=%s %+v", r.OK, r.errorCode(), r.Steps)
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
