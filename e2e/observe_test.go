package e2e

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var update = flag.Bool("update", false, "rewrite the observe goldens in testdata/golden")

// observation is an observe result, decoded.
type observation struct {
	envelope
	Tree     []string         `json:"tree"`
	Elements []map[string]any `json:"elements"`
	Title    string           `json:"title"`
	URL      string           `json:"url"`
	Dialog   map[string]any   `json:"dialog"`
	PNG      []byte
}

func (bs *browserSession) observe() observation {
	bs.t.Helper()
	return decodeObservation(bs.t, bs.mustOK("observe", map[string]any{}))
}

// decodeObservation decodes the page content and image of an observe result.
func decodeObservation(t testing.TB, env envelope) observation {
	t.Helper()
	var o observation
	o.envelope = env
	if err := json.Unmarshal(env.PageContent, &o); err != nil {
		t.Fatal(err)
	}
	for _, c := range env.raw.Content {
		if img, ok := c.(*mcp.ImageContent); ok {
			o.PNG = img.Data
		}
	}
	return o
}

func (bs *browserSession) openPage(path string) {
	bs.t.Helper()
	bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + path})
}

// TestObserveServerPart checks every field of docs/contract.md §3's example, with its
// type, and that each figure is true of the snapshot.
func TestObserveServerPart(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/form.html")
	o := bs.observe()
	s := o.Server
	wantKeys := []string{"notices", "tab_id", "snapshot_id", "origin", "loader_id", "viewport", "capture",
		"counters", "dialog_open", "image", "operation_id", "tool"}
	if len(s) != len(wantKeys) {
		t.Errorf("server has %d keys, want exactly %d: %v", len(s), len(wantKeys), keys(s))
	}
	for _, k := range wantKeys {
		if _, ok := s[k]; !ok {
			t.Errorf("server lacks %s", k)
		}
	}
	if id, _ := s["snapshot_id"].(string); !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id) {
		t.Errorf("snapshot_id = %v", s["snapshot_id"])
	}
	if s["origin"] != siteURL || s["capture"] != "ok" || s["dialog_open"] != false || s["loader_id"] == "" {
		t.Errorf("origin/capture/dialog_open/loader_id = %v %v %v %v", s["origin"], s["capture"], s["dialog_open"], s["loader_id"])
	}
	vp := s["viewport"].(map[string]any)
	for _, k := range []string{"width", "height", "scroll_x", "scroll_y", "content_height"} {
		if _, ok := vp[k].(float64); !ok {
			t.Errorf("viewport.%s = %v", k, vp[k])
		}
	}
	c := s["counters"].(map[string]any)
	for _, k := range []string{"omitted_not_visible", "redacted_fields", "frames_masked", "marks", "tree_lines"} {
		if _, ok := c[k].(float64); !ok {
			t.Errorf("counters.%s = %v", k, c[k])
		}
	}
	for _, k := range []string{"marks_truncated", "tree_truncated"} {
		if _, ok := c[k].(bool); !ok {
			t.Errorf("counters.%s = %v", k, c[k])
		}
	}
	if int(c["marks"].(float64)) != len(o.Elements) || int(c["tree_lines"].(float64)) != len(o.Tree) {
		t.Errorf("counters say %v marks, %v lines; result has %d elements, %d lines", c["marks"], c["tree_lines"], len(o.Elements), len(o.Tree))
	}
	if c["redacted_fields"].(float64) != 2 {
		t.Errorf("redacted_fields = %v, want 2 (password, new password)", c["redacted_fields"])
	}
	img := s["image"].(map[string]any)
	if o.PNG == nil {
		t.Fatal("no image block")
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(o.PNG))
	if err != nil {
		t.Fatal(err)
	}
	if float64(cfg.Width) != img["width"] || float64(cfg.Height) != img["height"] {
		t.Errorf("image is %dx%d, server says %vx%v", cfg.Width, cfg.Height, img["width"], img["height"])
	}
	if want := float64(cfg.Width) / vp["width"].(float64); abs(img["scale"].(float64)-want) > 0.01 {
		t.Errorf("image.scale = %v, want %.3f", img["scale"], want)
	}
	for i, e := range o.Elements {
		if int(e["mark"].(float64)) != i+1 {
			t.Errorf("element %d has mark %v: marks must run 1..N in reading order", i, e["mark"])
		}
	}
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// fixturePages are the observe fixture pages with goldens.
var fixturePages = []string{"form", "payment", "table", "aria", "shadow", "hidden", "frames", "modal", "hostile",
	"hiding", "roving", "portal", "showmodal", "links", "controls", "names", "names_more", "widgets", "slots", "spoofing", "grids", "names_edges"}

