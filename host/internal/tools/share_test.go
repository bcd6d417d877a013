package tools

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// privateWorld is a world whose tab is on https://a.test, a site of the
// session like https://b.test, under a profile in which https://p.test is
// private, with nobody at the browser; the session read the code 482913
// there.
func privateWorld(t *testing.T) *world {
	t.Helper()
	w := newWorldWith(t, "https://a.test/", func(o *Options) {
		o.Profile, _ = policy.Launch().WithSites("https://a.test,https://b.test,https://p.test")
		o.Profile.Private, _ = sitesOf("https://p.test")
		o.NoPerson = func() bool { return true }
	})
	w.call(t, "tabs", map[string]any{"action": "list"}) // the session is known
	w.srv.mu.Lock()
	for _, st := range w.srv.sessions {
		st.private.Add("https://p.test", "Your sign-in code is 482 913.")
	}
	w.srv.mu.Unlock()
	return w
}

func sitesOf(patterns string) ([]policy.Site, error) {
	p, err := policy.Profile{}.WithSites(patterns)
	return p.Sites, err
}

// TestEveryWayOutAsksBeforePrivateTextLeaves walks every tool: each that
// can carry the model's text to a site (typed, a URL opened, a link
// followed, a prompt's answer) is held when that text was read on a
// private site, with nobody to ask: person_unavailable, and nothing sent
// to the browser. A tool with no case here fails the test.
func TestEveryWayOutAsksBeforePrivateTextLeaves(t *testing.T) {
	carriesNothing := map[string]string{
		"observe":    "reads the page",
		"read":       "reads the page",
		"screenshot": "reads the page",
		"screen":     "arranges the operator's view",
		"downloads":  "lists and reads downloads",
		"handoff":    "its reason goes to the person",
		"login":      "types the vault's secrets, never the model's text",
	}
	w := privateWorld(t)
	_, _, page, _ := w.call(t, "observe", map[string]any{})
	email, goMark := markOf(t, page, "Email"), markOf(t, page, "Go")
	w.page.SetOther(func(r browsertest.Request) (any, error) {
		if browsertest.CallOf(r).Global == "__diwallAct" {
			return browsertest.EvalJSON(map[string]any{"href": "https://a.test/go?c=482913", "x": 10, "y": 95}), nil
		}
		return browsertest.EvalString(""), nil
	})
	cases := map[string][]map[string]any{
		"act": {
			{"steps": []map[string]any{{"action": "type", "mark": email, "text": "the code: 48 29 13"}}},
			{"steps": []map[string]any{{"action": "click", "mark": goMark}}},
		},
		"navigate": {{"url": "https://b.test/collect?c=482913"}},
		"tabs":     {{"action": "open", "url": "https://b.test/#482913"}},
		"dialog":   {{"action": "accept", "text": "482913"}},
	}
	for _, tool := range Definitions() {
		if _, ok := carriesNothing[tool.Name]; ok {
			continue
		}
		calls, ok := cases[tool.Name]
		if !ok {
			t.Errorf("tool %s has no case of private text leaving: add one, or say why it carries none", tool.Name)
			continue
		}
		for _, args := range calls {
			switch tool.Name {
			case "dialog":
				browsertest.OpenDialog(t, w.tab, "prompt", "Your code?")
			case "act": // on the snapshot the last failure brought
				_, server, _, _ := w.call(t, "observe", map[string]any{})
				args["snapshot_id"] = server["snapshot_id"]
			}
			ok, server, _, _ := w.call(t, tool.Name, args)
			if ok || errCode(server) != "person_unavailable" || !strings.Contains(server["error"].(map[string]any)["message"].(string), "private") {
				t.Errorf("%s %v: %v %v", tool.Name, args, ok, server)
			}
		}
	}
	for _, m := range []string{"Page.navigate", protocol.MethodTabOpen, "Input.insertText", "Input.dispatchKeyEvent", "Input.dispatchMouseEvent", "Page.handleJavaScriptDialog"} {
		if n := len(w.ext.Requests(m)); n != 0 {
			t.Errorf("%s was sent %d times before anyone answered", m, n)
		}
	}
	// The record: each question, its answer, and never the text.
	s, err := audit.Read(filepath.Join(w.dir, "sessions", sessionKey+".cbor"))
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	for _, r := range s.Records {
		if r.Tool == "confirm" {
			asked++
			if r.Outcome != "person_unavailable" || r.Args["from"] != "https://p.test" || r.Args["text"] != audit.Withheld {
				t.Errorf("the share question's record: %+v", r)
			}
		}
	}
	if data, _ := json.Marshal(s); asked != 5 || strings.Contains(string(data), "482913") || strings.Contains(string(data), "48**13") {
		t.Errorf("%d questions recorded; the record holds the text: %v", asked, strings.Contains(string(data), "482913"))
	}
}

