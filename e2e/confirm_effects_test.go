package e2e

import (
	"fmt"
	"strings"
	"testing"
)

// Confirmation by effect (issue 32): whatever kind of step sets it off, a
// form's submission or a card's data does not reach the server unless the
// person allowed it. A step is read before it runs (a click on a submit
// button, Enter in a field, a line break typed); what a page's script does
// on a step (submit on change or input, post the card form from a neutral
// button, a beacon on hover) is held by the request guard before it leaves
// the browser. Every case asserts on what reached the server.

// effectCase is one way a step could send something past the person.
type effectCase struct {
	name string
	// steps are the act's steps, given the page's observation.
	steps func(t *testing.T, o observation) []map[string]any
	// path must receive nothing; code is the failed step's, at step.
	path string
	code string
	step int
}

func effectCases() []effectCase {
	mark := func(role, name string) func(t *testing.T, o observation) int {
		return func(t *testing.T, o observation) int { return markOf(t, o, role, name) }
	}
	send, name := mark("button", "Send it"), mark("textbox", "Name")
	box, speed, coupon, sort := mark("checkbox", "Keep me posted"), mark("combobox", "Speed"), mark("textbox", "Coupon"), mark("combobox", "Sort")
	card, expiry, cont, details := mark("textbox", "Card number"), mark("textbox", "Expiry"), mark("button", "Continue"), mark("button", "Details")
	one := func(step func(t *testing.T, o observation) map[string]any) func(t *testing.T, o observation) []map[string]any {
		return func(t *testing.T, o observation) []map[string]any { return []map[string]any{step(t, o)} }
	}
	return []effectCase{
		{"type on the submit button", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "type", "mark": send(t, o), "text": "hello"}
		}), "/confirm/effects/plain", "not_actionable", 1},
		{"click the submit button", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "click", "mark": send(t, o)}
		}), "/confirm/effects/plain", "person_unavailable", 1},
		{"double-click the submit button", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "click", "mark": send(t, o), "double": true}
		}), "/confirm/effects/plain", "person_unavailable", 1},
		{"drag on the submit button", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "drag", "mark": send(t, o), "dx": 1}
		}), "/confirm/effects/plain", "person_unavailable", 1},
		{"type, then press Enter", func(t *testing.T, o observation) []map[string]any {
			return []map[string]any{{"action": "type", "mark": name(t, o), "text": "Ada"}, {"action": "press", "keys": "Enter"}}
		}, "/confirm/effects/plain", "person_unavailable", 2},
		{"type with submit", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "type", "mark": name(t, o), "text": "Ada", "submit": true}
		}), "/confirm/effects/plain", "person_unavailable", 1},
		{"type a line break", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "type", "mark": name(t, o), "text": "Ada\n"}
		}), "/confirm/effects/plain", "person_unavailable", 1},
		{"check a box whose change submits", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "check", "mark": box(t, o)}
		}), "/confirm/effects/box", "person_unavailable", 1},
		{"click a box whose change submits", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "click", "mark": box(t, o)}
		}), "/confirm/effects/box", "person_unavailable", 1},
		{"select in a list whose change submits", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "select", "mark": speed(t, o), "values": []string{"Express"}}
		}), "/confirm/effects/list", "person_unavailable", 1},
		{"select in a GET form whose change submits", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "select", "mark": sort(t, o), "values": []string{"Cheapest"}}
		}), "/confirm/effects/filter", "person_unavailable", 1},
		{"type into a field whose input submits", one(func(t *testing.T, o observation) map[string]any {
			return map[string]any{"action": "type", "mark": coupon(t, o), "text": "SAVE10"}
		}), "/confirm/effects/typed", "person_unavailable", 1},
		{"a neutral Continue posts the card form", func(t *testing.T, o observation) []map[string]any {
			return []map[string]any{{"action": "type", "mark": card(t, o), "text": "4242424242424242"}, {"action": "click", "mark": cont(t, o)}}
		}, "/confirm/effects/pay", "person_unavailable", 2},
		{"Space on the Continue button", func(t *testing.T, o observation) []map[string]any {
			return []map[string]any{{"action": "click", "mark": expiry(t, o)}, {"action": "press", "keys": "Tab"}, {"action": "press", "keys": "Space"}}
		}, "/confirm/effects/pay", "person_unavailable", 3},
		{"hover sends a beacon from the card page", func(t *testing.T, o observation) []map[string]any {
			return []map[string]any{{"action": "hover", "mark": details(t, o)}, {"action": "wait", "ms": 300}}
		}, "/confirm/effects/beacon", "person_unavailable", 1},
	}
}

