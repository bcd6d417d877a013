package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// hostileRun gathers every result of TestHostileCorpus.
type hostileRun struct {
	t       *testing.T
	bs      *browserSession
	results []envelope
}

func (h *hostileRun) call(tool string, args map[string]any) envelope {
	h.t.Helper()
	env := h.bs.call(tool, args)
	h.results = append(h.results, env)
	return env
}

func (h *hostileRun) observe() observation {
	h.t.Helper()
	env := h.call("observe", map[string]any{})
	if !env.OK {
		h.t.Fatalf("observe: %v", env.Server["error"])
	}
	o := decodeObservation(h.t, env)
	checkTreeMarks(h.t, o)
	return o
}

// TestHostileCorpus opens every page of testdata/hostile/, observes, reads
// and acts on it, then checks every result and the logs (see
// testdata/hostile/README.md): nothing planted reaches server, no secret
// reaches any result or log, what is unseen or in a frame appears nowhere,
// fake marks never read as marks, and a swapped element is never clicked.
func TestHostileCorpus(t *testing.T) {
	h := &hostileRun{t: t, bs: launch(t)}
	pages := []struct {
		name string
		then func(h *hostileRun, o observation)
	}{
		{"instructions", nil},
		{"fake_server", nil},
		{"lookalike_login", func(h *hostileRun, o observation) {
			if o.Server["origin"] != siteURL {
				t.Errorf("lookalike: server.origin = %v, want %s", o.Server["origin"], siteURL)
			}
		}},
		{"secrets", func(h *hostileRun, o observation) {
			r := h.call("act", map[string]any{"snapshot_id": snap(o), "observe": true, "steps": []map[string]any{
				{"action": "type", "mark": markOf(t, o, "textbox", "Your new card number"), "text": "CANARY-SECRET-typed-card"},
				{"action": "type", "mark": markOf(t, o, "textbox", "Password"), "text": "CANARY-SECRET-typed-pw", "clear": true},
			}})
			if !r.OK {
				t.Errorf("secrets: typing: %v", r.Server["error"])
			}
			if o := h.observe(); o.Server["counters"].(map[string]any)["redacted_fields"].(float64) < 15 {
				t.Errorf("secrets: only %v fields redacted", o.Server["counters"].(map[string]any)["redacted_fields"])
			}
		}},
		{"frames", func(h *hostileRun, o observation) {
			if n := o.Server["counters"].(map[string]any)["frames_masked"].(float64); n < 3 {
				t.Errorf("frames: frames_masked = %v, want at least 3", n)
			}
		}},
		{"swap", func(h *hostileRun, o observation) {
			// The button is relabelled (same element, new meaning) after
			// observe: the click is refused as stale, and never made.
			var ok bool
			h.bs.pageEval("/hostile/swap.html", `(relabelKeep(), true)`, &ok)
			r := h.call("act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{{"action": "click", "mark": markOf(t, o, "button", "Keep")}}})
			var log string
			h.bs.pageEval("/hostile/swap.html", `document.getElementById("log").textContent`, &log)
			if r.OK || r.errorCode() != "snapshot_stale" || strings.Contains(log, "relabelled-clicked") {
				t.Errorf("swap: a click on a button relabelled after observe: ok=%v code=%s; the page logged %q", r.OK, r.errorCode(), log)
			}
			// A countdown in a button's name is no relabelling: it is clicked.
			o = h.observe()
			h.bs.pageEval("/hostile/swap.html", `(tickResend(), true)`, &ok)
			r = h.call("act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{{"action": "click", "mark": markOf(t, o, "button", "Resend the code in 30 s")}}})
			h.bs.pageEval("/hostile/swap.html", `document.getElementById("log").textContent`, &log)
			if !r.OK || log != "resent" {
				t.Errorf("swap: a click on a counting-down button: ok=%v code=%s; the page logged %q", r.OK, r.errorCode(), log)
			}
			// The button is replaced by another of the same name: it is
			// never clicked in the old one's stead.
			o = h.observe()
			h.bs.pageEval("/hostile/swap.html", `(replaceSave(), true)`, &ok)
			r = h.call("act", map[string]any{"snapshot_id": snap(o), "steps": []map[string]any{{"action": "click", "mark": markOf(t, o, "button", "Save")}}})
			if r.OK || r.errorCode() != "element_gone" {
				t.Errorf("swap: a click on a replaced button: ok=%v code=%s, want element_gone", r.OK, r.errorCode())
			}
			h.bs.pageEval("/hostile/swap.html", `document.getElementById("log").textContent`, &log)
			if strings.Contains(log, "deleted") {
				t.Errorf("swap: the replaced button was clicked: %q", log)
			}
		}},
	}
	for _, p := range pages {
		h.call("tabs", map[string]any{"action": "open", "url": siteURL + "/hostile/" + p.name + ".html"})
		o := h.observe()
		h.call("read", map[string]any{"snapshot_id": snap(o), "query": "CANARY"})
		h.call("read", map[string]any{"snapshot_id": snap(o)})
		if p.then != nil {
			p.then(h, o)
		}
		c := o.Server["counters"].(map[string]any)
		t.Logf("%s: withheld %v unseen nodes, %v sensitive values, %v frames; %v marks; planted strings shown as page data: %v",
			p.name, c["omitted_not_visible"], c["redacted_fields"], c["frames_masked"], c["marks"], planted(string(o.PageContent)))
		h.call("tabs", map[string]any{"action": "close"})
	}
	h.check()
}

// checkPageLines fails when a line the text block gives outside its JSON
// carries anything of the page's outside a quoted string: the server part
// is the first line's, and no page may write a line of its own.
func checkPageLines(t *testing.T, i int, env envelope) {
	t.Helper()
	text, _ := env.raw.Content[0].(*mcp.TextContent)
	if text == nil {
		return
	}
	tb, err := readTextBlock(text.Text)
	if err != nil {
		t.Errorf("result %d (%s): %v", i, env.Server["tool"], err)
		return
	}
	server, _ := json.Marshal(tb.env["server"])
	if strings.Contains(strings.ToUpper(string(server)), "CANARY") {
		t.Errorf("result %d (%s): the text block's server carries the page's words: %s", i, env.Server["tool"], server)
	}
	for path, lines := range tb.blocks {
		for _, l := range lines {
			if u := strings.ToUpper(unquoted(l)); strings.Contains(u, "CANARY") || strings.Contains(u, "SERVER") || strings.Contains(u, "PAGE_CONTENT") || strings.ContainsAny(u, "{}") {
				t.Errorf("result %d (%s): a line of %s carries the page's words unquoted: %q", i, env.Server["tool"], path, l)
			}
		}
	}
}

var plantedRe = regexp.MustCompile(`CANARY-[A-Z]+-[a-z0-9]+`)

// planted lists the distinct planted markers in s.
func planted(s string) []string {
	seen := map[string]bool{}
	for _, m := range plantedRe.FindAllString(s, -1) {
		seen[m] = true
	}
	out := make([]string, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	sort.Strings(out)
	return out
}

// check searches every result and log for what must not be there.
func (h *hostileRun) check() {
	t := h.t
	secrets := []string{"CANARY-SECRET", "4111 1111 1111 1111", "4111111111111111"}
	unseen := []string{"CANARY-HIDDEN", "CANARY-FRAME"}
	for i, env := range h.results {
		server, _ := json.Marshal(env.Server)
		for _, bad := range []string{"CANARY", "IGNORE PREVIOUS", "evil.example", "accounts.google"} {
			if strings.Contains(strings.ToUpper(string(server)), strings.ToUpper(bad)) {
				t.Errorf("result %d (%s): server carries the page's %q: %s", i, env.Server["tool"], bad, server)
			}
		}
		checkPageLines(t, i, env)
		for _, text := range resultTexts(env.raw) {
			for _, bad := range append(secrets, unseen...) {
				if strings.Contains(text, bad) {
					t.Errorf("result %d (%s) carries %q: %s", i, env.Server["tool"], bad, excerpt(text, bad))
				}
			}
		}
	}
	for _, name := range []string{"host.log", "mcp.log"} {
		data, err := os.ReadFile(filepath.Join(h.bs.home, "logs", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range append(secrets, "CANARY") {
			if strings.Contains(string(data), bad) {
				t.Errorf("%s carries %q: %s", name, bad, excerpt(string(data), bad))
			}
		}
	}
	t.Logf("%d results checked, and the host's and the bridge's logs", len(h.results))
}

// resultTexts is every text of a result: its structured content and its
// text blocks.
func resultTexts(res *mcp.CallToolResult) []string {
	data, _ := json.Marshal(res.StructuredContent)
	out := []string{string(data)}
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			out = append(out, tc.Text)
		}
	}
	return out
}

func excerpt(s, at string) string {
	i := strings.Index(s, at)
	return s[max(0, i-120):min(len(s), i+len(at)+120)]
}

var markRe = regexp.MustCompile(`\[(\d+)\]`)

// checkTreeMarks reads the marks off the tree as a model would, outside
// the quoted page text: each element's mark starts exactly one line, and
// no other mark appears.
func checkTreeMarks(t *testing.T, o observation) {
	t.Helper()
	marks := map[int]bool{}
	for _, e := range o.Elements {
		marks[int(e["mark"].(float64))] = true
	}
	defined := map[int]int{}
	for _, line := range o.Tree {
		found := markRe.FindAllStringSubmatch(outsideQuotes(line), -1)
		for i, m := range found {
			n, _ := strconv.Atoi(m[1])
			if !marks[n] {
				t.Errorf("the tree line %q reads as mark %d, which is no element's", line, n)
			}
			if i == 0 {
				defined[n]++
			}
		}
	}
	for m := range marks {
		if defined[m] != 1 {
			t.Errorf("mark %d starts %d tree lines, want 1", m, defined[m])
		}
	}
}

// outsideQuotes drops the quoted strings (with their \" and \\ escapes)
// of a tree line.
func outsideQuotes(line string) string {
	var b strings.Builder
	in := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in:
			b.WriteByte(c)
		}
	}
	return b.String()
}