// golden renders what an observation says of a page, for comparison.
func golden(o observation) string {
	var b strings.Builder
	b.WriteString("# tree\n")
	for _, l := range o.Tree {
		b.WriteString(l + "\n")
	}
	b.WriteString("# elements\n")
	for _, e := range o.Elements {
		data, _ := json.Marshal(e)
		b.WriteString(string(data) + "\n")
	}
	c := o.Server["counters"].(map[string]any)
	fmt.Fprintf(&b, "# counters\nomitted_not_visible=%v redacted_fields=%v frames_masked=%v marks=%v marks_truncated=%v tree_lines=%v tree_truncated=%v\n",
		c["omitted_not_visible"], c["redacted_fields"], c["frames_masked"], c["marks"], c["marks_truncated"], c["tree_lines"], c["tree_truncated"])
	if n, _ := c["omitted_inert"].(float64); n > 0 {
		fmt.Fprintf(&b, "omitted_inert=%v\n", n)
	}
	return b.String()
}

func checkGoldens(t *testing.T, bs *browserSession, write bool) {
	for _, name := range fixturePages {
		t.Run(name, func(t *testing.T) {
			view := &browserSession{t: t, launched: bs.launched}
			view.openPage("/pages/" + name + ".html")
			got := golden(view.observe())
			view.mustOK("tabs", map[string]any{"action": "close"})
			path := filepath.Join("testdata", "golden", name+".txt")
			if write {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./e2e -run TestObserveGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("observation of %s differs from %s (-golden +now):\n%s", name, path, diff(string(want), got))
			}
		})
	}
}

// TestObserveGolden pins the tree, elements and counters of each fixture.
func TestObserveGolden(t *testing.T) {
	checkGoldens(t, shared(t), *update)
}

// TestObserveGoldenChromePath reads every fixture again with Chrome's
// accessibility tree giving every role and name: the same goldens prove the
// fast path reads these pages as Chrome does.
func TestObserveGoldenChromePath(t *testing.T) {
	bs := launchWith(t, []string{"DIWALL_TEST_OBSERVE_PATH=chrome"})
	checkGoldens(t, bs, false)
}

// diff is a readable line diff of a golden and an observation.
func diff(want, got string) string {
	return cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n"))
}

// canaries planted in the fixtures: none may appear in any result or log.
var secretRe = regexp.MustCompile(`CANARY-|4111111111111111|IGNORE-PREVIOUS-INSTRUCTIONS-HIDDEN`)

// TestSecretsAndHiddenTextNeverLeak observes every fixture and looks for
// the planted secrets, frame text and hidden instructions in the whole
// result (JSON and image block) and in the logs.
func TestSecretsAndHiddenTextNeverLeak(t *testing.T) {
	bs := launch(t)
	for _, name := range []string{"form", "payment", "shadow", "hidden", "frames", "typed", "hiding"} {
		bs.openPage("/pages/" + name + ".html")
		o := bs.observe()
		for i, c := range o.raw.Content {
			data, _ := json.Marshal(c)
			if m := secretRe.Find(data); m != nil {
				t.Errorf("%s: content block %d carries %q", name, i, m)
			}
		}
		data, _ := json.Marshal(o.raw.StructuredContent)
		if m := secretRe.Find(data); m != nil {
			t.Errorf("%s: structured content carries %q", name, m)
		}
	}
	// The logs, written by the host and the bridge, hold none either.
	logs, _ := filepath.Glob(filepath.Join(bs.home, "logs", "*"))
	for _, f := range logs {
		if strings.HasSuffix(f, "browser.log") {
			continue // Chromium's own stderr, not ours
		}
		data, _ := os.ReadFile(f)
		if m := secretRe.Find(data); m != nil {
			t.Errorf("%s carries %q", filepath.Base(f), m)
		}
	}
}

// TestHiddenAndBelowTheFold: what a person cannot see is omitted and
// counted; what is merely scrolled out is in the tree.
func TestHiddenAndBelowTheFold(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/hidden.html")
	o := bs.observe()
	tree := strings.Join(o.Tree, "\n")
	for _, want := range []string{"Visible paragraph", "Below the fold"} {
		if !strings.Contains(tree, want) {
			t.Errorf("tree lacks %q", want)
		}
	}
	if n := o.Server["counters"].(map[string]any)["omitted_not_visible"].(float64); n < 10 {
		t.Errorf("omitted_not_visible = %v, want every trap counted", n)
	}
}

func TestFramesMaskedAndNotRead(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/frames.html")
	o := bs.observe()
	if n := o.Server["counters"].(map[string]any)["frames_masked"]; n != 2.0 {
		t.Errorf("frames_masked = %v, want 2", n)
	}
	if strings.Contains(strings.Join(o.Tree, "\n"), "CANARY-FRAME") {
		t.Error("frame text in the tree")
	}
}

func TestModalCoversButton(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/modal.html")
	o := bs.observe()
	var buy map[string]any
	for _, e := range o.Elements {
		if strings.Contains(fmt.Sprint(e["name"]), "Buy now") {
			buy = e
		}
	}
	if buy == nil {
		t.Fatalf("no Buy now element in %v", o.Elements)
	}
	state := fmt.Sprint(buy["state"])
	if !strings.Contains(state, "covered") {
		t.Fatalf("Buy now state = %s, want covered", state)
	}
}

