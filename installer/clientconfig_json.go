package installer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/tailscale/hujson"
)

// The JSON clients' files are edited in place with hujson, which keeps
// what it does not touch byte for byte: the person's other servers and
// settings, their order, indentation and, where the client allows them
// (VS Code, Gemini CLI), comments and trailing commas.

// parseJSONConfig parses a client's JSON file; an empty one is an empty
// object.
func parseJSONConfig(data []byte) (hujson.Value, *hujson.Object, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}\n")
	}
	v, err := hujson.Parse(data)
	if err != nil {
		return v, nil, err
	}
	root, ok := v.Value.(*hujson.Object)
	if !ok {
		return v, nil, fmt.Errorf("not a JSON object")
	}
	return v, root, nil
}

// memberIndex is the index of obj's member name (the last one, as JSON
// readers take it), or -1.
func memberIndex(obj *hujson.Object, name string) int {
	found := -1
	for i, m := range obj.Members {
		if lit, ok := m.Name.Value.(hujson.Literal); ok && lit.String() == name {
			found = i
		}
	}
	return found
}

// jsonServers returns the object of servers at key; nil when there is
// none, an error when key holds something else.
func jsonServers(root *hujson.Object, key string) (*hujson.Object, int, error) {
	i := memberIndex(root, key)
	if i < 0 {
		return nil, -1, nil
	}
	servers, ok := root.Members[i].Value.Value.(*hujson.Object)
	if !ok {
		return nil, i, fmt.Errorf("%q is not an object", key)
	}
	return servers, i, nil
}

// jsonEntry returns the raw JSON of servers[name] at key, or nil.
func jsonEntry(data []byte, key, name string) ([]byte, error) {
	_, root, err := parseJSONConfig(data)
	if err != nil {
		return nil, err
	}
	servers, _, err := jsonServers(root, key)
	if err != nil || servers == nil {
		return nil, err
	}
	i := memberIndex(servers, name)
	if i < 0 {
		return nil, nil
	}
	v := servers.Members[i].Value
	v.BeforeExtra, v.AfterExtra = nil, nil
	return hujson.Standardize(v.Pack()) // Pack makes a copy, which Standardize changes
}

// lineIndent is the indentation after the last line break of extra, and
// whether extra has a line break at all.
func lineIndent(extra hujson.Extra) (string, bool) {
	i := bytes.LastIndexByte(extra, '\n')
	if i < 0 {
		return "", false
	}
	return string(extra[i+1:]), true
}

// layout is how a file is written: one line or many, and the indentation
// of one level.
type layout struct {
	multiline bool
	unit      string
}

func layoutOf(root *hujson.Object) layout {
	l := layout{multiline: true, unit: "  "}
	if len(root.Members) == 0 {
		return l
	}
	indent, ok := lineIndent(root.Members[0].Name.BeforeExtra)
	l.multiline = ok
	if ok && indent != "" {
		l.unit = indent
	}
	return l
}

// put sets obj[name] = value, obj being indented by indent: a member it
// has keeps its place and the text around it; a new one goes last, laid
// out like its neighbours.
func put(obj *hujson.Object, indent string, l layout, name string, value any) error {
	var text []byte
	var err error
	if l.multiline {
		text, err = json.MarshalIndent(value, indent+l.unit, l.unit)
	} else {
		text, err = json.Marshal(value)
	}
	if err != nil {
		return err
	}
	v, err := hujson.Parse(text)
	if err != nil {
		return err
	}
	v.BeforeExtra = hujson.Extra(" ")
	if i := memberIndex(obj, name); i >= 0 {
		v.AfterExtra = obj.Members[i].Value.AfterExtra
		obj.Members[i].Value = v
		return nil
	}
	nameText, _ := json.Marshal(name)
	before := hujson.Extra(" ")
	if l.multiline {
		before = hujson.Extra("\n" + indent + l.unit)
	}
	if n := len(obj.Members); n > 0 {
		last := &obj.Members[n-1]
		if ind, ok := lineIndent(last.Name.BeforeExtra); ok {
			before = hujson.Extra("\n" + ind)
		}
		if last.Value.AfterExtra != nil {
			v.AfterExtra = hujson.Extra{} // keep the trailing comma
		}
	} else if l.multiline && len(bytes.TrimSpace(obj.AfterExtra)) == 0 {
		obj.AfterExtra = hujson.Extra("\n" + indent)
	}
	obj.Members = append(obj.Members, hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: before, Value: hujson.Literal(nameText)},
		Value: v,
	})
	return nil
}

