package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"
)

// formField is one field of the fill benchmark's form, as a model would
// name it (role and name) and the value it puts there.
type formField struct {
	Role  string `json:"role"`
	Name  string `json:"name"`
	Kind  string `json:"kind"` // fill, select or check
	Value string `json:"value,omitempty"`
}

// form20 is testdata/act/form20.html: twenty fields and a submit button.
var form20 = []formField{
	{"textbox", "First name", "fill", "Ada"},
	{"textbox", "Last name", "fill", "Lovelace"},
	{"textbox", "Email", "fill", "ada.lovelace@example.test"},
	{"textbox", "Phone", "fill", "+44 20 7946 0958"},
	{"textbox", "Company", "fill", "Analytical Engines Ltd"},
	{"textbox", "Street address", "fill", "12 St James's Square"},
	{"textbox", "Apartment, suite", "fill", "Flat 3"},
	{"textbox", "City", "fill", "London"},
	{"textbox", "Region", "fill", "Greater London"},
	{"textbox", "Postal code", "fill", "SW1Y 4JH"},
	{"combobox", "Country", "select", "Germany"},
	{"textbox", "Delivery notes", "fill", "Leave the parcel with the porter, please."},
	{"textbox", "Name on card", "fill", "A. A. Lovelace"},
	{"textbox", "Card number", "fill", "4242424242424242"},
	{"textbox", "Expiry", "fill", "09/29"},
	{"textbox", "Security code", "fill", "737"},
	{"textbox", "Gift card code", "fill", "SPRING-2024"},
	{"combobox", "How did you hear of us", "select", "A friend"},
	{"checkbox", "Send me the newsletter", "check", ""},
	{"checkbox", "I accept the terms", "check", ""},
}

// fillSteps are the steps of one act that fills form20 and submits it.
func fillSteps(t testing.TB, o observation) []map[string]any {
	var steps []map[string]any
	for _, f := range form20 {
		m := markOf(t, o, f.Role, f.Name)
		switch f.Kind {
		case "fill":
			steps = append(steps, map[string]any{"action": "type", "mark": m, "text": f.Value})
		case "select":
			steps = append(steps, map[string]any{"action": "select", "mark": m, "values": []string{f.Value}})
		case "check":
			steps = append(steps, map[string]any{"action": "check", "mark": m})
		}
	}
	return append(steps, map[string]any{"action": "click", "mark": markOf(t, o, "button", "Place order")})
}

// postClickWait is the fixed wait Playwright MCP's waitForCompletion makes
// after the action of browser_click (tab.waitForTimeout(500) in
// packages/playwright/src/mcp/browser/tools/utils.ts); the measured
// playwright-mcp-like figures leave it out.
const postClickWait = 500.0

// TestCompareFillWithPlaywright prints the time of filling the twenty
// fields of form20.html and submitting it: Diwall's one act (the MCP
// client's round trip) against Playwright filling the same fields in the
// same Chromium, and one type step against one Playwright fill. The two
// take turns, one measurement each, so that both run under the same load
// on a shared machine; it prints the medians and the median of the ratios
// of each turn. Runs only with DIWALL_BENCH_COMPARE=1 (`make bench-compare`).
func TestCompareFillWithPlaywright(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_COMPARE") != "1" {
		t.Skip("set DIWALL_BENCH_COMPARE=1 (make bench-compare)")
	}
	const runs = 9
	url := siteURL + "/act/form20.html"
	spec, _ := json.Marshal(map[string]any{
		"fields": form20,
		"submit": formField{Role: "button", Name: "Place order"},
		"type":   formField{Role: "textbox", Name: "Company", Value: "hello"},
	})
	cmd := exec.Command("node", "fill.mjs", url, string(spec))
	cmd.Dir = "bench/playwright"
	cmd.Stderr = os.Stderr
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatalf("playwright: %v", err)
	}
	defer func() {
		stdin.Close()
		_ = cmd.Wait()
	}()
	lines := bufio.NewScanner(stdout)
	playwright := func(what string) float64 {
		fmt.Fprintln(stdin, what)
		if !lines.Scan() {
			t.Fatalf("playwright %s: no answer", what)
		}
		var r struct {
			Cmd string  `json:"cmd"`
			MS  float64 `json:"ms"`
		}
		if err := json.Unmarshal(lines.Bytes(), &r); err != nil || r.Cmd != what {
			t.Fatalf("playwright %s: %q %v", what, lines.Text(), err)
		}
		return r.MS
	}

	bs := launch(t)
	bs.mustOK("tabs", map[string]any{"action": "open", "url": url})
	diwallFill := func() float64 {
		bs.mustOK("navigate", map[string]any{"url": url})
		o := bs.observe()
		steps := fillSteps(t, o)
		start := time.Now()
		r := bs.act(snap(o), false, steps...)
		took := float64(time.Since(start).Microseconds()) / 1000
		if !r.OK || r.Server["navigated"] != true {
			t.Fatalf("fill and submit: %v %+v", r.Server["error"], r.Steps)
		}
		if got := lastForm("/act/form20"); got.Get("cardnumber") != "4242424242424242" || got.Get("terms") != "yes" || got.Get("country") != "de" {
			t.Fatalf("the server received %v", got)
		}
		return took
	}
	diwallType := func() float64 {
		bs.mustOK("navigate", map[string]any{"url": url})
		o := bs.observe()
		start := time.Now()
		r := bs.act(snap(o), false, map[string]any{"action": "type", "mark": markOf(t, o, "textbox", "Company"), "text": "hello", "clear": true})
		took := float64(time.Since(start).Microseconds()) / 1000
		if !r.OK {
			t.Fatalf("type: %v", r.Server["error"])
		}
		return took
	}
	var fill, pwFill, mcpFill, fillRatio, typ, pwType, mcpType, typeRatio []float64
	for i := 0; i <= runs; i++ {
		pf, mf, df := playwright("fill"), playwright("mcp_fill"), diwallFill()
		pt, mt, dt := playwright("type"), playwright("mcp_type"), diwallType()
		if i == 0 {
			continue // the first turn warms up
		}
		fill, pwFill, mcpFill, fillRatio = append(fill, df), append(pwFill, pf), append(mcpFill, mf), append(fillRatio, df/mf)
		typ, pwType, mcpType, typeRatio = append(typ, dt), append(pwType, pt), append(mcpType, mt), append(typeRatio, dt/mt)
	}
	fmt.Printf("%-34s %10s %16s %20s %8s\n", "medians of 9 turns, ms", "diwall", "playwright-lib", "playwright-mcp-like", "ratio")
	fmt.Printf("%-34s %10.1f %16.1f %20.1f %8.2f\n", "fill 20 fields + submit (1 act)", median(fill), median(pwFill), median(mcpFill), median(fillRatio))
	fmt.Printf("%-34s %10.1f %16.1f %20.1f %8.2f\n", "one type step / one fill", median(typ), median(pwType), median(mcpType), median(typeRatio))
	fmt.Println("ratio: the median of each turn's diwall / playwright-mcp-like (Playwright MCP's fill_form + click, or type: the library's")
	fmt.Println("calls plus the ref resolutions and the snapshot each MCP call returns, without the MCP wire or fixed waits)")
	var withWait []float64
	for i := range fill {
		withWait = append(withWait, fill[i]/(mcpFill[i]+postClickWait))
	}
	fmt.Printf("with the %.0f ms Playwright MCP's waitForCompletion waits after a click (in its source), the fill ratio is %.2f\n", postClickWait, median(withWait))
}
