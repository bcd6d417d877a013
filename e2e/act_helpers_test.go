package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// pageEval evaluates expr, which must give a JSON-serialisable value, in
// the main world of the page whose URL ends with urlSuffix, over the
// harness's own DevTools session (as a person's DevTools would), and
// decodes the value into out.
func (bs *browserSession) pageEval(urlSuffix, expr string, out any) {
	t := bs.t.(*testing.T)
	t.Helper()
	c := bs.devtools()
	var target string
	for _, tg := range c.targets(t) {
		if tg.Type == "page" && strings.HasSuffix(tg.URL, urlSuffix) {
			target = tg.TargetID
		}
	}
	if target == "" {
		t.Fatalf("no page target for %s", urlSuffix)
	}
	var att struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call(t, "", "Target.attachToTarget", map[string]any{"targetId": target, "flatten": true}, &att); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = c.call(t, "", "Target.detachFromTarget", map[string]any{"sessionId": att.SessionID}, nil) }()
	var res struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
		ExceptionDetails any `json:"exceptionDetails"`
	}
	if err := c.call(t, att.SessionID, "Runtime.evaluate", map[string]any{"expression": "JSON.stringify(" + expr + ")", "returnByValue": true}, &res); err != nil {
		t.Fatal(err)
	}
	if res.ExceptionDetails != nil {
		t.Fatalf("%s: %v", expr, res.ExceptionDetails)
	}
	if err := json.Unmarshal([]byte(res.Result.Value), out); err != nil {
		t.Fatalf("%s: %v (%q)", expr, err, res.Result.Value)
	}
}

// stepOf is the server's outcome of step n (1-based) of an act.
func stepOf(t testing.TB, r actResult, n int) (ok bool, code string, coveredBy int) {
	t.Helper()
	if len(r.Steps) < n {
		t.Fatalf("the act lists %d steps, want at least %d: %+v", len(r.Steps), n, r.Steps)
	}
	s := r.Steps[n-1]
	return s.OK, s.Code, s.CoveredBy
}
