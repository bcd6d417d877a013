package installer

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// Codex's config.toml is edited as text: Diwall's server is a table of its
// own, [mcp_servers.diwall], which install appends (or writes in place of
// the one there) and uninstall cuts out (or replaces by the one that was),
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

// tomlContentEnd is where the keys of a table's text end: the blank and
// comment lines after its last key belong to what follows, and stay
// where they are when the table is replaced.
func tomlContentEnd(data []byte, r tomlRegion) int {
	end := r.start
	for i := r.start; i < r.end; {
		next := bytes.IndexByte(data[i:r.end], '\n')
		lineEnd := r.end
		if next >= 0 {
			lineEnd = i + next + 1
		}
		if line := bytes.TrimSpace(data[i:lineEnd]); len(line) > 0 && line[0] != '#' {
			end = lineEnd
		}
		i = lineEnd
	}
	return end
}

// tomlServerSpans are the spans of data that hold key.name: from its
// first table's header to the last key of the tables that follow it
// without a break, then the keys of each of its tables found elsewhere.
// The blank and comment lines after a table's last key are in no span:
// they stay where they are.
func tomlServerSpans(data []byte, key, name string) ([]tomlRegion, error) {
	regions, err := tomlServerTables(data, key, name)
	if err != nil {
		return nil, err
	}
	if len(regions) == 0 {
		return nil, fmt.Errorf("no [%s.%s] table", key, name)
	}
	last := 0
	for last+1 < len(regions) && regions[last+1].start == regions[last].end {
		last++
	}
	spans := []tomlRegion{{regions[0].start, tomlContentEnd(data, regions[last])}}
	for _, r := range regions[last+1:] {
		spans = append(spans, tomlRegion{r.start, tomlContentEnd(data, r)})
	}
	return spans, nil
}

// tomlRawServer is the text of key.name's tables in data, as written
// (see tomlServerSpans).
func tomlRawServer(data []byte, key, name string) (string, error) {
	spans, err := tomlServerSpans(data, key, name)
	if err != nil {
		return "", err
	}
	var raw []byte
	for _, s := range spans {
		raw = append(raw, data[s.start:s.end]...)
	}
	return string(raw), nil
}

// tomlReplaceServer returns data with key.name's tables replaced by text
// where the first of them was (see tomlServerSpans).
func tomlReplaceServer(data []byte, key, name, text string) ([]byte, error) {
	spans, err := tomlServerSpans(data, key, name)
	if err != nil {
		return nil, err
	}
	out := slices.Clone(data)
	for i := len(spans) - 1; i > 0; i-- {
		out = slices.Delete(out, spans[i].start, spans[i].end)
	}
	return slices.Replace(out, spans[0].start, spans[0].end, []byte(text)...), nil
}

// tomlSetServer returns data with key.name = entry: in place of the
// tables that defined it, or as a table at the end.
func tomlSetServer(data []byte, key, name string, entry ServerEntry) ([]byte, error) {
	regions, err := tomlServerTables(data, key, name)
	if err != nil {
		return nil, err
	}
	body, err := toml.Marshal(entry)
	if err != nil {
		return nil, err
	}
	table := append(fmt.Appendf(nil, "[%s.%s]\n", key, name), body...)
	if len(regions) > 0 {
		return tomlReplaceServer(data, key, name, string(table))
	}
	out := slices.Clone(data)
	if len(bytes.TrimSpace(out)) > 0 {
		if !bytes.HasSuffix(out, []byte("\n")) {
			out = append(out, '\n')
		}
		out = append(out, '\n')
	} else {
		out = nil
	}
	return append(out, table...), nil
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
