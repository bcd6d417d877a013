// Package pageops holds the Go types of the page ops (act's and login's,
// each a browser.PageOp) to the page scripts' declarations of them,
// pagescript's page_ops.d.ts: the same ops, and for each the same
// argument and answer fields, under the same JSON names, of matching
// types, an optional argument omitted when empty. The tests of act and
// login call Check; a newcomer who adds an op on one side only, or a
// field, is named there.
//
// It reads the little of TypeScript that page_ops.d.ts keeps to: named
// interfaces, each optionally extending others, one field a line
// (`name?: type;`), a type one of number, string, boolean, an interface
// of the file, T[] or T | null; an op table is an interface whose fields
// are `op: [Args, Answer];`.
package pageops

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// field is a field of an interface.
type field struct {
	name     string
	optional bool
	typ      string
}

// decls are the interfaces of a declaration file, by name, with the
// interfaces each extends.
type decls struct {
	fields  map[string][]field
	extends map[string][]string
}

var (
	comments  = regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`)
	iface     = regexp.MustCompile(`(?s)interface\s+(\w+)(?:\s+extends\s+([\w\s,]+?))?\s*\{(.*?)\}`)
	fieldLine = regexp.MustCompile(`^(\w+)(\?)?:\s*(.+?);?$`)
	opPair    = regexp.MustCompile(`^\[\s*(\w+)\s*,\s*(\w+)\s*\]$`)
)

// parse reads the interfaces of src.
func parse(src string) (decls, error) {
	d := decls{fields: map[string][]field{}, extends: map[string][]string{}}
	src = comments.ReplaceAllString(src, "")
	for _, m := range iface.FindAllStringSubmatch(src, -1) {
		name := m[1]
		if _, dup := d.fields[name]; dup {
			return d, fmt.Errorf("interface %s is declared twice", name)
		}
		d.fields[name] = []field{}
		for _, e := range strings.Split(m[2], ",") {
			if e = strings.TrimSpace(e); e != "" {
				d.extends[name] = append(d.extends[name], e)
			}
		}
		for _, line := range strings.Split(m[3], "\n") {
			if line = strings.TrimSpace(line); line == "" {
				continue
			}
			f := fieldLine.FindStringSubmatch(line)
			if f == nil {
				return d, fmt.Errorf("interface %s: cannot read %q", name, line)
			}
			d.fields[name] = append(d.fields[name], field{name: f[1], optional: f[2] == "?", typ: strings.TrimSpace(f[3])})
		}
	}
	return d, nil
}

// all are the fields of interface name, those of the interfaces it
// extends first.
func (d decls) all(name string) ([]field, error) {
	own, ok := d.fields[name]
	if !ok {
		return nil, fmt.Errorf("no interface %s", name)
	}
	var out []field
	for _, e := range d.extends[name] {
		fs, err := d.all(e)
		if err != nil {
			return nil, fmt.Errorf("%s extends: %w", name, err)
		}
		out = append(out, fs...)
	}
	return append(out, own...), nil
}

// Op is an op as Go declares it: its name and the types of its arguments
// and its answer.
type Op struct {
	Name         string
	Args, Answer reflect.Type
}

// Check holds ops, the Go declarations of the ops of one page script, to
// the op table named table (ActOps, LoginOps) of page_ops.d.ts, and
// returns every difference.
func Check(table string, ops []Op) []error {
	return check(pagescript.OpDeclarations, table, ops)
}

func check(src, table string, ops []Op) []error {
	d, err := parse(src)
	if err != nil {
		return []error{err}
	}
	entries, err := d.all(table)
	if err != nil {
		return []error{err}
	}
	var errs []error
	declared := map[string][2]string{}
	for _, e := range entries {
		m := opPair.FindStringSubmatch(e.typ)
		if m == nil {
			errs = append(errs, fmt.Errorf("%s.%s: %q is not [Args, Answer]", table, e.name, e.typ))
			continue
		}
		declared[e.name] = [2]string{m[1], m[2]}
	}
	seen := map[string]bool{}
	for _, op := range ops {
		seen[op.Name] = true
		pair, ok := declared[op.Name]
		if !ok {
			errs = append(errs, fmt.Errorf("op %s is not declared in %s (page_ops.d.ts)", op.Name, table))
			continue
		}
		errs = append(errs, d.match(op.Name+" arguments", pair[0], op.Args, true)...)
		errs = append(errs, d.match(op.Name+" answer", pair[1], op.Answer, false)...)
	}
	for name := range declared {
		if !seen[name] {
			errs = append(errs, fmt.Errorf("%s declares op %s, which the host does not define", table, name))
		}
	}
	return errs
}

// goField is a field of a Go struct as encoding/json sees it.
type goField struct {
	name      string
	omitEmpty bool
	typ       reflect.Type
}

// jsonFields are t's fields as encoding/json encodes them: those of
// embedded structs in their place, unexported ones left out.
func jsonFields(t reflect.Type) []goField {
	var out []goField
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if f.Anonymous && tag == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		out = append(out, goField{name: name, omitEmpty: slices.Contains(strings.Split(opts, ","), "omitempty"), typ: f.Type})
	}
	return out
}

// match holds the Go struct t to interface name; with args, an optional
// field must be omitted when empty, and a required one never.
func (d decls) match(what, name string, t reflect.Type, args bool) []error {
	ts, err := d.all(name)
	if err != nil {
		return []error{fmt.Errorf("%s: %w", what, err)}
	}
	if t.Kind() != reflect.Struct {
		return []error{fmt.Errorf("%s: %s is not a struct", what, t)}
	}
	gos := map[string]goField{}
	for _, f := range jsonFields(t) {
		gos[f.name] = f
	}
	var errs []error
	for _, f := range ts {
		g, ok := gos[f.name]
		if !ok {
			errs = append(errs, fmt.Errorf("%s: %s declares %s, %s has no such field", what, name, f.name, t))
			continue
		}
		delete(gos, f.name)
		if args && f.optional != g.omitEmpty {
			errs = append(errs, fmt.Errorf("%s: %s.%s is optional=%v, %s's field omitempty=%v", what, name, f.name, f.optional, t, g.omitEmpty))
		}
		errs = append(errs, d.compatible(fmt.Sprintf("%s: %s.%s", what, name, f.name), f.typ, f.optional, g.typ, args)...)
	}
	for n := range gos {
		errs = append(errs, fmt.Errorf("%s: %s has field %s, %s does not declare it", what, t, n, name))
	}
	return errs
}

// compatible holds the Go type g to the TypeScript type ts.
func (d decls) compatible(what, ts string, optional bool, g reflect.Type, args bool) []error {
	nullable := false
	if base, ok := strings.CutSuffix(ts, " | null"); ok {
		ts, nullable = base, true
	}
	if g.Kind() == reflect.Pointer {
		if !optional && !nullable {
			return []error{fmt.Errorf("%s: %s is a pointer, the field is neither optional nor nullable", what, g)}
		}
		g = g.Elem()
	} else if nullable {
		return []error{fmt.Errorf("%s: may be null, %s is not a pointer", what, g)}
	}
	bad := func() []error { return []error{fmt.Errorf("%s: %s is not %s", what, g, ts)} }
	switch {
	case ts == "number":
		switch g.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Float32, reflect.Float64:
			return nil
		}
		return bad()
	case ts == "string":
		if g.Kind() != reflect.String {
			return bad()
		}
		return nil
	case ts == "boolean":
		if g.Kind() != reflect.Bool {
			return bad()
		}
		return nil
	case strings.HasSuffix(ts, "[]"):
		if g.Kind() != reflect.Slice {
			return bad()
		}
		return d.compatible(what+"[]", strings.TrimSuffix(ts, "[]"), false, g.Elem(), args)
	}
	if _, ok := d.fields[ts]; ok {
		return d.match(what, ts, g, args)
	}
	return []error{fmt.Errorf("%s: cannot read the type %q", what, ts)}
}
