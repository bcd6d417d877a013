package e2e

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// changesOf returns the tree and elements of the observation an act
// brought, and its server part.
func changesOf(t *testing.T, env envelope) (tree []string, elements []map[string]any, server map[string]any) {
	t.Helper()
	var page struct {
		Observation struct {
			Tree     []string         `json:"tree"`
			Elements []map[string]any `json:"elements"`
		} `json:"observation"`
	}
	if err := json.Unmarshal(env.PageContent, &page); err != nil {
		t.Fatal(err)
	}
	server, _ = env.Server["observation"].(map[string]any)
	return page.Observation.Tree, page.Observation.Elements, server
}

// TestActObserveChanges: act {observe: "changes"} answers with the lines
// and elements added, changed or removed, marks kept for what stayed, what
// the steps typed not repeated, and a snapshot whose every mark works.
func TestActObserveChanges(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/changes.html")
	o := bs.observe()
	item, add, gone, link := markOf(t, o, "textbox", "Item"), markOf(t, o, "button", "Add item"),
		markOf(t, o, "button", "Dismiss tip"), markOf(t, o, "link", "Second page")
	pw := markOf(t, o, "textbox", "Password")
	env := bs.call("act", map[string]any{"snapshot_id": snap(o), "observe": "changes", "steps": []map[string]any{
		{"action": "type", "mark": item, "text": "Atlas"},
		{"action": "type", "mark": pw, "text": "hunter2-secret"},
		{"action": "click", "mark": add},
		{"action": "click", "mark": gone},
	}})
	if !env.OK {
		t.Fatalf("act: %v", env.Server["error"])
	}
	tree, elements, server := changesOf(t, env)
	joined := strings.Join(tree, "\n")
	t.Logf("changes:\n%s\nelements: %v", joined, elements)
	if server["since"] != snap(o) {
		t.Errorf("server.observation.since = %v, want %s", server["since"], snap(o))
	}
	for _, want := range []string{`~ "1 item(s) in the basket"`, `- button "Dismiss tip" [` + strconv.Itoa(gone) + `]`, `+     link "Remove Atlas" [`, "lines unchanged", "1 of them as the steps set them"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the changes lack %q", want)
		}
	}
	if strings.Contains(joined, "hunter2") || strings.Contains(textOf(env.raw), "hunter2") {
		t.Fatal("the password typed reached the result")
	}
	if strings.Contains(joined, `textbox "Item"`) {
		t.Errorf("the text the step typed is repeated: %s", joined)
	}
	// The new link got a mark above the old ones; the old marks stayed.
	var added, removed int
	for _, e := range elements {
		switch e["change"] {
		case "added":
			added = int(e["mark"].(float64))
			if e["name"] != "Remove Atlas" {
				t.Errorf("added %v", e)
			}
		case "removed":
			removed = int(e["mark"].(float64))
		}
	}
	if added <= link || removed != gone {
		t.Errorf("added mark %d (the last old one is %d), removed %d (want %d)", added, link, removed, gone)
	}
	// The changes' snapshot is a whole one: an old mark and the new one work.
	next := server["snapshot_id"].(string)
	env = bs.call("act", map[string]any{"snapshot_id": next, "observe": "changes", "steps": []map[string]any{
		{"action": "click", "mark": add}, {"action": "click", "mark": added},
	}})
	if !env.OK {
		t.Fatalf("acting on the changes' snapshot: %v", env.Server["error"])
	}
	tree, _, server = changesOf(t, env)
	if server["since"] != next || !slices.ContainsFunc(tree, func(l string) bool { return strings.HasPrefix(l, "- ") && strings.Contains(l, "Remove Atlas") }) {
		t.Errorf("after removing the first row and adding another: since %v\n%s", server["since"], strings.Join(tree, "\n"))
	}
}

// TestObserveSince: observe {since} of the current snapshot lists what
// changed (nothing: one line); of a stale or unknown one, the whole page,
// with a notice; across a navigation, the whole new page.
func TestObserveSince(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/changes.html")
	o := bs.observe()
	same := bs.mustOK("observe", map[string]any{"since": snap(o)})
	if tree := decodeObservation(t, same).Tree; len(tree) != 1 || !strings.HasSuffix(tree[0], "lines unchanged)") {
		t.Errorf("nothing changed, yet: %q", tree)
	}
	if same.Server["since"] != snap(o) {
		t.Errorf("since = %v", same.Server["since"])
	}
	stale := bs.mustOK("observe", map[string]any{"since": snap(o)})
	if whole := decodeObservation(t, stale); len(whole.Tree) < 5 || whole.Server["since"] != nil || !noticeHas(whole.envelope, "whole observation") {
		t.Errorf("a stale since: since=%v notices=%v tree=%q", whole.Server["since"], whole.Server["notices"], whole.Tree)
	}
	unknown := bs.mustOK("observe", map[string]any{"since": "nonsense"})
	if !noticeHas(unknown, "whole observation") {
		t.Errorf("an unknown since: %v", unknown.Server["notices"])
	}
	cur := decodeObservation(t, unknown)
	env := bs.call("act", map[string]any{"snapshot_id": snap(cur), "observe": "changes", "steps": []map[string]any{
		{"action": "click", "mark": markOf(t, cur, "link", "Second page")},
	}})
	tree, _, server := changesOf(t, env)
	if !env.OK || server["since"] != nil || !noticeHas(env, "whole observation") || slices.ContainsFunc(tree, func(l string) bool { return strings.HasPrefix(l, "… (") }) {
		t.Errorf("across a navigation: ok=%v since=%v notices=%v\n%s", env.OK, server["since"], env.Server["notices"], strings.Join(tree, "\n"))
	}
}

func noticeHas(env envelope, s string) bool {
	notices, _ := env.Server["notices"].([]any)
	for _, n := range notices {
		if str, _ := n.(string); strings.Contains(str, s) {
			return true
		}
	}
	return false
}

// TestObserveSinceWithFileInputs: a page with file inputs, observed twice
// with nothing changed, reports no change (the inputs are marked while the
// observation is made, before it is kept), and its text and elements
// still name them file-upload.
func TestObserveSinceWithFileInputs(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/upload.html")
	o := bs.observe()
	markOf(t, o, "file-upload", "Résumé")
	for range 2 {
		same := bs.mustOK("observe", map[string]any{"since": snap(o)})
		got := decodeObservation(t, same)
		if len(got.Tree) != 1 || !strings.HasSuffix(got.Tree[0], "lines unchanged)") || len(got.Elements) != 0 {
			t.Fatalf("nothing changed, yet: %q, elements %v", got.Tree, got.Elements)
		}
		o = got
	}
	whole := bs.observe()
	if !strings.Contains(strings.Join(whole.Tree, "\n"), `file-upload "Résumé" [`) {
		t.Errorf("the input is no longer file-upload:\n%s", strings.Join(whole.Tree, "\n"))
	}
}
