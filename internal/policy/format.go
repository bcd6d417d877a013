package policy

import (
	"fmt"
	"strings"
)

// TOML writes p as a profile file in which every key is set, defaults
// included: the profile in effect. A nil Tools (every tool) is written as a
// comment, since only a missing key means every tool. Parse reads the text
// back to p, but for Name and Path.
func (p Profile) TOML() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "sites = %s\n", tomlList(siteStrings(p.Sites)))
	fmt.Fprintf(&b, "ask = %t\n", p.Ask)
	if p.Tools == nil {
		fmt.Fprintf(&b, "# tools: every tool (%s)\n", strings.Join(toolNames, ", "))
	} else {
		fmt.Fprintf(&b, "tools = %s\n", tomlList(p.Tools))
	}
	fmt.Fprintf(&b, "credentials = %s\n", tomlList(p.Credentials))
	fmt.Fprintf(&b, "frames = %s\n", tomlString(p.Frames))
	fmt.Fprintf(&b, "operator_write = %t\n", p.OperatorWrite)
	fmt.Fprintf(&b, "upload_dir = %s\n", tomlString(p.UploadDir))
	fmt.Fprintf(&b, "download_dir = %s\n", tomlString(p.DownloadDir))
	fmt.Fprintf(&b, "confirm = %s\n", tomlList(p.Confirm))
	always := make([]string, len(p.ConfirmAlways))
	for i, a := range p.ConfirmAlways {
		always[i] = a.String()
	}
	fmt.Fprintf(&b, "confirm_always = %s\n", tomlList(always))
	fmt.Fprintf(&b, "private = %s\n", tomlList(siteStrings(p.Private)))
	fmt.Fprintf(&b, "read_only = %s\n", tomlList(siteStrings(p.ReadOnly)))
	fmt.Fprintf(&b, "audit_images = %t\n", p.AuditImages)
	b.WriteString("\n[budgets]\n")
	fmt.Fprintf(&b, "tree_chars = %d\n", p.TreeChars)
	fmt.Fprintf(&b, "marks = %d\n", p.Marks)
	fmt.Fprintf(&b, "image_long_edge = %d\n", p.ImageLongSide)
	fmt.Fprintf(&b, "call_timeout_ms = %d\n", p.CallTimeout.Milliseconds())
	fmt.Fprintf(&b, "download_bytes = %d\n", p.DownloadBytes)
	fmt.Fprintf(&b, "downloads = %d\n", p.Downloads)
	fmt.Fprintf(&b, "handoff_s = %d\n", int64(p.HandoffTimeout.Seconds()))
	return []byte(b.String())
}

// siteStrings are the patterns of sites, as a file writes them.
func siteStrings(sites []Site) []string {
	out := make([]string, len(sites))
	for i, s := range sites {
		out[i] = s.String()
	}
	return out
}

// tomlList writes strings as a TOML array on one line.
func tomlList(items []string) string {
	quoted := make([]string, len(items))
	for i, s := range items {
		quoted[i] = tomlString(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// tomlString writes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, c)
		default:
			b.WriteRune(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
