package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
)

// TestFidelity (opt-in: DIWALL_FIDELITY=1, or `make bench-fidelity`)
// measures what observe makes of pages nobody here wrote, the W3C ARIA
// Authoring Practices examples in testdata/apg, against Chromium's own
// accessibility tree, read over the harness's own DevTools connection to
// the same tab at the same moment. It prints, per page and in all:
//
//   - recall: of the elements a person can act on (below), the share with
//     a mark;
//   - precision: of the marks, the share on such an element;
//   - role + name: of the marks on an element Chrome's tree has, the share
//     whose role and name agree with Chrome's (names cut short by observe
//     agree when Chrome's starts with the part shown);
//   - tokens: the page content of the observation (JSON bytes / 4).
//
// An element a person can act on is one Chrome's tree has (not ignored),
// not disabled, that Chrome reports focusable, or whose role Chrome counts
// as clickable (ui::IsClickable: buttons, links, form controls, options,
// menu items, tabs, tree items), or that has a click, mouse or pointer
// button listener of its own; and that a person can see: rendered, with
// a box of at least 2x2 px (checkVisibility with opacity and visibility;
// a form control the page hid counts when its label shows), so an empty
// focus trap or a visually hidden skip link does not count. The page
// itself (html, body) and frame elements are not counted (a frame's
// content is). Of those, three kinds are not things a person acts on,
// and are left out (raw-recall counts them in):
//   - an element known to act only by a listener of its own, when an
//     ancestor acts (an icon in a link: a click on it is a click on the
//     link) or descendants do (a grid or a toolbar listening for clicks
//     on its cells and buttons);
//   - an unnamed focusable container whose content all lies in
//     descendants that act (groupsOnly);
//   - an element focusable by script alone (a negative tabindex, no role
//     a person clicks, no listener), outside a composite widget: a
//     heading or region a skip link moves the focus to. (Inside a grid,
//     a menu or a tree, such members take the focus as the arrow keys
//     move, and count.)
//
// The session reads frames on its sites (--frames sites), and the feed
// example is read twice: its frame in the page's process, and from
// another site, out of process. DIWALL_FIDELITY_PAGES=a.html,b.html reads
// those pages only; DIWALL_FIDELITY_DETAIL=1 lists every miss, stray mark
// and disagreement.
func TestFidelity(t *testing.T) {
	if os.Getenv("DIWALL_FIDELITY") == "" {
		t.Skip("set DIWALL_FIDELITY=1 (make bench-fidelity)")
	}
	root, _ := filepath.Abs(filepath.Join("testdata", "apg"))
	main, cross := serveAPG(t, root)
	pages := apgPages(t, root, main, cross)
	if only := os.Getenv("DIWALL_FIDELITY_PAGES"); only != "" {
		var keep []fidelityPage
		for _, p := range pages {
			for _, o := range strings.Split(only, ",") {
				if strings.HasSuffix(p.name, o) || strings.HasSuffix(p.url, o) {
					keep = append(keep, p)
				}
			}
		}
		pages = keep
	}
	bs := launch(t, "--frames", "sites")
	dt := bs.devtools()
	detail := os.Getenv("DIWALL_FIDELITY_DETAIL") != ""
	var sum fidelityCount
	var tokens []float64
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	fmt.Fprintf(out, "%-58s %6s %5s %5s %6s %6s %6s %7s\n", "page", "acting", "marks", "hits", "missed", "stray", "rn-off", "tokens")
	for _, p := range pages {
		c, lines := measureFidelity(t, bs, dt, p)
		sum.add(c)
		tokens = append(tokens, float64(c.tokens))
		fmt.Fprintf(out, "%-58s %6d %5d %5d %6d %6d %6d %7d\n", p.name, c.acting, c.marks, c.hits, c.acting-c.hits, c.marks-c.onActing, c.rnOff, c.tokens)
		if detail {
			for _, l := range lines {
				fmt.Fprintln(out, "    "+l)
			}
		}
	}
	pct := func(a, b int) float64 { return 100 * float64(a) / float64(max(b, 1)) }
	fmt.Fprintf(out, "\nFIDELITY pages=%d recall=%.2f%% (%d/%d) precision=%.2f%% (%d/%d) role+name=%.2f%% (%d/%d) tokens-median=%.0f tokens-total=%d raw-recall=%.2f%% (%d/%d)\n",
		len(pages), pct(sum.hits, sum.acting), sum.hits, sum.acting, pct(sum.onActing, sum.marks), sum.onActing, sum.marks,
		pct(sum.rnChecked-sum.rnOff, sum.rnChecked), sum.rnChecked-sum.rnOff, sum.rnChecked, median(tokens), sum.tokens,
		pct(sum.rawHits, sum.raw), sum.rawHits, sum.raw)
}

