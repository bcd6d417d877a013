package e2e

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestBesideBench prints, in the person's everyday browser headed on Xvfb,
// what the agent's calls cost with its tab in front against in the
// background (the person's tab in front): observe of a 15-control page, a
// batch act of 14 steps, and a page timer of 250 ms a click starts (as the
// page itself measures it). It is a benchmark, not a timed test: it runs
// only with DIWALL_BENCH_BESIDE=1 (`make bench-beside`; DIWALL_BENCH_ROUNDS
// sets the rounds of each side, 7 by default), and prints the
// load average next to each figure: on 2 cores, a neighbour's work shows.
func TestBesideBench(t *testing.T) {
	if os.Getenv("DIWALL_BENCH_BESIDE") != "1" {
		t.Skip("set DIWALL_BENCH_BESIDE=1 (make bench-beside)")
	}
	rounds := 7
	if n, err := strconv.Atoi(os.Getenv("DIWALL_BENCH_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	b := newBeside(t)
	a := b.client("Bench")
	url := siteURL + "/beside/agent.html"
	if open := a.eventually(30*time.Second, "tabs", map[string]any{"action": "open", "url": url}); !open.OK {
		t.Fatalf("no host came: %v", open.Server["error"])
	}
	agentTarget := b.dt.waitTarget(t, url, 5*time.Second).TargetID
	agent := b.dt.attach(t, agentTarget)
	personTarget := b.dt.waitTarget(t, siteURL+"/beside/person.html", 5*time.Second).TargetID
	o := a.observe()
	m := func(role, name string) int { return markOf(t, o, role, name) }
	batch := []map[string]any{
		{"action": "type", "mark": m("textbox", "First name"), "text": "Ada", "clear": true},
		{"action": "type", "mark": m("textbox", "Last name"), "text": "Lovelace", "clear": true},
		{"action": "type", "mark": m("textbox", "Street"), "text": "12 St James's Square", "clear": true},
		{"action": "type", "mark": m("textbox", "City"), "text": "London", "clear": true},
		{"action": "type", "mark": m("textbox", "Zip"), "text": "SW1Y 4JH", "clear": true},
		{"action": "type", "mark": m("textbox", "Message"), "text": "Please ring twice.", "clear": true},
		{"action": "select", "mark": m("combobox", "Size"), "values": []string{"Medium"}},
		{"action": "check", "mark": m("checkbox", "Gift wrap")},
		{"action": "check", "mark": m("checkbox", "Newsletter")},
		{"action": "click", "mark": m("radio", "Express")},
		{"action": "uncheck", "mark": m("checkbox", "Gift wrap")},
		{"action": "uncheck", "mark": m("checkbox", "Newsletter")},
		{"action": "click", "mark": m("radio", "Standard")},
		{"action": "select", "mark": m("combobox", "Size"), "values": []string{"Small"}},
	}
	timerSteps := []map[string]any{
		{"action": "click", "mark": m("button", "Start timer")},
		{"action": "wait", "text": "fired after", "ms": 5000},
	}
	firedAfter := regexp.MustCompile(`fired after (\d+) ms`)

	type figures struct{ observe, act, timer, cold []float64 }
	var front, back figures
	for _, where := range []string{"front", "background", "front", "background"} {
		fig := &back
		if where == "front" {
			fig = &front
			// The person brings the agent's tab forward, then goes back to theirs.
			_ = b.dt.call(t, "", "Target.activateTarget", map[string]any{"targetId": agentTarget}, nil)
			b.dt.waitEval(t, agent, `document.visibilityState === "visible"`, 5*time.Second)
		} else {
			_ = b.dt.call(t, "", "Target.activateTarget", map[string]any{"targetId": personTarget}, nil)
			b.dt.waitEval(t, agent, `document.visibilityState === "hidden"`, 10*time.Second)
		}
		for i := 0; i < rounds; i++ {
			start := time.Now()
			obs := a.observe()
			fig.observe = append(fig.observe, ms(time.Since(start)))
			if obs.Server["capture"] != "ok" || len(obs.PNG) == 0 {
				t.Errorf("%s: capture %v", where, obs.Server["capture"])
			}
			start = time.Now()
			if r := a.act(snap(obs), false, batch...); !r.OK {
				t.Fatalf("%s: act: %v", where, r.message())
			}
			fig.act = append(fig.act, ms(time.Since(start)))
			if r := a.act(snap(obs), false, timerSteps...); !r.OK {
				t.Fatalf("%s: timer: %v", where, r.message())
			}
			text := string(b.dt.eval(t, agent, `document.getElementById("fired").textContent`))
			got := firedAfter.FindStringSubmatch(text)
			if got == nil {
				t.Fatalf("%s: the timer says %s", where, text)
			}
			v, _ := strconv.ParseFloat(got[1], 64)
			fig.timer = append(fig.timer, v)
		}
		// As in a model's turns: the agent comes back after a pause longer
		// than the tab stays awake for (2 s), to a tab asleep again.
		for i := 0; i < rounds/2+1; i++ {
			time.Sleep(3 * time.Second)
			start := time.Now()
			a.observe()
			fig.cold = append(fig.cold, ms(time.Since(start)))
		}
	}
	// Idle, the tab is throttled as any hidden tab: a timer the page starts
	// itself (no agent at work) waits for Chrome's 1 s wake-up.
	time.Sleep(4 * time.Second)
	idle := string(b.dt.eval(t, agent, `new Promise((done) => { const s = performance.now();
		setTimeout(() => done(document.visibilityState + " " + Math.round(performance.now() - s)), 250); })`))

	med := func(v []float64) float64 {
		s := slices.Clone(v)
		slices.Sort(s)
		return s[len(s)/2]
	}
	fmt.Printf("beside the person: the agent's tab in front against in the background, medians of %d (after idle: %d) (ms)\n", 2*rounds, 2*(rounds/2+1))
	fmt.Printf("%-26s %9s %11s %7s  %s\n", "", "front", "background", "ratio", "load (1, 5, 15 min)")
	for _, row := range []struct {
		name        string
		front, back []float64
	}{
		{"observe (15 controls)", front.observe, back.observe},
		{"act, 14 steps", front.act, back.act},
		{"timer of 250 ms (page's)", front.timer, back.timer},
		{"observe after 3 s idle", front.cold, back.cold},
	} {
		f, g := med(row.front), med(row.back)
		fmt.Printf("%-26s %9.0f %11.0f %6.2fx  load %s\n", row.name, f, g, g/f, loadAverage())
	}
	fmt.Printf("idle agent, a 250 ms timer the page starts itself: %s ms  load %s\n", strings.Trim(idle, `"`), loadAverage())
}
