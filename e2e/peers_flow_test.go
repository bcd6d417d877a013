package e2e

import (
	"fmt"
	"os"
	"regexp"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tiktoken-go/tokenizer"
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
// text blocks' tokens, images left out).
type flowCall struct {
	what   string
	tokens int
}

// tokenizer counts text tokens as OpenAI's o200k_base encoding does: a
// real tokenizer, not characters / 4, so that JSON and YAML are counted
// as a model reads them.
var o200k = func() tokenizer.Codec {
	c, err := tokenizer.Get(tokenizer.O200kBase)
	if err != nil {
		panic(err)
	}
	return c
}()

// tokens is the number of tokens of text.
func tokens(text string) int {
	n, err := o200k.Count(text)
	if err != nil {
		return len(text) / 4
	}
	return n
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
	calls := []flowCall{{"browser_snapshot", tokens(snap.text)}}
	var fields []map[string]any
	for _, f := range form20 {
		field := map[string]any{"name": f.Name, "target": playwrightRef(t, snap.text, f.Role, f.Name), "type": f.Role, "value": f.Value}
		if f.Kind == "check" {
			field["value"] = "true"
		}
		fields = append(fields, field)
	}
	fill := pw.call(t, "browser_fill_form", map[string]any{"fields": fields})
	calls = append(calls, flowCall{"browser_fill_form", tokens(fill.text)})
	click := pw.call(t, "browser_click", map[string]any{"element": "Place order button", "target": playwrightRef(t, snap.text, "button", "Place order")})
	calls = append(calls, flowCall{"browser_click", tokens(click.text)})
	done := pw.call(t, "browser_snapshot", map[string]any{})

	calls = append(calls, flowCall{"browser_snapshot", tokens(done.text)})
	return calls
}

// diwallFormFlow fills form20 with Diwall: observe, then one act filling
// the twenty fields and one act clicking submit, each with observe mode
// ("changes" or true; after the submit, a new document: a whole
// observation either way, which reads the confirmation). With oneAct, one
// act fills the form and submits it, as the instructions tell a model to.
func diwallFormFlow(t testing.TB, bs *browserSession, url string, mode any, oneAct bool) []flowCall {
	bs.mustOK("navigate", map[string]any{"url": url})
	o := bs.observe()
	calls := []flowCall{{"observe", tokens(textOf(o.raw))}}
	steps := fillSteps(t, o)
	if oneAct {
		all := bs.call("act", map[string]any{"snapshot_id": snap(o), "steps": steps, "observe": mode})
		if !all.OK || all.Server["navigated"] != true {
			t.Fatalf("fill and submit: %v", all.Server["error"])
		}
		return append(calls, flowCall{fmt.Sprintf("act fill+submit, observe %v", mode), tokens(textOf(all.raw))})
	}
	fill := bs.call("act", map[string]any{"snapshot_id": snap(o), "steps": steps[:len(steps)-1], "observe": mode})
	if !fill.OK {
		t.Fatalf("fill: %v", fill.Server["error"])
	}
	calls = append(calls, flowCall{fmt.Sprintf("act fill, observe %v", mode), tokens(textOf(fill.raw))})
	next := fill.Server["observation"].(map[string]any)["snapshot_id"].(string)
	click := bs.call("act", map[string]any{"snapshot_id": next, "steps": steps[len(steps)-1:], "observe": mode})
	if !click.OK || click.Server["navigated"] != true {
		t.Fatalf("submit: %v", click.Server["error"])
	}
	return append(calls, flowCall{fmt.Sprintf("act click, observe %v", mode), tokens(textOf(click.raw))})
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
	printFlow(pw, diwallFormFlow(t, bs, url, "changes", true))
	for _, v := range []struct {
		what   string
		mode   any
		oneAct bool
	}{{"two acts (fill; submit), observe changes", "changes", false}, {"one act, observe: true", true, true}, {"two acts, observe: true", true, false}} {
		d := flowTokens(diwallFormFlow(t, bs, url, v.mode, v.oneAct))
		fmt.Printf("  diwall, %s: %d, ratio %.2fx\n", v.what, d, float64(d)/float64(flowTokens(pw)))
	}
}

// printFlow prints the token figures of both flows.
func printFlow(pw, dw []flowCall) {
	fmt.Println("fill the 20 fields of form20.html, submit, read the confirmation: text tokens (o200k_base)")
	for _, c := range pw {
		fmt.Printf("  playwright-mcp %-28s %6d\n", c.what, c.tokens)
	}
	for _, c := range dw {
		fmt.Printf("  diwall         %-28s %6d\n", c.what, c.tokens)
	}
	p, d := flowTokens(pw), flowTokens(dw)
	fmt.Printf("  whole flow: playwright-mcp %d, diwall %d, ratio %.2fx\n", p, d, float64(d)/float64(p))
}
