package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// textOf is the text of a result's text blocks, as a model reads it.
func textOf(r *mcp.CallToolResult) string {
	var s string
	for _, c := range r.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			s += t.Text
		}
	}
	return s
}

// flowCall is one call of a flow and the text tokens of its answer (the
// text blocks' characters / 4; images left out).
type flowCall struct {
	what   string
	tokens int
}

func flowTokens(calls []flowCall) int {
	n := 0
	for _, c := range calls {
		n += c.tokens
	}
	return n
}

// playwrightRef finds the ref of the element role "name" in a Playwright
// MCP snapshot.
func playwrightRef(t testing.TB, snapshot, role, name string) string {
	t.Helper()
	re := regexp.MustCompile(`- ` + regexp.QuoteMeta(role) + ` "` + regexp.QuoteMeta(name) + `"[^\n]*?\[ref=(e\d+)\]`)
	m := re.FindStringSubmatch(snapshot)
	if m == nil {
		t.Fatalf("playwright-mcp: no %s %q in the snapshot:\n%s", role, name, snapshot)
	}
	return m[1]
}

// playwrightFormFlow fills form20 with Playwright MCP as a model would:
// snapshot, browser_fill_form with the twenty fields, browser_click on the
// submit button, snapshot to read the confirmation.
func playwrightFormFlow(t testing.TB, pw *peer, url string) []flowCall {
	pw.open(t, url)
	snap := pw.call(t, "browser_snapshot", map[string]any{})
	calls := []flowCall{{"browser_snapshot", len(snap.text) / 4}}
	var fields []map[string]any
	for _, f := range form20 {
		field := map[string]any{"name": f.Name, "target": playwrightRef(t, snap.text, f.Role, f.Name), "type": f.Role, "value": f.Value}
		if f.Kind == "check" {
			field["value"] = "true"
		}
		fields = append(fields, field)
	}
	fill := pw.call(t, "browser_fill_form", map[string]any{"fields": fields})
	calls = append(calls, flowCall{"browser_fill_form", len(fill.text) / 4})
	click := pw.call(t, "browser_click", map[string]any{"element": "Place order button", "target": playwrightRef(t, snap.text, "button", "Place order")})
	calls = append(calls, flowCall{"browser_click", len(click.text) / 4})
	done := pw.call(t, "browser_snapshot", map[string]any{})

	calls = append(calls, flowCall{"browser_snapshot", len(done.text) / 4})
	return calls
}

// diwallFormFlow fills form20 with Diwall: observe, one act filling the
// twenty fields and one act clicking submit, each with observe mode
// ("changes" or true; after the submit, a new document: a whole
// observation either way, which reads the confirmation).
func diwallFormFlow(t testing.TB, bs *browserSession, url string, mode any) []flowCall {
	bs.mustOK("navigate", map[string]any{"url": url})
	o := bs.observe()
	calls := []flowCall{{"observe", len(textOf(o.raw)) / 4}}
	// Where an observation's text goes.
	server, _ := json.Marshal(o.Server)
	tree, _ := json.Marshal(o.Tree)
	elements, _ := json.Marshal(o.Elements)
	if mode == "changes" {
		fmt.Printf("  diwall's observation of the form: server %d, tree %d, elements %d characters\n", len(server), len(tree), len(elements))
	}
	steps := fillSteps(t, o)
	fill := bs.call("act", map[string]any{"snapshot_id": snap(o), "steps": steps[:len(steps)-1], "observe": mode})
	if !fill.OK {
		t.Fatalf("fill: %v", fill.Server["error"])
	}
	calls = append(calls, flowCall{fmt.Sprintf("act fill, observe %v", mode), len(textOf(fill.raw)) / 4})
	next := fill.Server["observation"].(map[string]any)["snapshot_id"].(string)
	click := bs.call("act", map[string]any{"snapshot_id": next, "steps": steps[len(steps)-1:], "observe": mode})
	if !click.OK || click.Server["navigated"] != true {
		t.Fatalf("submit: %v", click.Server["error"])
	}
	calls = append(calls, flowCall{fmt.Sprintf("act click, observe %v", mode), len(textOf(click.raw)) / 4})
	return calls
}

// TestPeersFormFlow prints the text tokens of one flow, Diwall's against
// Playwright MCP's: fill the twenty fields of form20.html, submit, read the
// confirmation. Runs with DIWALL_BENCH_PEERS=1 (make bench-peers).
func TestPeersFormFlow(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_PEERS") != "1" {
		t.Skip("set DIWALL_BENCH_PEERS=1 (make bench-peers)")
	}
	fmt.Printf("load average at start: %s\n", loadAverage())
	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/act/form20.html"})
	peers := startPeers(t, 1280, 713)
	url := siteURL + "/act/form20.html"
	pw := playwrightFormFlow(t, peers[0], url)
	whole := diwallFormFlow(t, bs, url, true)
	printFlow(pw, diwallFormFlow(t, bs, url, "changes"))
	fmt.Printf("  the same with observe: true: diwall %d, ratio %.2fx\n", flowTokens(whole), float64(flowTokens(whole))/float64(flowTokens(pw)))
}

// printFlow prints the token figures of both flows.
func printFlow(pw, dw []flowCall) {
	fmt.Println("fill the 20 fields of form20.html, submit, read the confirmation: text tokens (characters / 4)")
	for _, c := range pw {
		fmt.Printf("  playwright-mcp %-28s %6d\n", c.what, c.tokens)
	}
	for _, c := range dw {
		fmt.Printf("  diwall         %-28s %6d\n", c.what, c.tokens)
	}
	p, d := flowTokens(pw), flowTokens(dw)
	fmt.Printf("  whole flow: playwright-mcp %d, diwall %d, ratio %.2fx\n", p, d, float64(d)/float64(p))
}