// TestAPGCopyLoadsNothingFromElsewhere: the copied examples link no style
// sheet, script, image or frame of another host (localize.sh), so the
// tests that read them reach nothing but loopback.
func TestAPGCopyLoadsNothingFromElsewhere(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "apg", "patterns", "*", "examples", "*.html"))
	if len(files) < 70 {
		t.Fatalf("%d example pages in testdata/apg", len(files))
	}
	comment := regexp.MustCompile(`(?s)<!--.*?-->`)
	external := regexp.MustCompile(`(?is)<(link|script|img|iframe|source|video|audio|embed|object)\b[^>]*\b(src|href|data)\s*=\s*["']?(https?:)?//`)
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if m := external.Find(comment.ReplaceAll(data, nil)); m != nil {
			t.Errorf("%s loads from another host: %s", f, m)
		}
	}
}

// fidelityPage is one page to read: its URL, and what to click first, if
// anything (a CSS selector: a dialog, a menu or a list to open).
type fidelityPage struct{ name, url, open string }

// openedAPG are the examples read once more with something opened: dialogs
// (with the focus traps that bracket them), menus, listboxes, a date
// picker, a disclosure menu.
var openedAPG = map[string]string{
	"patterns/dialog-modal/examples/dialog.html":                 `button[onclick^="openDialog('dialog1'"]`,
	"patterns/dialog-modal/examples/datepicker-dialog.html":      `button.icon[aria-label="Choose Date"]`,
	"patterns/alertdialog/examples/alertdialog.html":             `#notes_discard`,
	"patterns/menu-button/examples/menu-button-actions.html":     `#menubutton1`,
	"patterns/menu-button/examples/menu-button-links.html":       `#menubutton`,
	"patterns/menubar/examples/menubar-navigation.html":          `a[role=menuitem][aria-haspopup]`,
	"patterns/combobox/examples/combobox-select-only.html":       `#combo1`,
	"patterns/combobox/examples/combobox-autocomplete-list.html": `#cb1-button`,
	"patterns/combobox/examples/combobox-datepicker.html":        `button.arrow`,
	"patterns/disclosure/examples/disclosure-navigation.html":    `button[aria-controls="id_about_menu"]`,
}

type fidelityCount struct {
	acting, marks, hits, onActing, rnChecked, rnOff, tokens int
	// raw counts every element Chrome reports focusable or clickable that
	// a person can see, and rawHits those with a mark.
	raw, rawHits int
}

func (c *fidelityCount) add(o fidelityCount) {
	c.acting += o.acting
	c.marks += o.marks
	c.hits += o.hits
	c.onActing += o.onActing
	c.rnChecked += o.rnChecked
	c.rnOff += o.rnOff
	c.tokens += o.tokens
	c.raw += o.raw
	c.rawHits += o.rawHits
}

// serveAPG serves the examples on 127.0.0.1 (main) and again on another
// site (localhost, cross) for the feed's out-of-process frame. The feed's
// frame script reads two controls of its parent's document, which a frame
// of another site may not: served from there, it gets stand-ins for them
// (the loading delay's default, no "Terms of use" to move the focus to).
func serveAPG(t *testing.T, root string) (main, cross string) {
	listen := func(host string, h http.Handler) string {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: h}
		go func() { _ = srv.Serve(ln) }()
		t.Cleanup(func() { srv.Close() })
		_, port, _ := net.SplitHostPort(ln.Addr().String())
		return "http://" + host + ":" + port
	}
	files := http.FileServer(http.Dir(root))
	crossMux := http.NewServeMux()
	crossMux.Handle("/", files)
	crossMux.HandleFunc("/patterns/feed/examples/js/main.js", func(w http.ResponseWriter, r *http.Request) {
		data, err := os.ReadFile(filepath.Join(root, "patterns", "feed", "examples", "js", "main.js"))
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		js := strings.NewReplacer(
			"window.parent.document.getElementById('delay-time-select')", "(parentDocument ? parentDocument.getElementById('delay-time-select') : { value: '200', addEventListener: function () {} })",
			"window.parent.document.getElementById('terms-of-use')", "(parentDocument ? parentDocument.getElementById('terms-of-use') : null)",
		).Replace(string(data))
		if js == string(data) {
			http.Error(w, "main.js changed: its stand-ins no longer apply", 500)
			return
		}
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprintf(w, "var parentDocument = (function () { try { return window.parent.document; } catch (e) { return null; } })();\n%s", js)
	})
	cross = listen("localhost", crossMux)
	mux := http.NewServeMux()
	mux.Handle("/", files)
	// The feed example with its frame from the other site.
	mux.HandleFunc("/patterns/feed/examples/feed-cross-site.html", func(w http.ResponseWriter, r *http.Request) {
		data, err := os.ReadFile(filepath.Join(root, "patterns", "feed", "examples", "feed.html"))
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		page := strings.Replace(string(data), `src="./feed-display.html"`, `src="`+cross+`/patterns/feed/examples/feed-display.html"`, 1)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(page))
	})
	main = listen("127.0.0.1", mux)
	return main, cross
}

