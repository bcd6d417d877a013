package installer

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Codex's config.toml is edited as text: Diwall's server is a table of its
// own, [mcp_servers.diwall], which install appends and uninstall cuts out,
// found by go-toml's parser; every other line stays as written.

// tomlRegion is the text of one table: from its header's line to the
// next header's line.
type tomlRegion struct{ start, end int }

// tomlServerTables finds the tables that define key.name: its own and its
// subtables ([mcp_servers.diwall.env]). A server defined another way (a
// dotted key, an inline table) is an error: install does not rewrite what
// it did not write.
func tomlServerTables(data []byte, key, name string) ([]tomlRegion, error) {
	var p unstable.Parser
	p.Reset(data)
	type header struct {
		start int
		keys  []string
	}
	var headers []header
	var table []string
	prefix := []string{key, name}
	hasPrefix := func(keys []string) bool { return len(keys) >= 2 && slices.Equal(keys[:2], prefix) }
	for p.NextExpression() {
		e := p.Expression()
		var keys []string
		var first *unstable.Node
		it := e.Key()
		for it.Next() {
			if first == nil {
				first = it.Node()
			}
			keys = append(keys, string(it.Node().Data))
		}
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			start := bytes.LastIndexByte(data[:first.Raw.Offset], '\n') + 1
			headers = append(headers, header{start: start, keys: keys})
			table = keys
		case unstable.KeyValue:
			full := append(slices.Clone(table), keys...)
			if hasPrefix(full) && !hasPrefix(table) {
				return nil, fmt.Errorf("[%s.%s] is written as a dotted key or an inline table; change it yourself, or remove it and install again", key, name)
			}
		}
	}
	if err := p.Error(); err != nil {
		return nil, err
	}
	var out []tomlRegion
	for i, h := range headers {
		if !hasPrefix(h.keys) {
			continue
		}
		end := len(data)
		if i+1 < len(headers) {
			end = headers[i+1].start
		}
		out = append(out, tomlRegion{h.start, end})
	}
	return out, nil
}

// tomlRemoveServer cuts key.name's tables out of data.
func tomlRemoveServer(data []byte, key, name string) ([]byte, bool, error) {
	regions, err := tomlServerTables(data, key, name)
	if err != nil || len(regions) == 0 {
		return data, false, err
	}
	out := slices.Clone(data)
	for i := len(regions) - 1; i >= 0; i-- {
		out = slices.Delete(out, regions[i].start, regions[i].end)
	}
	// A table cut from the end leaves the blank line that set it apart.
	for bytes.HasSuffix(out, []byte("\n\n")) {
		out = out[:len(out)-1]
	}
	return out, true, nil
}

// tomlSetServer returns data with key.name = entry, as a table at the end.
func tomlSetServer(data []byte, key, name string, entry ServerEntry) ([]byte, error) {
	out, _, err := tomlRemoveServer(data, key, name)
	if err != nil {
		return nil, err
	}
	body, err := toml.Marshal(entry)
	if err != nil {
		return nil, err
	}
	out = slices.Clone(out)
	if len(bytes.TrimSpace(out)) > 0 {
		if !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
		out = append(out, '\n')
	} else {
		out = nil
	}
	out = fmt.Appendf(out, "[%s.%s]\n", key, name)
	return append(out, body...), nil
}

// tomlEntry returns key.name, decoded, or nil.
func tomlEntry(data []byte, key, name string) (map[string]any, error) {
	m, err := decodeTOMLConfig(data)
	if err != nil {
		return nil, err
	}
	servers, _ := m[key].(map[string]any)
	entry, _ := servers[name].(map[string]any)
	return entry, nil
}

// decodeTOMLConfig decodes a TOML file, for comparing what it means before
// and after an edit.
func decodeTOMLConfig(data []byte) (map[string]any, error) {
	m := map[string]any{}
	if err := toml.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}
