package policy

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/pelletier/go-toml/v2/unstable"
)

// AllowSite adds the origin pattern to the sites of the profile name, as
// the person's "Always" click in the browser does. A pattern already there
// (after ParseSite's normalisation) is left alone. For default, a missing
// file is first created from Create's template; for any other name it is an
// error wrapping fs.ErrNotExist.
//
// Only the text of the sites array changes: the person's comments, key
// order and formatting stay as they are. A file without sites gets a
// `sites = [...]` line before its first table. See edit for how a
// concurrent edit by hand is handled.
func AllowSite(configDir, name, pattern string) error {
	site, err := ParseSite(pattern)
	if err != nil {
		return err
	}
	if name == DefaultName {
		if _, err := Create(configDir, name); err != nil && !errors.Is(err, os.ErrExist) {
			return err
		}
	}
	return edit(configDir, name, func(p Profile, data []byte) ([]byte, error) {
		if slices.Contains(p.Sites, site) {
			return nil, nil
		}
		return insertElement(data, "sites", site.String())
	}, func(p Profile) bool { return slices.Contains(p.Sites, site) })
}

// AllowConfirmed adds "kind origin" to the confirm_always of the profile
// name, as the person's "Always for this site and kind" click does: steps
// of that kind on that site are no longer asked for. Like AllowSite, it
// changes only the text of that array (adding the key when it is missing),
// and for default first creates a missing file from Create's template.
func AllowConfirmed(configDir, name, kind, origin string) error {
	a, reason := parseConfirmAllowed(kind + " " + origin)
	if reason != "" {
		return fmt.Errorf("profile %s: %s %s: %s", name, kind, origin, reason)
	}
	return allowEntry(configDir, name, a)
}

// allowEntry adds a to the confirm_always of the profile name (see
// AllowConfirmed).
func allowEntry(configDir, name string, a ConfirmAllowed) error {
	if name == DefaultName {
		if _, err := Create(configDir, name); err != nil && !errors.Is(err, os.ErrExist) {
			return err
		}
	}
	return edit(configDir, name, func(p Profile, data []byte) ([]byte, error) {
		if slices.Contains(p.ConfirmAlways, a) {
			return nil, nil
		}
		return insertElement(data, "confirm_always", a.String())
	}, func(p Profile) bool { return slices.Contains(p.ConfirmAlways, a) })
}

// DisallowSite removes the origin pattern from the sites of the profile
// name, every time it appears, along with its line when it is alone on
// one; the rest of the file stays as it is. A pattern that is not there
// gives an error wrapping ErrNotListed; a missing file, one wrapping
// fs.ErrNotExist.
func DisallowSite(configDir, name, pattern string) error {
	site, err := ParseSite(pattern)
	if err != nil {
		return err
	}
	return edit(configDir, name, func(p Profile, data []byte) ([]byte, error) {
		if !slices.Contains(p.Sites, site) {
			return nil, fmt.Errorf("profile %s: %s: %w", name, site, ErrNotListed)
		}
		for range len(p.Sites) {
			span, err := findArray(data, "sites")
			if err != nil {
				return nil, err
			}
			i := slices.IndexFunc(span.values, func(v string) bool {
				s, reason := parseSite(v)
				return reason == "" && s == site
			})
			if i < 0 {
				return data, nil
			}
			data = removeElement(data, span, i)
		}
		return data, nil
	}, func(p Profile) bool { return !slices.Contains(p.Sites, site) })
}

// Files are the profile files of a config folder, as the person's
// "Always" answers in the browser edit them.
type Files string

// AllowSite is AllowSite on the folder's profile name.
func (f Files) AllowSite(name, pattern string) error { return AllowSite(string(f), name, pattern) }

// AllowConfirmed is AllowConfirmed on the folder's profile name.
func (f Files) AllowConfirmed(name, kind, origin string) error {
	return AllowConfirmed(string(f), name, kind, origin)
}

// editMu serialises this process's edits of profile files.
var editMu sync.Mutex

// testHookBeforeReplace, when set, runs between writing the new text and
// replacing the file, where a person's edit would force a retry.
var testHookBeforeReplace func(path string)

