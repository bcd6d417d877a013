package policy

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// toolNames are the tools of docs/contract.md §5, in its order.
var toolNames = []string{"observe", "act", "read", "navigate", "tabs", "dialog", "login", "screenshot", "screen", "downloads", "handoff"}

// ToolNames returns the names of every tool, the names a profile's tools
// key may hold.
func ToolNames() []string { return slices.Clone(toolNames) }

// Budget ranges: a file's [budgets] outside them is refused.
const (
	MinTreeChars     = 1000
	MaxTreeChars     = 1000000
	MinMarks         = 1
	MaxMarks         = 5000
	MinImageLongSide = 256
	MaxImageLongSide = 4096
	MinCallTimeout   = time.Second
	MaxCallTimeout   = 10 * time.Minute
	MinDownloadBytes = 1
	MaxDownloadBytes = 10 << 30
	MinDownloads     = 0
	MaxDownloads     = 10000
	MinHandoff       = 5 * time.Second
	MaxHandoff       = 24 * time.Hour
)

const (
	maxFileSize        = 1 << 20 // a profile is a few hundred bytes
	maxNameLen         = 64
	maxCredentialIDLen = 64
)

// fileProfile is the TOML of a profile file. A pointer is nil when its key
// is missing.
type fileProfile struct {
	Sites         []string    `toml:"sites"`
	Ask           bool        `toml:"ask"`
	Tools         *[]string   `toml:"tools"`
	Credentials   []string    `toml:"credentials"`
	Frames        *string     `toml:"frames"`
	OperatorWrite bool        `toml:"operator_write"`
	UploadDir     string      `toml:"upload_dir"`
	DownloadDir   string      `toml:"download_dir"`
	Confirm       []string    `toml:"confirm"`
	ConfirmAlways []string    `toml:"confirm_always"`
	Private       []string    `toml:"private"`
	ReadOnly      []string    `toml:"read_only"`
	AuditImages   *bool       `toml:"audit_images"`
	Budgets       fileBudgets `toml:"budgets"`
}

type fileBudgets struct {
	TreeChars     *int64 `toml:"tree_chars"`
	Marks         *int64 `toml:"marks"`
	ImageLongEdge *int64 `toml:"image_long_edge"`
	CallTimeoutMS *int64 `toml:"call_timeout_ms"`
	DownloadBytes *int64 `toml:"download_bytes"`
	Downloads     *int64 `toml:"downloads"`
	HandoffS      *int64 `toml:"handoff_s"`
}

// fileKeys are the keys of a profile file and what each wants, for the
// messages about a value of the wrong type.
var fileKeys = map[string]string{
	"sites":                   `a list of origin patterns, such as ["https://*.example.com"]`,
	"ask":                     "true or false",
	"tools":                   `a list of tool names, such as ["observe", "act"]`,
	"credentials":             `a list of vault ids, such as ["work-gitlab"]`,
	"frames":                  `"mask" or "sites"`,
	"operator_write":          "true or false",
	"upload_dir":              `an absolute folder in quotes, or ""`,
	"download_dir":            `an absolute folder in quotes, or ""`,
	"confirm":                 `a list of kinds of step, among "purchase", "submit", "upload", "download", "login" and "share"`,
	"confirm_always":          `a list of "kind origin-pattern" entries, such as ["purchase https://shop.example.com"] (share: "share from-pattern to-pattern")`,
	"private":                 `a list of origin patterns, such as ["https://mail.example.com"]`,
	"read_only":               `a list of origin patterns, such as ["https://*.bank.example"]`,
	"audit_images":            "true or false",
	"budgets":                 "the table [budgets]",
	"budgets.tree_chars":      fmt.Sprintf("a whole number from %d to %d", MinTreeChars, MaxTreeChars),
	"budgets.marks":           fmt.Sprintf("a whole number from %d to %d", MinMarks, MaxMarks),
	"budgets.image_long_edge": fmt.Sprintf("a whole number of pixels from %d to %d", MinImageLongSide, MaxImageLongSide),
	"budgets.call_timeout_ms": fmt.Sprintf("a whole number of milliseconds from %d to %d", MinCallTimeout.Milliseconds(), MaxCallTimeout.Milliseconds()),
	"budgets.download_bytes":  fmt.Sprintf("a whole number of bytes from %d to %d", MinDownloadBytes, int64(MaxDownloadBytes)),
	"budgets.downloads":       fmt.Sprintf("a whole number from %d to %d", MinDownloads, MaxDownloads),
	"budgets.handoff_s":       fmt.Sprintf("a whole number of seconds from %d to %d", int64(MinHandoff.Seconds()), int64(MaxHandoff.Seconds())),
}

// Parse reads a profile file's content. name and path are the profile's name
// and file, for Profile and for error messages. Missing keys take their
// defaults (those of the package doc; ask is false). A malformed file gives
// an *Error that names the line and the key.
func Parse(name, path string, data []byte) (Profile, error) {
	f, l, err := decode(data)
	if err == nil {
		var p Profile
		if p, err = f.profile(name, l); err == nil {
			p.Path = path
			return p, nil
		}
	}
	err.Name, err.Path = name, path
	return Profile{}, err
}