func TestDialogObservedAtOnce(t *testing.T) {
	bs := shared(t)
	bs.openPage("/pages/dialog_onload.html")
	start := time.Now()
	var o observation
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if o = bs.observe(); o.Server["dialog_open"] == true {
			break
		}
	}
	if o.Server["dialog_open"] != true {
		t.Fatalf("dialog_open = %v", o.Server["dialog_open"])
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("observe with a dialog open took %v", took)
	}
	if o.Dialog["type"] != "confirm" || !strings.Contains(fmt.Sprint(o.Dialog["message"]), "Proceed with") {
		t.Errorf("dialog = %v", o.Dialog)
	}
	if strings.Contains(fmt.Sprint(o.Server), "Proceed") {
		t.Error("the dialog's message reached server")
	}
	bs.mustOK("tabs", map[string]any{"action": "close"})
}

// TestOriginsOutsideSites: a restricted launch refuses to load other
// origins, and a redirect that lands outside yields only the origin.
func TestOriginsOutsideSites(t *testing.T) {
	bs := launch(t, "--sites", "http://127.0.0.1:*")
	outside := strings.Replace(siteURL, "127.0.0.1", "localhost", 1) + "/pages/form.html"
	env := bs.call("navigate", map[string]any{"url": outside})
	if env.OK || env.errorCode() != "origin_not_allowed" {
		t.Fatalf("navigate outside the sites: ok=%v code=%s", env.OK, env.errorCode())
	}
	bs.mustOK("navigate", map[string]any{"url": siteURL + "/home.html"})
	// A navigation that lands outside (a redirect) fails, with the origin.
	if env := bs.call("navigate", map[string]any{"url": siteURL + "/redirect?to=" + outside}); env.OK || env.errorCode() != "origin_not_allowed" {
		t.Fatalf("navigate that lands outside the sites: ok=%v code=%s", env.OK, env.errorCode())
	}
	obs := bs.call("observe", map[string]any{})
	if obs.OK || obs.errorCode() != "origin_not_allowed" {
		t.Fatalf("observe outside the sites: ok=%v code=%s", obs.OK, obs.errorCode())
	}
	if obs.Server["origin"] != strings.Replace(siteURL, "127.0.0.1", "localhost", 1) {
		t.Errorf("origin = %v", obs.Server["origin"])
	}
	if string(obs.PageContent) != "{}" {
		t.Errorf("page_content of a refused page = %s, want {}", obs.PageContent)
	}
	if len(obs.raw.Content) != 1 {
		t.Errorf("a refused page returned %d content blocks (an image?)", len(obs.raw.Content))
	}
	// Nothing there can be read or acted on, nor reloaded; going back can.
	if env := bs.call("read", map[string]any{"snapshot_id": "00000000000000000000000000000000"}); env.errorCode() != "origin_not_allowed" {
		t.Errorf("read outside the sites: %s", env.errorCode())
	}
	if env := bs.call("act", map[string]any{"snapshot_id": "00000000000000000000000000000000",
		"steps": []map[string]any{{"action": "press", "keys": "Tab"}}}); env.errorCode() != "origin_not_allowed" {
		t.Errorf("act outside the sites: %s", env.errorCode())
	}
	if env := bs.call("navigate", map[string]any{"action": "reload"}); env.errorCode() != "origin_not_allowed" {
		t.Errorf("reload outside the sites: %s", env.errorCode())
	}
	back := bs.mustOK("navigate", map[string]any{"action": "back"})
	if back.Server["origin"] != siteURL {
		t.Errorf("back: origin %v", back.Server["origin"])
	}
}

// TestObserveBackgroundTabAndRapidly: a tab that is not the active one is
// captured where it is (kept rendering for the observation, never brought
// forward), and captures are not held to chrome.tabs.captureVisibleTab's
// two a second.
func TestObserveBackgroundTabAndRapidly(t *testing.T) {
	bs := shared(t)
	first := bs.mustOK("tabs", map[string]any{"action": "open", "url": siteURL + "/pages/table.html"})
	firstID := first.Server["tab_id"]
	bs.openPage("/pages/form.html") // now the first tab is in the background
	env := bs.mustOK("observe", map[string]any{"tab_id": firstID})
	if env.Server["capture"] != "ok" || env.Server["tab_id"] != firstID {
		t.Fatalf("background tab: capture=%v tab=%v", env.Server["capture"], env.Server["tab_id"])
	}
	start := time.Now()
	for i := 0; i < 6; i++ {
		if o := bs.observe(); o.Server["capture"] != "ok" || o.PNG == nil {
			t.Fatalf("observation %d: capture %v", i, o.Server["capture"])
		}
	}
	t.Logf("6 observations in %v", time.Since(start))
	bs.mustOK("tabs", map[string]any{"action": "close"})
	bs.mustOK("tabs", map[string]any{"action": "close", "tab_id": firstID})
}
