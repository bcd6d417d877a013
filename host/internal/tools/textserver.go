package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
)

// The text block's `server` (docs/contract.md §2, "The text the model
// reads"). structuredContent keeps every field of the server part; the text
// a model reads leaves out what tells it nothing:
//   - a field whose value is false, 0, "", [] or {} (the typed defaults),
//     except `ok`, `notices` (every result's, even empty: contract §2) and
//     anything inside `error`;
//   - `loader_id`, Chrome's id of the document, which the snapshot id
//     already stands for;
//   - in the observation an act, a login or a handoff brings, a field equal
//     to the same field of the result's own server part;
//   - `image` when it is the viewport at scale 1 (its width and height);
//   - in `steps`, a run of steps alike but for their number is one step
//     whose `step` is "first-last" (steps 1 to 20 that succeeded:
//     {"step":"1-20","ok":true}).
// The order of the fields stays as the server wrote it.

// textServer is the server part's JSON as the text block gives it; JSON it
// cannot read is given unchanged.
func textServer(raw []byte) []byte {
	v, err := readOrdered(raw)
	if err != nil {
		return raw
	}
	obj, ok := v.(ordered)
	if !ok {
		return raw
	}
	obj = withoutPlainImage(leaveOutDefaults(obj))
	if nested, ok := obj.get("observation").(ordered); ok {
		obj.set("observation", withoutRepeats(withoutPlainImage(nested), obj))
	}
	var b bytes.Buffer
	if err := writeOrdered(&b, obj); err != nil {
		return raw
	}
	return b.Bytes()
}

// leaveOutDefaults drops o's fields whose value is a typed default, and
// loader_id, through o's objects and arrays, except inside `error`; the
// steps' runs are joined.
func leaveOutDefaults(o ordered) ordered {
	out := o[:0:0]
	for _, f := range o {
		switch f.key {
		case "error", "ok", "notices":
			out = append(out, f)
			continue
		case "loader_id":
			continue
		}
		v := f.value
		switch x := v.(type) {
		case ordered:
			v = leaveOutDefaults(x)
		case []any:
			v = leaveOutInList(x)
			if f.key == "steps" {
				v = joinAlikeSteps(v.([]any))
			}
		}
		if !isDefault(v) {
			out = append(out, field{f.key, v})
		}
	}
	return out
}

func leaveOutInList(list []any) []any {
	out := make([]any, len(list))
	for i, v := range list {
		if o, ok := v.(ordered); ok {
			v = leaveOutDefaults(o)
		}
		out[i] = v
	}
	return out
}

// isDefault reports whether v is false, 0, "", [] or {}.
func isDefault(v any) bool {
	switch x := v.(type) {
	case bool:
		return !x
	case json.Number:
		f, err := x.Float64()
		return err == nil && f == 0
	case string:
		return x == ""
	case []any:
		return len(x) == 0
	case ordered:
		return len(x) == 0
	case nil:
		return true
	}
	return false
}

// withoutPlainImage drops o's image when it is o's viewport at scale 1.
func withoutPlainImage(o ordered) ordered {
	image, ok1 := o.get("image").(ordered)
	viewport, ok2 := o.get("viewport").(ordered)
	if !ok1 || !ok2 || len(image) != 3 || !sameNumber(image.get("scale"), 1) ||
		!sameNumber(image.get("width"), number(viewport.get("width"))) ||
		!sameNumber(image.get("height"), number(viewport.get("height"))) {
		return o
	}
	out := o[:0:0]
	for _, f := range o {
		if f.key != "image" {
			out = append(out, f)
		}
	}
	return out
}

// number is v's value, NaN when v is not a JSON number.
func number(v any) float64 {
	n, ok := v.(json.Number)
	if !ok {
		return math.NaN()
	}
	f, err := n.Float64()
	if err != nil {
		return math.NaN()
	}
	return f
}

func sameNumber(v any, want float64) bool { return number(v) == want }

// withoutRepeats drops nested's fields equal to the same field of parent.
func withoutRepeats(nested, parent ordered) ordered {
	out := nested[:0:0]
	for _, f := range nested {
		if p, ok := parent.lookup(f.key); ok && sameJSON(p, f.value) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// joinAlikeSteps turns each run of two or more steps that are alike but for
// their number (and numbered one after another) into one step numbered
// "first-last".
func joinAlikeSteps(steps []any) []any {
	var out []any
	for i := 0; i < len(steps); {
		first, ok := stepNumber(steps[i])
		j := i + 1
		for ok && j < len(steps) {
			n, isStep := stepNumber(steps[j])
			if !isStep || n != first+(j-i) || !alikeButNumber(steps[i].(ordered), steps[j].(ordered)) {
				break
			}
			j++
		}
		if j-i < 2 {
			out = append(out, steps[i])
			i++
			continue
		}
		joined := append(ordered(nil), steps[i].(ordered)...)
		joined.set("step", fmt.Sprintf("%d-%d", first, first+(j-i)-1))
		out = append(out, joined)
		i = j
	}
	return out
}

func stepNumber(v any) (int, bool) {
	o, ok := v.(ordered)
	if !ok {
		return 0, false
	}
	n, ok := o.get("step").(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n.String())
	return i, err == nil
}

func alikeButNumber(a, b ordered) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].key != b[i].key || a[i].key != "step" && !sameJSON(a[i].value, b[i].value) {
			return false
		}
	}
	return true
}

func sameJSON(a, b any) bool {
	var x, y bytes.Buffer
	return writeOrdered(&x, a) == nil && writeOrdered(&y, b) == nil && bytes.Equal(x.Bytes(), y.Bytes())
}