// decode reads the TOML of a profile file, refusing unknown keys, and says
// where each key is.
func decode(data []byte) (fileProfile, layout, *Error) {
	var f fileProfile
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		var strict *toml.StrictMissingError
		var de *toml.DecodeError
		switch {
		case errors.As(err, &strict) && len(strict.Errors) > 0:
			e := strict.Errors[0]
			line, _ := e.Position()
			key := strings.Join(e.Key(), ".")
			return f, nil, &Error{Line: line, Key: key, Msg: unknownKey(key)}
		case errors.As(err, &de):
			line, _ := de.Position()
			key := strings.Join(de.Key(), ".")
			if key == "" { // a syntax error: the decoder names no key
				key = keyBeingRead(data)
			}
			return f, nil, &Error{Line: line, Key: key, Msg: decodeMessage(data, key, de)}
		}
		return f, nil, &Error{Msg: err.Error()}
	}
	l, errLine, err := scanLayout(data)
	if err != nil {
		return f, nil, &Error{Line: errLine, Key: keyBeingRead(data), Msg: err.Error()}
	}
	// The decoder matches keys without regard to case; TOML does not.
	for _, at := range l {
		if _, ok := fileKeys[at.key]; !ok {
			return f, nil, &Error{Line: at.line, Key: at.key, Msg: unknownKey(at.key)}
		}
	}
	return f, l, nil
}

// profile checks the values of f and returns the profile they make.
func (f fileProfile) profile(name string, l layout) (Profile, *Error) {
	fail := func(key string, elem int, format string, args ...any) (Profile, *Error) {
		return Profile{}, &Error{Line: l.line(key, elem), Key: key, Msg: fmt.Sprintf(format, args...)}
	}
	p := defaults(name)
	p.Ask = f.Ask
	p.OperatorWrite = f.OperatorWrite
	if f.AuditImages != nil {
		p.AuditImages = *f.AuditImages
	}
	for i, raw := range f.Sites {
		s, reason := parseSite(raw)
		if reason != "" {
			return fail("sites", i, "%q is not an origin pattern: %s", raw, reason)
		}
		p.Sites = append(p.Sites, s)
	}
	if f.Tools != nil {
		p.Tools = []string{}
		for i, t := range *f.Tools {
			if !slices.Contains(toolNames, t) {
				return fail("tools", i, "%q is not a tool: want one of %s", t, strings.Join(toolNames, ", "))
			}
			p.Tools = append(p.Tools, t)
		}
	}
	for i, id := range f.Credentials {
		if !validCredentialID(id) {
			return fail("credentials", i, "%q is not a vault id: want 1 to %d of A-Z a-z 0-9 . _ -", id, maxCredentialIDLen)
		}
		p.Credentials = append(p.Credentials, id)
	}
	if f.Frames != nil {
		if *f.Frames != FramesMask && *f.Frames != FramesSites {
			return fail("frames", -1, "%q: want %q or %q", *f.Frames, FramesMask, FramesSites)
		}
		p.Frames = *f.Frames
	}
	if f.UploadDir != "" {
		if !filepath.IsAbs(f.UploadDir) {
			return fail("upload_dir", -1, "%q is not an absolute folder", f.UploadDir)
		}
		p.UploadDir = filepath.Clean(f.UploadDir)
	}
	if f.DownloadDir != "" {
		if !filepath.IsAbs(f.DownloadDir) {
			return fail("download_dir", -1, "%q is not an absolute folder", f.DownloadDir)
		}
		p.DownloadDir = filepath.Clean(f.DownloadDir)
	}
	for i, k := range f.Confirm {
		if !slices.Contains(ConfirmKinds, k) {
			return fail("confirm", i, "%q is not a kind of step: want one of %s", k, strings.Join(ConfirmKinds, ", "))
		}
		if !slices.Contains(p.Confirm, k) {
			p.Confirm = append(p.Confirm, k)
		}
	}
	for _, l := range []struct {
		key string
		raw []string
		dst *[]Site
	}{{"private", f.Private, &p.Private}, {"read_only", f.ReadOnly, &p.ReadOnly}} {
		for i, raw := range l.raw {
			s, reason := parseSite(raw)
			if reason != "" {
				return fail(l.key, i, "%q is not an origin pattern: %s", raw, reason)
			}
			*l.dst = append(*l.dst, s)
		}
	}
	for i, raw := range f.ConfirmAlways {
		a, reason := parseConfirmAllowed(raw)
		if reason != "" {
			return fail("confirm_always", i, "%q: %s", raw, reason)
		}
		p.ConfirmAlways = append(p.ConfirmAlways, a)
	}

	treeChars, marks, longSide := int64(p.TreeChars), int64(p.Marks), int64(p.ImageLongSide)
	timeoutMS, downloads, handoffS := p.CallTimeout.Milliseconds(), int64(p.Downloads), int64(p.HandoffTimeout.Seconds())
	for _, b := range []struct {
		key      string
		v        *int64
		min, max int64
		dst      *int64
	}{
		{"budgets.tree_chars", f.Budgets.TreeChars, MinTreeChars, MaxTreeChars, &treeChars},
		{"budgets.marks", f.Budgets.Marks, MinMarks, MaxMarks, &marks},
		{"budgets.image_long_edge", f.Budgets.ImageLongEdge, MinImageLongSide, MaxImageLongSide, &longSide},
		{"budgets.call_timeout_ms", f.Budgets.CallTimeoutMS, MinCallTimeout.Milliseconds(), MaxCallTimeout.Milliseconds(), &timeoutMS},
		{"budgets.download_bytes", f.Budgets.DownloadBytes, MinDownloadBytes, MaxDownloadBytes, &p.DownloadBytes},
		{"budgets.downloads", f.Budgets.Downloads, MinDownloads, MaxDownloads, &downloads},
		{"budgets.handoff_s", f.Budgets.HandoffS, int64(MinHandoff.Seconds()), int64(MaxHandoff.Seconds()), &handoffS},
	} {
		if b.v == nil {
			continue
		}
		if *b.v < b.min || *b.v > b.max {
			return fail(b.key, -1, "%d is out of range: want %d to %d", *b.v, b.min, b.max)
		}
		*b.dst = *b.v
	}
	p.TreeChars, p.Marks, p.ImageLongSide, p.Downloads = int(treeChars), int(marks), int(longSide), int(downloads)
	p.CallTimeout = time.Duration(timeoutMS) * time.Millisecond
	p.HandoffTimeout = time.Duration(handoffS) * time.Second
	return p, nil
}