// remove deletes obj[name]; it reports whether there was one.
func remove(obj *hujson.Object, name string) bool {
	i := memberIndex(obj, name)
	if i < 0 {
		return false
	}
	gone := obj.Members[i]
	obj.Members = slices.Delete(obj.Members, i, i+1)
	if n := len(obj.Members); n > 0 && i == n {
		// The new last member ends as the old one did: with a trailing
		// comma or without.
		last := &obj.Members[n-1].Value
		switch {
		case gone.Value.AfterExtra == nil:
			last.AfterExtra = nil
		case last.AfterExtra == nil:
			last.AfterExtra = hujson.Extra{}
		}
	}
	if len(obj.Members) == 0 && len(bytes.TrimSpace(obj.AfterExtra)) == 0 {
		obj.AfterExtra = nil
	}
	return true
}

// jsonSetServer returns data with servers[name] = entry in the object at
// key, which it adds when the file has none.
func jsonSetServer(data []byte, key, name string, entry any) ([]byte, error) {
	v, root, err := parseJSONConfig(data)
	if err != nil {
		return nil, err
	}
	l := layoutOf(root)
	servers, _, err := jsonServers(root, key)
	if err != nil {
		return nil, err
	}
	if servers == nil {
		if err := put(root, "", l, key, struct{}{}); err != nil {
			return nil, err
		}
		servers, _, _ = jsonServers(root, key)
	}
	i := memberIndex(root, key)
	indent, _ := lineIndent(root.Members[i].Name.BeforeExtra)
	if err := put(servers, indent, l, name, entry); err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 {
		v.AfterExtra = hujson.Extra("\n") // a new file ends its line
	}
	return v.Pack(), nil
}

// jsonRemoveServer returns data without servers[name] at key, and without
// key itself when dropKey and nothing is left in it.
func jsonRemoveServer(data []byte, key, name string, dropKey bool) ([]byte, bool, error) {
	v, root, err := parseJSONConfig(data)
	if err != nil {
		return nil, false, err
	}
	servers, _, err := jsonServers(root, key)
	if err != nil || servers == nil {
		return data, false, err
	}
	if !remove(servers, name) {
		return data, false, nil
	}
	if dropKey && len(servers.Members) == 0 {
		remove(root, key)
	}
	return v.Pack(), true, nil
}

// decodeJSONConfig decodes a client's JSON file, comments and all, for
// comparing what it means before and after an edit.
func decodeJSONConfig(data []byte) (map[string]any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return map[string]any{}, nil
	}
	std, err := hujson.Standardize(slices.Clone(data)) // it works in place
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(std, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, fmt.Errorf("not a JSON object")
	}
	return m, nil
}

// jsonRawServer is the text of servers[name] at key: its value as
// written, with the spacing and comments before it, so that
// jsonPutRawServer puts it back byte for byte.
func jsonRawServer(data []byte, key, name string) (string, error) {
	_, root, err := parseJSONConfig(data)
	if err != nil {
		return "", err
	}
	servers, _, err := jsonServers(root, key)
	if err != nil {
		return "", err
	}
	if servers == nil || memberIndex(servers, name) < 0 {
		return "", fmt.Errorf("no %q server in %q", name, key)
	}
	v := servers.Members[memberIndex(servers, name)].Value
	v.AfterExtra = nil
	return string(v.Pack()), nil
}

// jsonPutRawServer returns data with servers[name] at key replaced by raw,
// as jsonRawServer gave it; the text after the value (a comma, a comment)
// stays.
func jsonPutRawServer(data []byte, key, name, raw string) ([]byte, error) {
	v, root, err := parseJSONConfig(data)
	if err != nil {
		return nil, err
	}
	servers, _, err := jsonServers(root, key)
	if err != nil {
		return nil, err
	}
	i := -1
	if servers != nil {
		i = memberIndex(servers, name)
	}
	if i < 0 {
		return nil, fmt.Errorf("no %q server in %q", name, key)
	}
	put, err := hujson.Parse([]byte(raw))
	if err != nil {
		return nil, fmt.Errorf("the recorded %q server: %w", name, err)
	}
	put.AfterExtra = servers.Members[i].Value.AfterExtra
	servers.Members[i].Value = put
	return v.Pack(), nil
}