// edit rewrites a profile file with change, which returns the new text, or
// nil for no change. The new text must parse and satisfy ok, or the file is
// left alone. A malformed file is not edited.
//
// The new text goes to a temporary file beside the file (its target, when
// the file is a symbolic link), readable by its owner only, which then
// replaces it: a reader sees the old file or the new one, never half of
// one. Just before the replacement the file is read again, and when a
// person or another process changed it meanwhile, the edit starts over
// from the new text. An editor that holds the file open may still save its
// own, older, text over the change later.
func edit(configDir, name string, change func(Profile, []byte) ([]byte, error), ok func(Profile) bool) error {
	if err := ValidName(name); err != nil {
		return err
	}
	path := FilePath(configDir, name)
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("profile %s: %w", name, err)
	}
	editMu.Lock()
	defer editMu.Unlock()
	for range 5 {
		data, err := readFile(target)
		if err != nil {
			return fmt.Errorf("profile %s: %w", name, err)
		}
		p, err := Parse(name, path, data)
		if err != nil {
			return err
		}
		out, err := change(p, data)
		if err != nil || out == nil {
			return err
		}
		if q, err := Parse(name, path, out); err != nil {
			return fmt.Errorf("profile %s: editing %s would break it, so it is unchanged: %w", name, path, err)
		} else if !ok(q) {
			return fmt.Errorf("profile %s: cannot edit %s, so it is unchanged", name, path)
		}
		tmp, err := writeTemp(filepath.Dir(target), out)
		if err != nil {
			return fmt.Errorf("profile %s: %w", name, err)
		}
		if testHookBeforeReplace != nil {
			testHookBeforeReplace(target)
		}
		now, err := readFile(target)
		if err != nil || !bytes.Equal(now, data) {
			os.Remove(tmp)
			continue
		}
		if err := os.Rename(tmp, target); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("profile %s: %w", name, err)
		}
		return nil
	}
	return fmt.Errorf("profile %s: %s kept changing while being edited; try again", name, path)
}

// writeTemp writes data to a new file in dir, mode 0600, flushed to disk,
// and returns its path.
func writeTemp(dir string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, ".profile-*.toml.tmp")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(0o600)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// arraySpan is where a top-level array of strings is in a file's text.
type arraySpan struct {
	found       bool
	open, close int      // offsets of its '[' and ']'
	elems       [][2]int // each element's text, [start, end)
	values      []string // and its value
	// insertAt is, when the file has no such array, where its line goes:
	// before the first table (and the comments right above it), or at the
	// end of the file.
	insertAt int
}

// findArray finds the top-level array key of a profile file the decoder
// accepted.
func findArray(data []byte, key string) (arraySpan, error) {
	var p unstable.Parser
	p.Reset(data)
	var span arraySpan
	lastEnd := 0 // where the last top-level key-value ends
	for p.NextExpression() {
		e := p.Expression()
		if e.Kind == unstable.Table || e.Kind == unstable.ArrayTable {
			it := e.Key()
			it.Next()
			span.insertAt = startOfCommentsAbove(data, lineStart(data, int(it.Node().Raw.Offset)), lastEnd)
			return span, nil
		}
		if e.Kind != unstable.KeyValue {
			continue
		}
		lastEnd = int(e.Raw.Offset + e.Raw.Length)
		parts := keyParts(e.Key())
		if len(parts) != 1 || parts[0] != key || e.Value().Kind != unstable.Array {
			continue
		}
		it := e.Key()
		it.Next()
		open := skipSpace(data, int(it.Node().Raw.Offset+it.Node().Raw.Length))
		if open < len(data) && data[open] == '=' {
			open = skipSpace(data, open+1)
		}
		if open >= len(data) || data[open] != '[' || lastEnd < 1 || data[lastEnd-1] != ']' {
			return span, fmt.Errorf("cannot find the %s array", key)
		}
		span.found, span.open, span.close = true, open, lastEnd-1
		for c := e.Value().Children(); c.Next(); {
			n := c.Node()
			if n.Kind != unstable.String {
				return span, fmt.Errorf("%s holds something other than strings", key)
			}
			span.elems = append(span.elems, [2]int{int(n.Raw.Offset), int(n.Raw.Offset + n.Raw.Length)})
			span.values = append(span.values, string(n.Data))
		}
	}
	if err := p.Error(); err != nil {
		return span, err
	}
	span.insertAt = len(data)
	return span, nil
}