// apgPages lists the example pages (the feed's frame document is read
// through the feed page, in and out of process).
func apgPages(t *testing.T, root, main, cross string) []fidelityPage {
	files, err := filepath.Glob(filepath.Join(root, "patterns", "*", "examples", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no APG pages under %s: %v", root, err)
	}
	var out []fidelityPage
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		if strings.HasSuffix(rel, "feed-display.html") {
			continue
		}
		out = append(out, fidelityPage{name: rel, url: main + "/" + filepath.ToSlash(rel)})
		if sel, ok := openedAPG[filepath.ToSlash(rel)]; ok {
			out = append(out, fidelityPage{name: rel + " (opened)", url: main + "/" + filepath.ToSlash(rel), open: sel})
		}
	}
	if len(out) < len(files)-1+len(openedAPG) {
		t.Fatalf("some of openedAPG's pages are gone: %v", openedAPG)
	}
	out = append(out, fidelityPage{name: "patterns/feed/examples/feed.html (frame out of process)",
		url: main + "/patterns/feed/examples/feed-cross-site.html"})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// frameSide is one frame of the page as the harness reaches it: the CDP
// session that owns it and the execution contexts seen in it.
type frameSide struct {
	id, session string
}

// axFacts is what Chrome's tree says of one element.
type axFacts struct {
	role, name string
	ignored    bool
	focusable  bool
	disabled   bool
}

type nodeKey struct {
	session string
	backend int
}

// contexts records the execution contexts Chrome reports, by session.
type contexts struct {
	mu  sync.Mutex
	all map[string][]execContext
	// made is signalled (without blocking) when a context is made.
	made chan struct{}
}

type execContext struct {
	ID      int    `json:"id"`
	Name    string `json:"name"`
	AuxData struct {
		FrameID   string `json:"frameId"`
		IsDefault bool   `json:"isDefault"`
	} `json:"auxData"`
}

func (c *contexts) on(ev cdpEvent) {
	if ev.Method != "Runtime.executionContextCreated" {
		return
	}
	var p struct {
		Context execContext `json:"context"`
	}
	if json.Unmarshal(ev.Params, &p) != nil {
		return
	}
	c.mu.Lock()
	c.all[ev.SessionID] = append(c.all[ev.SessionID], p.Context)
	c.mu.Unlock()
	select {
	case c.made <- struct{}{}:
	default:
	}
}

// await waits until frame in session has a page context other than old.
func (c *contexts) await(t *testing.T, session, frame string, old int) {
	deadline := time.After(15 * time.Second)
	for {
		if id := c.find(session, frame, ""); id != 0 && id != old {
			return
		}
		select {
		case <-c.made:
		case <-deadline:
			t.Fatalf("frame %s has no new document after 15 s", frame)
		}
	}
}

// find returns the latest context of frame in session: diwall's isolated
// world (name "diwall") or the page's own (name "").
func (c *contexts) find(session, frame, name string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	list := c.all[session]
	for i := len(list) - 1; i >= 0; i-- {
		x := list[i]
		if x.AuxData.FrameID == frame && (name == "" && x.AuxData.IsDefault || name != "" && x.Name == name) {
			return x.ID
		}
	}
	return 0
}

// settleScript waits, in every frame, until the document has loaded and has not
// changed for 300 ms (at most 8 s: a carousel turns forever).
const settleScript = `new Promise((resolve) => {
  const start = performance.now();
  let last = start;
  const mo = new MutationObserver(() => { last = performance.now(); });
  mo.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const tick = () => {
    const now = performance.now();
    if ((document.readyState === "complete" && now - last >= 300) || now - start > 8000) { mo.disconnect(); resolve(true); return; }
    setTimeout(tick, 50);
  };
  tick();
})`

func measureFidelity(t *testing.T, bs *browserSession, dt *cdpConn, p fidelityPage) (c fidelityCount, lines []string) {
	t.Helper()
	ctxs := &contexts{all: map[string][]execContext{}, made: make(chan struct{}, 1)}
	dt.mu.Lock()
	dt.onEvent = ctxs.on
	dt.mu.Unlock()
	defer func() {
		dt.mu.Lock()
		dt.onEvent = nil
		dt.mu.Unlock()
	}()
	bs.mustOK("tabs", map[string]any{"action": "open", "url": p.url})
	defer bs.mustOK("tabs", map[string]any{"action": "close"})
	var page cdpTarget
	for _, tg := range dt.targets(t) {
		if tg.Type == "page" && tg.URL == p.url {
			page = tg
		}
	}
	if page.TargetID == "" {
		t.Fatalf("%s: no page target", p.name)
	}
	attach := func(id string) string {
		var at struct {
			SessionID string `json:"sessionId"`
		}
		if err := dt.call(t, "", "Target.attachToTarget", map[string]any{"targetId": id, "flatten": true}, &at); err != nil {
			t.Fatalf("%s: attach: %v", p.name, err)
		}
		if err := dt.call(t, at.SessionID, "Runtime.enable", map[string]any{}, nil); err != nil {
			t.Fatal(err)
		}
		return at.SessionID
	}
	main := attach(page.TargetID)
	defer func() { _ = dt.call(t, "", "Target.detachFromTarget", map[string]any{"sessionId": main}, nil) }()
	// A person who asked for reduced motion: the carousels do not turn
	// between observe and the reading of Chrome's tree.
	if err := dt.call(t, main, "Emulation.setEmulatedMedia", map[string]any{"features": []map[string]string{{"name": "prefers-reduced-motion", "value": "reduce"}}}, nil); err != nil {
		t.Fatal(err)
	}
	var ft struct {
		FrameTree frameTree `json:"frameTree"`
	}
	if err := dt.call(t, main, "Page.getFrameTree", map[string]any{}, &ft); err != nil {
		t.Fatal(err)
	}
	before := ctxs.find(main, ft.FrameTree.Frame.ID, "")
	if err := dt.call(t, main, "Page.reload", map[string]any{}, nil); err != nil {
		t.Fatal(err)
	}
	ctxs.await(t, main, ft.FrameTree.Frame.ID, before)

	// Every frame settles (the feed fills its frame over two seconds).
	frames := func(session string) []frameSide {
		var out []frameSide
		var walk func(session string, tree frameTree)
		walk = func(session string, tree frameTree) {
			out = append(out, frameSide{id: tree.Frame.ID, session: session})
			for _, k := range tree.Children {
				walk(session, k)
			}
		}
		var ft struct {
			FrameTree frameTree `json:"frameTree"`
		}
		if err := dt.call(t, session, "Page.getFrameTree", map[string]any{}, &ft); err != nil {
			t.Fatal(err)
		}
		walk(session, ft.FrameTree)
		return out
	}
	oopifs := map[string]string{} // frame id -> session
	// allFrames lists each frame once, the main frame first, with the
	// session that owns it: an out-of-process frame (and what is inside
	// it) its own.
	allFrames := func() []frameSide {
		var out []frameSide
		seen := map[string]bool{}
		add := func(list []frameSide) {
			for _, f := range list {
				if o := oopifs[f.id]; o != "" {
					f.session = o
				}
				if !seen[f.id] {
					out = append(out, f)
					seen[f.id] = true
				}
			}
		}
		add(frames(main))
		for _, o := range oopifs {
			add(frames(o))
		}
		return out
	}
	// (A frame of another site is a target of its own, made as it loads:
	// each round looks for new ones, and waits for their document.)
	for round := 0; round < 3; round++ {
		for _, tg := range dt.targets(t) {
			if tg.Type == "iframe" && oopifs[tg.TargetID] == "" {
				oopifs[tg.TargetID] = attach(tg.TargetID)
				ctxs.await(t, oopifs[tg.TargetID], tg.TargetID, 0)
			}
		}
		for _, f := range allFrames() {
			if id := ctxs.find(f.session, f.id, ""); id != 0 {
				_ = dt.call(t, f.session, "Runtime.evaluate", map[string]any{"expression": settleScript, "contextId": id, "awaitPromise": true}, nil) // settling is best effort
			}
		}
	}
	for _, s := range oopifs {
		defer func() { _ = dt.call(t, "", "Target.detachFromTarget", map[string]any{"sessionId": s}, nil) }()
	}
	if p.open != "" {
		var ev struct {
			Result struct {
				Value bool `json:"value"`
			} `json:"result"`
		}
		click := fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false; el.click(); return true; })()`, p.open)
		if err := dt.call(t, main, "Runtime.evaluate", map[string]any{"expression": click, "returnByValue": true}, &ev); err != nil || !ev.Result.Value {
			t.Fatalf("%s: nothing to click at %s (%v)", p.name, p.open, err)
		}
		_ = dt.call(t, main, "Runtime.evaluate", map[string]any{"expression": settleScript, "awaitPromise": true}, nil) // settling is best effort
	}
	sides := allFrames()
	mainFrame := sides[0].id

	// A loaded machine may keep the page's main thread past observe's
	// limit: that says nothing of fidelity, so the page is read again.
	var env envelope
	for try := 0; try < 3; try++ {
		if env = bs.call("observe", map[string]any{}); env.OK || env.errorCode() != "timeout" {
			break
		}
	}
	if !env.OK {
		t.Errorf("%s: observe failed: %v", p.name, env.Server["error"])
		return c, lines
	}
	o := decodeObservation(t, env)
	data, _ := json.Marshal(o.PageContent)
	c.tokens = len(data) / 4
	op, _ := o.Server["operation_id"].(string)
	frameIDs, places := markRecord(t, bs.home, op)

	// Chrome's tree of each frame, and the elements with click listeners.
	ax := map[nodeKey]axFacts{}
	var acting, raw []nodeKey
	for _, f := range sides {
		listeners := clickListeners(t, dt, f.session, ctxs.find(f.session, f.id, ""))
		var tree struct {
			Nodes []axNode `json:"nodes"`
		}
		if err := dt.call(t, f.session, "Accessibility.getFullAXTree", map[string]any{"frameId": f.id}, &tree); err != nil {
			continue
		}
		byID := map[string]*axNode{}
		for i := range tree.Nodes {
			byID[tree.Nodes[i].NodeID] = &tree.Nodes[i]
		}
		parent := map[string]string{}
		for _, n := range tree.Nodes {
			for _, c := range n.ChildIDs {
				parent[c] = n.NodeID
			}
		}
		acts := func(n *axNode) bool {
			f := n.facts()
			return !f.ignored && !f.disabled && (f.focusable || clickableRoles[f.role] || listeners[n.BackendDOMNodeID])
		}
		for _, n := range tree.Nodes {
			if n.BackendDOMNodeID == 0 {
				continue
			}
			k := nodeKey{f.session, n.BackendDOMNodeID}
			facts := n.facts()
			ax[k] = facts
			if !acts(&n) || facts.role == "RootWebArea" || facts.role == "Iframe" || facts.role == "IframePresentational" {
				continue
			}
			el := elementFacts(t, dt, f.session, n.BackendDOMNodeID)
			if el.Tag == "BODY" || el.Tag == "HTML" || !el.Seen {
				continue
			}
			raw = append(raw, k)
			switch {
			case !facts.focusable && !clickableRoles[facts.role]:
				// Only a listener: a part of an acting ancestor (an icon in
				// a link), or the place where a page listens for clicks on
				// what it holds (a grid, a toolbar).
				if actingAncestor(n.NodeID, parent, byID, acts) || actingDescendant(&n, byID, listeners) {
					continue
				}
			case facts.name == "" && !clickableRoles[facts.role] && groupsOnly(&n, byID, acts):
				continue
			case el.TabIndex != nil && *el.TabIndex < 0 && !clickableRoles[facts.role] && !listeners[n.BackendDOMNodeID] &&
				!el.Editable && !inComposite(n.NodeID, parent, byID):
				// Focusable by script alone, outside a composite widget: a
				// heading or a region a skip link moves the focus to.
				continue
			}
			acting = append(acting, k)
		}
	}

	// The element of each mark.
	marked := map[nodeKey]int{}
	for m, place := range places {
		fi, local := place[0], place[1]
		frame := mainFrame
		if fi > 0 {
			frame = frameIDs[fi-1]
		}
		session := main
		if s := oopifs[frame]; s != "" {
			session = s
		}
		world := ctxs.find(session, frame, "diwall")
		var ev struct {
			Result struct {
				ObjectID string `json:"objectId"`
			} `json:"result"`
		}
		if world == 0 || dt.call(t, session, "Runtime.evaluate", map[string]any{"expression": fmt.Sprintf("globalThis.__diwall.els[%d]", local), "contextId": world}, &ev) != nil || ev.Result.ObjectID == "" {
			lines = append(lines, fmt.Sprintf("mark %d: its element was not found (frame %d, node %d)", m, fi, local))
			continue
		}
		var desc struct {
			Node struct {
				BackendNodeID int `json:"backendNodeId"`
			} `json:"node"`
		}
		if err := dt.call(t, session, "DOM.describeNode", map[string]any{"objectId": ev.Result.ObjectID}, &desc); err != nil {
			t.Fatal(err)
		}
		marked[nodeKey{session, desc.Node.BackendNodeID}] = m
	}
	elements := map[int]map[string]any{}
	for _, e := range o.Elements {
		elements[int(e["mark"].(float64))] = e
	}
	c.marks = len(o.Elements)
	c.acting = len(acting)
	c.raw = len(raw)
	for _, k := range raw {
		if _, ok := marked[k]; ok {
			c.rawHits++
		}
	}
	isActing := map[nodeKey]bool{}
	for _, k := range acting {
		isActing[k] = true
		if _, ok := marked[k]; ok {
			c.hits++
		} else {
			f := ax[k]
			lines = append(lines, fmt.Sprintf("missed: %s %q (focusable %v)%s", f.role, f.name, f.focusable, describe(t, dt, k)))
		}
	}
	marks := make([]int, 0, len(marked))
	for _, m := range marked {
		marks = append(marks, m)
	}
	slices.Sort(marks)
	byMark := map[int]nodeKey{}
	for k, m := range marked {
		byMark[m] = k
	}
	for _, m := range marks {
		k := byMark[m]
		e := elements[m]
		role, _ := e["role"].(string)
		name, _ := e["name"].(string)
		if isActing[k] {
			c.onActing++
		} else {
			lines = append(lines, fmt.Sprintf("stray mark %d: %s %q%s", m, role, name, describe(t, dt, k)))
		}
		f, ok := ax[k]
		if !ok || f.ignored {
			continue
		}
		c.rnChecked++
		crole := treeRole(f.role)
		if !(crole == role || neutralRole(crole) && neutralRole(role)) || !sameName(name, f.name) {
			c.rnOff++
			lines = append(lines, fmt.Sprintf("role+name mark %d: observe %s %q, Chrome %s %q", m, role, name, crole, f.name))
		}
	}
	return c, lines
}

type frameTree struct {
	Frame struct {
		ID string `json:"id"`
	} `json:"frame"`
	Children []frameTree `json:"childFrames"`
}

// markRecord reads the host's debug record of an observation's marks:
// the frames read, and each mark's frame and node index there.
func markRecord(t *testing.T, home, op string) (frames []string, places map[int][2]int) {
	t.Helper()
	f, err := os.Open(filepath.Join(home, "logs", "host.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4<<20), 4<<20)
	for sc.Scan() {
		var rec struct {
			Msg    string   `json:"msg"`
			Op     string   `json:"op"`
			Frames []string `json:"frames"`
			Marks  string   `json:"marks"`
		}
		if json.Unmarshal(sc.Bytes(), &rec) != nil || rec.Msg != "observe marks" || rec.Op != op {
			continue
		}
		places = map[int][2]int{}
		for _, m := range strings.Fields(rec.Marks) {
			var mark, frame, local int
			if _, err := fmt.Sscanf(m, "%d=%d:%d", &mark, &frame, &local); err == nil {
				places[mark] = [2]int{frame, local}
			}
		}
		return rec.Frames, places
	}
	t.Fatalf("no observe marks record for %s in host.log", op)
	return nil, nil
}

// clickListeners returns the nodes of a frame's document (and its shadow
// trees) with a click, mouse button or pointer button listener of their
// own.
func clickListeners(t *testing.T, dt *cdpConn, session string, context int) map[int]bool {
	out := map[int]bool{}
	if context == 0 {
		return out
	}
	var ev struct {
		Result struct {
			ObjectID string `json:"objectId"`
		} `json:"result"`
	}
	if dt.call(t, session, "Runtime.evaluate", map[string]any{"expression": "document", "contextId": context}, &ev) != nil {
		return out
	}
	var res struct {
		Listeners []struct {
			Type          string `json:"type"`
			BackendNodeID int    `json:"backendNodeId"`
		} `json:"listeners"`
	}
	if err := dt.call(t, session, "DOMDebugger.getEventListeners", map[string]any{"objectId": ev.Result.ObjectID, "depth": -1, "pierce": true}, &res); err != nil {
		t.Fatal(err)
	}
	for _, l := range res.Listeners {
		switch l.Type {
		case "click", "dblclick", "auxclick", "mousedown", "mouseup", "pointerdown", "pointerup":
			out[l.BackendNodeID] = true
		}
	}
	return out
}

type axNode struct {
	NodeID           string   `json:"nodeId"`
	Ignored          bool     `json:"ignored"`
	BackendDOMNodeID int      `json:"backendDOMNodeId"`
	ChildIDs         []string `json:"childIds"`
	Role             *struct {
		Value string `json:"value"`
	} `json:"role"`
	Name *struct {
		Value string `json:"value"`
	} `json:"name"`
	Properties []struct {
		Name  string `json:"name"`
		Value struct {
			Value any `json:"value"`
		} `json:"value"`
	} `json:"properties"`
}

func (n *axNode) facts() axFacts {
	f := axFacts{ignored: n.Ignored}
	if n.Role != nil {
		f.role = n.Role.Value
	}
	if n.Name != nil {
		f.name = n.Name.Value
	}
	for _, p := range n.Properties {
		switch p.Name {
		case "focusable":
			f.focusable = p.Value.Value == true
		case "disabled":
			f.disabled = p.Value.Value == true
		}
	}
	return f
}

// clickableRoles are the roles Chromium counts as clickable
// (ui::IsClickable), as CDP names them.
var clickableRoles = map[string]bool{
	"button": true, "checkbox": true, "ColorWell": true, "ComboBoxMenuButton": true, "ComboBoxSelect": true,
	"Date": true, "DateTime": true, "DisclosureTriangle": true, "DisclosureTriangleGrouped": true,
	"doc-backlink": true, "doc-biblioref": true, "doc-glossref": true, "doc-noteref": true, "InputTime": true,
	"link": true, "listbox": true, "option": true, "ListBoxOption": true, "MenuListOption": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true, "PopUpButton": true, "radio": true,
	"searchbox": true, "spinbutton": true, "switch": true, "tab": true, "textbox": true, "TextField": true,
	"TextFieldWithComboBox": true, "ToggleButton": true, "treeitem": true, "combobox": true,
}

// groupsOnly says whether an element only holds others a person acts on:
// all its content (text, images) lies inside descendants that act.
// Pages make such containers focusable for script (tabindex=-1 on a menu)
// or to trap the focus; a person acts on what is inside.
func groupsOnly(n *axNode, byID map[string]*axNode, acts func(*axNode) bool) bool {
	hasActing := false
	var loose func(id string) bool // content outside an acting descendant
	loose = func(id string) bool {
		k := byID[id]
		if k == nil {
			return false
		}
		if acts(k) {
			hasActing = true
			return false
		}
		kf := k.facts()
		if !kf.ignored && (kf.role == "StaticText" || kf.role == "image" || kf.role == "img") && strings.TrimSpace(kf.name) != "" {
			return true
		}
		for _, c := range k.ChildIDs {
			if loose(c) {
				return true
			}
		}
		return false
	}
	for _, c := range n.ChildIDs {
		if loose(c) {
			return false
		}
	}
	return hasActing
}

// actingAncestor says whether an ancestor of node id acts.
func actingAncestor(id string, parent map[string]string, byID map[string]*axNode, acts func(*axNode) bool) bool {
	for p := parent[id]; p != ""; p = parent[p] {
		if n := byID[p]; n != nil && acts(n) && n.facts().role != "RootWebArea" {
			return true
		}
	}
	return false
}

// actingDescendant says whether a descendant of n acts (or would, but
// is disabled).
func actingDescendant(n *axNode, byID map[string]*axNode, listeners map[int]bool) bool {
	for _, c := range n.ChildIDs {
		k := byID[c]
		if k == nil {
			continue
		}
		if f := k.facts(); !f.ignored && (f.focusable || clickableRoles[f.role] || listeners[k.BackendDOMNodeID]) || actingDescendant(k, byID, listeners) {
			return true
		}
	}
	return false
}

// inComposite says whether node id lies in a composite widget, whose
// members take the focus by script (roving tabindex) as the arrow keys
// move.
func inComposite(id string, parent map[string]string, byID map[string]*axNode) bool {
	for p := parent[id]; p != ""; p = parent[p] {
		if n := byID[p]; n != nil {
			switch n.facts().role {
			case "grid", "treegrid", "menu", "menubar", "tree", "listbox", "tablist", "toolbar", "radiogroup":
				return true
			}
		}
	}
	return false
}

// elFacts is what the page says of an element: whether a person can see
// it (rendered, with a box of at least 2x2 CSS pixels; a form control the
// page hid is seen when a label of it is, as a person uses it through the
// label), its tag, its tabindex, whether it is editable.
type elFacts struct {
	Seen     bool   `json:"seen"`
	Tag      string `json:"tag"`
	TabIndex *int   `json:"tabindex"`
	Editable bool   `json:"editable"`
}

func elementFacts(t *testing.T, dt *cdpConn, session string, backend int) elFacts {
	var obj struct {
		Object struct {
			ObjectID string `json:"objectId"`
		} `json:"object"`
	}
	if dt.call(t, session, "DOM.resolveNode", map[string]any{"backendNodeId": backend}, &obj) != nil {
		return elFacts{}
	}
	var res struct {
		Result struct {
			Value elFacts `json:"value"`
		} `json:"result"`
	}
	_ = dt.call(t, session, "Runtime.callFunctionOn", map[string]any{"objectId": obj.Object.ObjectID, "returnByValue": true,
		"functionDeclaration": `function () {
  if (this.nodeType !== 1) return { seen: false, tag: "" };
  const shows = (el) => {
    const r = el.getBoundingClientRect();
    return r.width >= 2 && r.height >= 2 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const ti = this.getAttribute("tabindex");
  return {
    seen: shows(this) || Array.from(this.labels || [], shows).some(Boolean),
    tag: this.tagName.toUpperCase(),
    tabindex: ti === null || isNaN(parseInt(ti, 10)) ? null : parseInt(ti, 10),
    editable: this.isContentEditable,
  };
}`}, &res)
	return res.Result.Value
}

// describe names an element for the detail lines: its tag, id, class and
// the start of its outer HTML.
func describe(t *testing.T, dt *cdpConn, k nodeKey) string {
	var obj struct {
		Object struct {
			ObjectID string `json:"objectId"`
		} `json:"object"`
	}
	if dt.call(t, k.session, "DOM.resolveNode", map[string]any{"backendNodeId": k.backend}, &obj) != nil {
		return ""
	}
	var res struct {
		Result struct {
			Value string `json:"value"`
		} `json:"result"`
	}
	_ = dt.call(t, k.session, "Runtime.callFunctionOn", map[string]any{"objectId": obj.Object.ObjectID, "returnByValue": true,
		"functionDeclaration": `function () { return this.nodeType === 1 ? this.outerHTML.slice(0, 140).replace(/\s+/g, " ") : String(this.nodeName); }`}, &res)
	return " " + res.Result.Value
}

// sameName compares observe's name with Chrome's, spacing aside, and
// without the characters observe drops from every name on purpose
// (controls, format characters, private-use icon glyphs: cleanText in
// host/internal/observe/text.go); a name observe cut short ("…") agrees
// when Chrome's starts with what it shows.
func sameName(ours, chrome string) bool {
	norm := func(s string) string {
		s = strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Co, r) || unicode.Is(unicode.Cf, r) || unicode.IsControl(r) && !unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
		return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) && r != '\u00a0' }), " ")
	}
	a, b := norm(ours), norm(chrome)
	if cut, ok := strings.CutSuffix(a, "…"); ok && a != b {
		return strings.HasPrefix(b, strings.TrimSpace(cut))
	}
	return a == b
}
