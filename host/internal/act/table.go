package act

import (
	"context"
	"strings"

	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// Action is the kind of a step.
type Action string

// The actions.
const (
	Click   Action = "click"
	Type    Action = "type"
	Select  Action = "select"
	Check   Action = "check"
	Uncheck Action = "uncheck"
	Hover   Action = "hover"
	Scroll  Action = "scroll"
	Press   Action = "press"
	Wait    Action = "wait"
	Upload  Action = "upload"
	Drag    Action = "drag"
)

// Actions lists every action, in the order the act tool's schema names
// them.
var Actions = []Action{Click, Type, Select, Check, Uncheck, Hover, Scroll, Press, Wait, Upload, Drag}

// kind is what a batch knows of one action: the one place where an
// action's name is tied to its rules. A nil func means the action has
// nothing of that.
type kind struct {
	// mark: the step acts on an element, by its mark, which it must give.
	mark bool
	// check refuses the step's arguments when they cannot be right,
	// whatever the page (besides the mark and the text's size).
	check func(s Step, opts Options) *toolerr.Error
	// do runs the step. nextGuarded says the step after it begins with a
	// page helper (see typeInto).
	do func(r *run, ctx context.Context, s Step, sr *StepResult, nextGuarded bool) error
	// first is the call of the page helper the step begins with, on its
	// element (node i): such a step may be sent right behind the one
	// before (guarded), and its helper ahead of it (withAhead).
	first func(s Step, i int) pageCall
	// settles: the step may set off a navigation, a dialog or a new tab,
	// so the batch looks before it goes on.
	settles func(s Step) bool
	// waits: the step waits for the page itself and says whether it
	// navigated (no settling after it).
	waits bool
	// effects are what the page is asked of the step before it runs, so
	// that the person can be asked about what it would set off
	// (confirm.go); none: the step sets off nothing by itself (what the
	// page's scripts do on it is the request guard's, backstop.go).
	effects func(s Step) []probe
	// typed are the step's arguments the page receives as typed text (or
	// keys that type it): what may be a secret, withheld from the person's
	// view and the audit log unless the field is known not to be one.
	typed func(s *Step) []*string
	// looks says whether the step only looks, or follows a link, so that
	// it may run on a read-only site (flow.go); nil: it may change
	// something, and is refused there.
	looks func(r *run, ctx context.Context, s Step) (bool, error)
	// expects is what a step that succeeded asked of its element, given
	// what earlier steps asked of it (was, if any), for a changes
	// observation; nil: the step may have changed the element otherwise.
	expects func(s Step, was *observe.Expect) observe.Expect
}

func always(Step) bool { return true }

// probe is one question to the page about a step (act.js consequence):
// what pressing its element would set off, by a click (key "") or a key
// ("enter", "space"). mark 0 is the element that has the focus. chooses
// says the step only chooses in it (check, select, drag): the element's
// name alone does not make it a purchase, only a submission it sets off.
type probe struct {
	mark    int
	key     string
	chooses bool
}

// pressed: the step presses its mark's element, as a click does.
func pressed(s Step) []probe { return []probe{{mark: s.Mark}} }

// chosen: the step chooses in its mark's element.
func chosen(s Step) []probe { return []probe{{mark: s.Mark, chooses: true}} }

// locateFirst: the step begins by locating its element.
func locateFirst(_ Step, i int) pageCall { return locateOp.with(locateArgs{nodeArgs: nodeAt(i)}) }

func bad(format string, args ...any) *toolerr.Error {
	return toolerr.Errorf(toolerr.CodeInvalidArgument, format, args...)
}

func checked(want bool) kind {
	return kind{
		mark: true,
		do: func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error {
			return r.setChecked(ctx, s, sr, want)
		},
		first:   func(_ Step, i int) pageCall { return checkTargetOp.with(checkTargetArgs{nodeArgs: nodeAt(i)}) },
		effects: chosen, // a toggle button is checked by a click
		expects: func(Step, *observe.Expect) observe.Expect {
			w := want
			return observe.Expect{Checked: &w}
		},
	}
}

// kinds are the actions' rules. (Set by init: their funcs reach back to
// the table through the batch's helpers.)
var kinds map[Action]kind

func init() { kinds = kindTable() }

func kindTable() map[Action]kind {
	return map[Action]kind{
		Click: {
			mark: true,
			check: func(s Step, _ Options) *toolerr.Error {
				for _, m := range s.Modifiers {
					if _, ok := modifierNames[strings.ToLower(m)]; !ok {
						return bad("%q is not a modifier (Alt, Control, Meta, Shift).", m)
					}
				}
				switch s.Button {
				case "", "left", "right", "middle":
					return nil
				}
				return bad("button must be left, right or middle.")
			},
			do:      func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error { return r.click(ctx, s, sr) },
			first:   locateFirst,
			settles: always,
			effects: pressed,
			looks:   (*run).clickFollows,
		},
		Type: {
			mark: true,
			do:   (*run).typeInto,
			first: func(s Step, i int) pageCall {
				return typeTargetOp.with(typeTargetArgs{nodeArgs: nodeAt(i), Clear: s.Clear})
			},
			settles: func(s Step) bool { return s.Submit },
			effects: func(s Step) []probe {
				// A line break is typed as Enter, as submit is.
				if s.Submit || strings.Contains(s.Text, "\n") {
					return []probe{{mark: s.Mark, key: "enter"}}
				}
				return nil
			},
			typed: func(s *Step) []*string { return []*string{&s.Text} },
			expects: func(s Step, was *observe.Expect) observe.Expect {
				if s.Clear || was == nil || len(was.Values) != 1 {
					return observe.Expect{Values: []string{s.Text}, Appended: !s.Clear}
				}
				return observe.Expect{Values: []string{was.Values[0] + s.Text}, Appended: was.Appended}
			},
		},
		Select: {
			mark: true,
			check: func(s Step, _ Options) *toolerr.Error {
				if len(s.Values) == 0 {
					return bad("select needs values (option labels or values).")
				}
				return nil
			},
			do: func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error {
				return r.selectValues(ctx, s, sr)
			},
			first: func(s Step, i int) pageCall {
				return selectNativeOp.with(selectNativeArgs{nodeArgs: nodeAt(i), Values: s.Values})
			},
			settles: always,
			effects: chosen, // an ARIA select is chosen in by clicks
			expects: func(s Step, _ *observe.Expect) observe.Expect { return observe.Expect{Values: s.Values} },
		},
		Check:   checked(true),
		Uncheck: checked(false),
		Hover: {
			mark:  true,
			do:    func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error { return r.hover(ctx, s, sr) },
			first: locateFirst,
			looks: (*run).onlyLooks,
		},
		Scroll: {
			do:    func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error { return r.scroll(ctx, s, sr) },
			looks: (*run).onlyLooks,
		},
		Press: {
			check: func(s Step, _ Options) *toolerr.Error {
				if s.Keys == "" {
					return bad("press needs keys, e.g. Enter or Control+A.")
				}
				if _, err := parseChord(s.Keys); err != nil {
					return bad("%v", err)
				}
				return nil
			},
			do:      func(r *run, ctx context.Context, s Step, _ *StepResult, _ bool) error { return r.pressKeys(ctx, s) },
			settles: always,
			effects: func(s Step) []probe {
				c, err := parseChord(s.Keys)
				if err != nil {
					return nil
				}
				switch c.key.Key {
				case "Enter":
					return []probe{{key: "enter"}}
				case " ":
					return []probe{{key: "space"}}
				}
				return nil
			},
			typed: func(s *Step) []*string {
				if typesText(s.Keys) {
					return []*string{&s.Keys}
				}
				return nil
			},
			looks: (*run).pressMoves,
		},
		Wait: {
			check: func(s Step, _ Options) *toolerr.Error {
				if s.MS > 30000 {
					return bad("wait at most 30000 ms.")
				}
				if s.MS <= 0 && s.Text == "" && !s.Navigation {
					return bad("wait needs ms, text or navigation.")
				}
				if s.Text != "" && s.Navigation {
					return bad("wait for text or for navigation, not both (ms bounds either): two wait steps wait for both.")
				}
				return nil
			},
			do:    func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error { return r.wait(ctx, s, sr) },
			waits: true,
			looks: (*run).onlyLooks,
		},
		Upload: {
			mark: true,
			check: func(s Step, opts Options) *toolerr.Error {
				if len(s.Files) == 0 {
					return bad("upload needs files: names of files in the upload folder.")
				}
				if opts.UploadDir == "" {
					return toolerr.Errorf(toolerr.CodePermissionDenied,
						"This session's profile has no upload folder, so no file can be uploaded. Ask the person to set upload_dir in the profile and put the files there.")
				}
				return nil
			},
			do:      func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error { return r.upload(ctx, s, sr) },
			settles: always,
			effects: pressed,
		},
		Drag: {
			mark: true,
			check: func(s Step, _ Options) *toolerr.Error {
				if s.ToMark == 0 && s.DX == 0 && s.DY == 0 {
					return bad("drag needs to_mark (where to drop) or dx/dy (how far to move).")
				}
				return nil
			},
			do:      func(r *run, ctx context.Context, s Step, sr *StepResult, _ bool) error { return r.drag(ctx, s, sr) },
			first:   locateFirst,
			settles: always,
			effects: func(s Step) []probe {
				// A drag that ends where it began is a click on it.
				out := chosen(s)
				if s.ToMark != 0 {
					out = append(out, probe{mark: s.ToMark, chooses: true})
				}
				return out
			},
		},
	}
}

// validate refuses a step whose arguments cannot be right, whatever the
// page: nothing of a batch runs when one of its steps is malformed.
func validate(s Step, opts Options) *toolerr.Error {
	k, ok := kinds[s.Action]
	if !ok {
		return bad("Unknown action %q: use %s.", s.Action, actionList())
	}
	if k.mark && s.Mark == 0 {
		return bad("%s needs a mark.", s.Action)
	}
	if len(s.Text) > MaxText {
		return bad("The text of one step is at most %d bytes (this one has %d). Type long text in several steps, or paste less.", MaxText, len(s.Text))
	}
	if k.check != nil {
		return k.check(s, opts)
	}
	return nil
}

// actionList names every action: "click, type, … or drag".
func actionList() string {
	names := make([]string, len(Actions))
	for i, a := range Actions {
		names[i] = string(a)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// guarded says whether a step begins with a page helper, which may be sent
// right behind the input of the step before (see run.page).
func guarded(s Step) bool { return kinds[s.Action].first != nil }

// settles says whether a step may set off a navigation, a dialog or a new
// tab, so that the batch looks before it goes on: clicks, keys, a choice in
// a select, a submitting type, a drop. Typing, checking, hovering and
// scrolling go straight on.
func settles(s Step) bool {
	k := kinds[s.Action]
	return k.settles != nil && k.settles(s)
}

// effectsOf are the questions to the page about step s before it runs.
func effectsOf(s Step) []probe {
	k := kinds[s.Action]
	if k.effects == nil {
		return nil
	}
	return k.effects(s)
}

// Withhold replaces what the step would type into the page (type's text,
// press's keys when they type a character) with withheld: what the person
// sees of a step whose field may be a sensitive one.
func (s *Step) Withhold(withheld string) {
	k := kinds[s.Action]
	if k.typed == nil {
		return
	}
	for _, f := range k.typed(s) {
		if *f != "" {
			*f = withheld
		}
	}
}

// typedPlain says whether what step s typed, now that it ran, went into
// the field of its mark, a field the snapshot did not know to be
// sensitive: only then may the person's record keep the text
// (Result.TypedPlain). A step that types nothing is never plain.
func (r *run) typedPlain(s Step) bool {
	k := kinds[s.Action]
	if k.typed == nil || len(k.typed(&s)) == 0 || r.keysAstray {
		return false
	}
	return s.Mark != 0 && r.snap.PlainField(s.Mark)
}

// Acted is what the steps that succeeded asked of the elements they typed
// in, chose in or checked: a changes observation does not repeat it.
func Acted(steps []Step, results []StepResult) observe.Acted {
	acted := observe.Acted{}
	for i, s := range steps {
		if i >= len(results) || !results[i].OK || s.Mark == 0 {
			continue
		}
		k := kinds[s.Action]
		if k.expects == nil {
			delete(acted, s.Mark) // a click or a key may have changed it otherwise
			continue
		}
		var was *observe.Expect
		if e, ok := acted[s.Mark]; ok {
			was = &e
		}
		acted[s.Mark] = k.expects(s, was)
	}
	return acted
}

// typesText reports whether a key or chord types a character (a, Shift+A)
// rather than naming a key (Enter, Control+A).
func typesText(keys string) bool {
	parts := strings.Split(keys, "+")
	last := parts[len(parts)-1]
	if len([]rune(last)) != 1 {
		return last == ""
	}
	for _, m := range parts[:len(parts)-1] {
		switch strings.ToLower(strings.TrimSpace(m)) {
		case "control", "ctrl", "alt", "option", "meta", "cmd", "command":
			return false
		}
	}
	return true
}