// insertElement adds value at the end of the top-level array key, in the
// array's style: on a line of its own in an array written one element a
// line, after a comma otherwise. A file without the key gets a
// `key = [value]` line before its first table.
func insertElement(data []byte, key, value string) ([]byte, error) {
	span, err := findArray(data, key)
	if err != nil {
		return nil, err
	}
	quoted := tomlString(value)
	nl := newline(data)
	if !span.found {
		line := key + " = [" + quoted + "]" + nl
		at := span.insertAt
		if at < len(data) {
			return splice(data, at, at, line+nl), nil
		}
		if len(data) > 0 && data[len(data)-1] != '\n' {
			line = nl + line
		}
		return splice(data, at, at, line), nil
	}
	if len(span.elems) == 0 {
		if !bytes.ContainsRune(data[span.open:span.close], '\n') {
			return splice(data, span.open, span.close+1, "["+quoted+"]"), nil
		}
		at := lineStart(data, span.close)
		return splice(data, at, at, indentOf(data, at)+"  "+quoted+","+nl), nil
	}
	last := span.elems[len(span.elems)-1]
	i := skipSpace(data, last[1])
	comma := i < span.close && data[i] == ','
	if comma {
		i = skipSpace(data, i+1)
	}
	if i < span.close && data[i] == '#' {
		i += bytes.IndexByte(data[i:], '\n')
	}
	if i < span.close && data[i] == '\r' {
		i++
	}
	if i >= span.close || data[i] != '\n' {
		// The array closes on the last element's line.
		return splice(data, last[1], last[1], ", "+quoted), nil
	}
	start := lineStart(data, last[0])
	indent := indentOf(data, start)
	if start <= span.open {
		indent = indentOf(data, lineStart(data, span.open)) + "  "
	}
	line := indent + quoted
	if comma {
		line += ","
	}
	out := splice(data, i+1, i+1, line+nl)
	if !comma {
		out = splice(out, last[1], last[1], ",")
	}
	return out, nil
}

// removeElement removes element i of an array: its whole line when it is
// alone on one, otherwise the element and the comma that separates it from
// its neighbours.
func removeElement(data []byte, span arraySpan, i int) []byte {
	s, e := span.elems[i][0], span.elems[i][1]
	start := lineStart(data, s)
	j := skipSpace(data, e)
	comma := j < span.close && data[j] == ','
	if comma {
		j = skipSpace(data, j+1)
	}
	if start > span.open && len(bytes.TrimLeft(data[start:s], " \t")) == 0 {
		k := j
		if k < span.close && data[k] == '#' {
			k += bytes.IndexByte(data[k:], '\n')
		}
		if k < span.close && data[k] == '\r' {
			k++
		}
		if k < span.close && data[k] == '\n' {
			return splice(data, start, k+1, "")
		}
	}
	if comma {
		return splice(data, s, j, "")
	}
	// The last element: take the comma before it, if any.
	k := s
	for k > span.open && (data[k-1] == ' ' || data[k-1] == '\t') {
		k--
	}
	if data[k-1] == ',' {
		return splice(data, k-1, e, "")
	}
	return splice(data, s, e, "")
}

// startOfCommentsAbove moves from the start of a line up over the comment
// lines right above it, not past floor, and returns where they start.
func startOfCommentsAbove(data []byte, at, floor int) int {
	for at > floor {
		prev := lineStart(data, at-1)
		if prev < floor {
			break
		}
		if t := bytes.TrimLeft(data[prev:at], " \t"); len(t) == 0 || t[0] != '#' {
			break
		}
		at = prev
	}
	return at
}

// lineStart is the offset of the start of the line holding offset i.
func lineStart(data []byte, i int) int {
	return bytes.LastIndexByte(data[:i], '\n') + 1
}

// indentOf is the spaces and tabs at the start of the line starting at i.
func indentOf(data []byte, i int) string {
	return string(data[i:skipSpace(data, i)])
}

// skipSpace skips spaces and tabs from i.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return i
}

// newline is the file's line ending: "\r\n" when it has one, else "\n".
func newline(data []byte) string {
	if bytes.Contains(data, []byte("\r\n")) {
		return "\r\n"
	}
	return "\n"
}

// splice returns data with data[from:to] replaced by s, in a new slice.
func splice(data []byte, from, to int, s string) []byte {
	out := make([]byte, 0, len(data)-(to-from)+len(s))
	out = append(out, data[:from]...)
	out = append(out, s...)
	return append(out, data[to:]...)
}