// parseConfirmAllowed reads a confirm_always entry, "kind origin-pattern";
// when it is not one, reason says why.
func parseConfirmAllowed(raw string) (ConfirmAllowed, string) {
	kind, pattern, ok := strings.Cut(strings.TrimSpace(raw), " ")
	if !ok {
		return ConfirmAllowed{}, `want "kind origin-pattern", such as "purchase https://shop.example.com"`
	}
	if kind == ConfirmShare {
		return parseShareAllowed(pattern)
	}
	if !slices.Contains(ConfirmKinds, kind) {
		return ConfirmAllowed{}, fmt.Sprintf("%q is not a kind of step: want one of %s", kind, strings.Join(ConfirmKinds, ", "))
	}
	site, reason := parseSite(strings.TrimSpace(pattern))
	if reason != "" {
		return ConfirmAllowed{}, reason
	}
	return ConfirmAllowed{Kind: kind, Site: site}, ""
}

// unknownKey is the message for a key a profile does not have.
func unknownKey(key string) string {
	for known := range fileKeys {
		if strings.EqualFold(known, key) {
			return fmt.Sprintf("unknown key (keys are case-sensitive: %q)", known)
		}
	}
	if strings.HasPrefix(key, "budgets.") {
		return "unknown key: [budgets] has tree_chars, marks, image_long_edge, call_timeout_ms, download_bytes, downloads and handoff_s"
	}
	return "unknown key: a profile has sites, ask, tools, credentials, frames, operator_write, upload_dir, download_dir, confirm, confirm_always, private, read_only, audit_images and [budgets]"
}

// decodeMessage rewords the decoder's message about a value of the wrong
// type, which names Go types, in the terms of the file.
func decodeMessage(data []byte, key string, de *toml.DecodeError) string {
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	want, known := fileKeys[key]
	if !known || !(strings.HasPrefix(msg, "cannot decode TOML") || strings.HasPrefix(msg, "cannot store")) {
		return msg
	}
	if l, _, err := scanLayout(data); err == nil {
		if at, ok := l.find(key); ok {
			if at.kind != unstable.Array {
				return fmt.Sprintf("want %s, not %s", want, kindName(at.kind))
			}
			for _, k := range at.elemKinds {
				if k != unstable.String {
					return fmt.Sprintf("want %s, not a list holding %s", want, kindName(k))
				}
			}
			return fmt.Sprintf("want %s, not a list", want)
		}
	}
	return "want " + want
}

// kindName names a kind of TOML value for people.
func kindName(k unstable.Kind) string {
	switch k {
	case unstable.String:
		return "a string"
	case unstable.Bool:
		return "true or false"
	case unstable.Integer:
		return "a whole number"
	case unstable.Float:
		return "a number with a fraction"
	case unstable.Array:
		return "a list"
	case unstable.InlineTable, unstable.Table:
		return "a table"
	case unstable.ArrayTable:
		return "a list of tables [[...]]"
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		return "a date or time"
	}
	return strings.ToLower(k.String())
}

// validCredentialID reports whether id can name a vault entry:
// [A-Za-z0-9._-]{1,64}.
func validCredentialID(id string) bool {
	if id == "" || len(id) > maxCredentialIDLen {
		return false
	}
	for _, c := range id {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}
