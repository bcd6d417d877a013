package e2e

import (
	"strings"
	"testing"
)

// TestActFailureShowsThePage: whichever step fails, the result lists every
// step's outcome and carries the page as it is now, so the next call is not
// made blind; with a dialog open it shows the dialog and says so; on a page
// outside the sites the gate lets nothing out and says why.
func TestActFailureShowsThePage(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/lists.html")
	o := bs.observe()

	// A step succeeds, a later one names a mark the snapshot lacks.
	r := bs.act(snap(o), false,
		map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Note"), "text": "kept"},
		map[string]any{"action": "click", "mark": 999},
	)
	if r.OK || r.errorCode() != "invalid_argument" || len(r.Steps) != 2 || !r.Steps[0].OK || r.Steps[1].Code != "invalid_argument" {
		t.Fatalf("[type ok, click 999]: ok=%v code=%s steps %+v", r.OK, r.errorCode(), r.Steps)
	}
	if r.Observation == nil || len(r.Observation.Elements) == 0 || r.Observation.PNG == nil {
		t.Fatalf("[type ok, click 999] carries no observation (image, tree, elements)")
	}
	if !strings.Contains(strings.Join(r.Observation.Tree, "\n"), `value="kept"`) {
		t.Errorf("the observation is not of the page as it is now: %v", r.Observation.Tree)
	}

	// A click succeeds, the next one's element is gone.
	o = *r.Observation
	r = bs.act(snap(o), false,
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Remove first")},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Alpha")},
		map[string]any{"action": "click", "mark": markOf(t, o, "button", "Bravo")},
	)
	if r.OK || r.errorCode() != "element_gone" || len(r.Steps) != 3 || !r.Steps[0].OK || r.Steps[1].Code != "element_gone" || !r.Steps[2].Skipped {
		t.Fatalf("[click ok, click gone]: ok=%v code=%s steps %+v", r.OK, r.errorCode(), r.Steps)
	}
	if r.Observation == nil || strings.Contains(strings.Join(r.Observation.Tree, "\n"), `"Alpha"`) {
		t.Fatalf("[click ok, click gone]: no observation of the page without Alpha")
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})

	// With a dialog open, the observation is the dialog, and the result says
	// the page cannot be seen until it is answered.
	bs.openPage("/pages/dialog.html")
	o = bs.observe()
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Show notice")},
		map[string]any{"action": "hover", "mark": markOf(t, o, "button", "Show notice")})
	if r.Server["dialog_opened"] != true || !r.Steps[0].OK || r.Steps[1].Code != "dialog_open" {
		t.Fatalf("a click that opens an alert: %v %+v", r.Server["error"], r.Steps)
	}
	r = bs.act(snap(o), false, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Show notice")})
	why, _ := r.Server["no_observation"].(string)
	if r.OK || r.errorCode() != "dialog_open" || !strings.Contains(why, "dialog") {
		t.Fatalf("act under an open dialog: ok=%v code=%s no_observation=%q", r.OK, r.errorCode(), why)
	}
	if r.Observation == nil || r.Observation.Dialog["message"] != "CANARY-DIALOG-MSG" || r.Observation.Server["dialog_open"] != true {
		t.Fatalf("act under an open dialog: the observation does not show the dialog: %+v", r.Observation)
	}
	bs.mustOK("dialog", map[string]any{"action": "accept"})
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestActFailureOutsideTheSites: a batch whose first step leads out of the
// session's sites fails as a whole at the gate: nothing of the outside page
// comes back but its origin, and the error says why.
func TestActFailureOutsideTheSites(t *testing.T) {
	bs := launch(t, "--sites", siteURL)
	bs.openPage("/gate/links?dest=secret")
	o := bs.observe()
	env, res := bs.callRaw("act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
		{"action": "click", "mark": markOf(t, o, "link", "Same tab")},
		{"action": "click", "mark": markOf(t, o, "button", "Script")},
	}})
	noLeak(t, "act that leaves the sites", res)
	if env.OK || env.errorCode() != "origin_not_allowed" || env.Server["origin"] != strings.TrimSuffix(outsideURL(""), "/") {
		t.Fatalf("act that leaves the sites: ok=%v code=%s origin=%v", env.OK, env.errorCode(), env.Server["origin"])
	}
	if !strings.Contains(env.Server["error"].(map[string]any)["message"].(string), "outside the sites") {
		t.Errorf("the refusal does not say why: %v", env.Server["error"])
	}
}

// TestActCoveredBy: click, type, select, check and an ARIA select on fields
// under a fixed button are refused as covered, and each step names that
// button's mark; hover does too.
func TestActCoveredBy(t *testing.T) {
	bs := shared(t)
	bs.openPage("/act/covered.html")
	o := bs.observe()
	steps := map[string]func(o observation) map[string]any{
		"click": func(o observation) map[string]any {
			return map[string]any{"action": "click", "mark": markOf(t, o, "button", "Buy")}
		},
		"type": func(o observation) map[string]any {
			return map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Full name"), "text": "Ada"}
		},
		"select": func(o observation) map[string]any {
			return map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Size"), "values": []string{"M"}}
		},
		"check": func(o observation) map[string]any {
			return map[string]any{"action": "check", "mark": markOf(t, o, "checkbox", "Gift")}
		},
		"ARIA select": func(o observation) map[string]any {
			return map[string]any{"action": "select", "mark": markOf(t, o, "combobox", "Colour"), "values": []string{"Blue"}}
		},
		"hover": func(o observation) map[string]any {
			return map[string]any{"action": "hover", "mark": markOf(t, o, "button", "Buy")}
		},
		"drag": func(o observation) map[string]any {
			return map[string]any{"action": "drag", "mark": markOf(t, o, "button", "Buy"), "dx": 40}
		},
	}
	for name, step := range steps {
		chat := markOf(t, o, "button", "Chat with us")
		r := bs.act(snap(o), false, step(o))
		ok, code, by := stepOf(t, r, 1)
		if ok || code != "covered" || r.errorCode() != "covered" || by != chat {
			t.Errorf("%s under the chat button: ok=%v code=%s covered_by=%d, want covered by %d", name, ok, code, by, chat)
		}
		if r.Observation == nil {
			t.Fatalf("%s: a covered step carries no observation", name)
		}
		o = *r.Observation
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}