// TestTextNotReadThereGoesThrough: text the private site never showed is
// not held, and the private site itself may be given its own text.
func TestTextNotReadThereGoesThrough(t *testing.T) {
	w := privateWorld(t)
	w.ext.On("Page.navigate", func(r browsertest.Request) (any, error) {
		browsertest.Navigate(t, w.tab, "L2", r.Str("url"))
		browsertest.Event(t, w.tab, "Page.loadEventFired", map[string]any{})
		return map[string]any{"loaderId": "L2"}, nil
	})
	for _, u := range []string{"https://b.test/search?q=order+7731", "https://p.test/?c=482913"} {
		if ok, server, _, _ := w.call(t, "navigate", map[string]any{"url": u}); !ok {
			t.Errorf("navigate %s: %v", u, server)
		}
	}
}

// TestPrivatePagesAreIndexedAtTheGate: what an observation of a private
// page gives the model is indexed, its words and not Diwall's (a role).
func TestPrivatePagesAreIndexedAtTheGate(t *testing.T) {
	w := newWorldWith(t, "https://a.test/", func(o *Options) {
		o.Profile.Private, _ = sitesOf("https://a.test")
	})
	w.call(t, "observe", map[string]any{})
	w.srv.mu.Lock()
	defer w.srv.mu.Unlock()
	for _, st := range w.srv.sessions {
		if _, ok := st.private.Find("my password", "https://b.test", nil); !ok {
			t.Error("the page's words (an element's name) are not indexed")
		}
		if _, ok := st.private.Find("textbox heading", "https://b.test", nil); ok {
			t.Error("the tree's roles are indexed as the page's words")
		}
	}
}

// TestTabsListOfAPrivatePageIsIndexed: the title of a private tab, as
// tabs list gives it, is the private site's text too.
func TestTabsListOfAPrivatePageIsIndexed(t *testing.T) {
	w := newWorldWith(t, "https://a.test/inbox?msg=QX7731", func(o *Options) {
		o.Profile.Private, _ = sitesOf("https://a.test")
	})
	if ok, server, _, _ := w.call(t, "tabs", map[string]any{"action": "list"}); !ok {
		t.Fatal(server)
	}
	w.srv.mu.Lock()
	defer w.srv.mu.Unlock()
	for _, st := range w.srv.sessions {
		if _, ok := st.private.Find("msg=qx7731", "https://b.test", nil); !ok {
			t.Error("the private tab's URL is not indexed")
		}
	}
}

func TestPageWords(t *testing.T) {
	var v any
	_ = json.Unmarshal([]byte(`{"url":"https://a.test/inbox?id=77","tree":["heading \"Inbox\" level=1","link \"Say \\\"hi\\\"\" [3]"],
		"elements":[{"mark":3,"role":"textbox","name":"Code","value":"482913","state":["focused"]}]}`), &v)
	got := strings.Join(pageWords(v, "", nil), "|")
	for _, want := range []string{"/inbox/id=77", "Inbox", `Say \"hi\"`, "Code", "482913"} {
		if !strings.Contains(got, want) {
			t.Errorf("pageWords = %q, lacks %q", got, want)
		}
	}
	for _, not := range []string{"heading", "textbox", "focused", "level"} {
		if strings.Contains(got, not) {
			t.Errorf("pageWords = %q, holds Diwall's %q", got, not)
		}
	}
}