// TestConfirmByEffect: with confirm = ["submit", "purchase"] and no one at
// the browser, no step of any kind sends a form or the card past the
// person: the step fails (not_actionable, or person_unavailable) and the
// server receives nothing.
func TestConfirmByEffect(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "shop", fmt.Sprintf("# the shop\nsites = [%q]\nconfirm = [\"submit\", \"purchase\"]\n\n[budgets]\ncall_timeout_ms = 20000\n", siteURL))
	}, nil, "--profile", "shop")
	bs.openPage("/confirm/effects.html")
	defer func() { bs.t = t }()
	for _, c := range effectCases() {
		t.Run(strings.ReplaceAll(c.name, " ", "_"), func(t *testing.T) {
			bs.t = t
			bs.mustOK("navigate", map[string]any{"url": siteURL + "/confirm/effects.html"})
			o := bs.observe()
			before := submissions(c.path)
			r := bs.act(snap(o), false, c.steps(t, o)...)
			if r.OK {
				t.Fatalf("the act succeeded: %+v", r.Steps)
			}
			if ok, code, _ := stepOf(t, r, c.step); ok || code != c.code {
				t.Errorf("step %d: ok=%v code=%q, want %s; steps %+v", c.step, ok, code, c.code, r.Steps)
			}
			// What reached the server: nothing, also once the page has
			// been looked at again.
			bs.observe()
			if n := submissions(c.path); n != before {
				t.Errorf("%s received %d requests", c.path, n-before)
			}
		})
	}
}

// TestConfirmByEffectAllowed: the request guard asks the person about
// what a page's script sends, and what they allow goes through once; what
// they deny does not.
func TestConfirmByEffectAllowed(t *testing.T) {
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "shop", fmt.Sprintf("# the shop\nsites = [%q]\nconfirm = [\"submit\", \"purchase\"]\n\n[budgets]\ncall_timeout_ms = 20000\n", siteURL))
	}, []string{"DIWALL_TEST_PERSON=1"}, "--profile", "shop")
	bs.openPage("/confirm/effects.html")
	c := bs.devtools()

	o := bs.observe()
	before := submissions("/confirm/effects/list")
	args := map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
		{"action": "select", "mark": markOf(t, o, "combobox", "Speed"), "values": []string{"Express"}}}}
	r := decodeAct(bs.asked(c, siteURL, "deny", "act", args)) // (a held request's question shows no image)
	if r.errorCode() != "permission_denied" {
		t.Fatalf("denied: ok=%v code=%s", r.OK, r.errorCode())
	}
	if n := submissions("/confirm/effects/list"); n != before {
		t.Fatalf("a denied submission reached the server")
	}

	bs.mustOK("navigate", map[string]any{"url": siteURL + "/confirm/effects.html"})
	o = bs.observe()
	args = map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{
		{"action": "select", "mark": markOf(t, o, "combobox", "Speed"), "values": []string{"Express"}}}}
	r = decodeAct(bs.asked(c, siteURL, "allow-once", "act", args))
	if !r.OK {
		t.Fatalf("allowed once: %v %+v", r.Server["error"], r.Steps)
	}
	if n := submissions("/confirm/effects/list"); n != before+1 {
		t.Fatalf("the allowed submission reached the server %d times, want once", n-before)
	}
}
