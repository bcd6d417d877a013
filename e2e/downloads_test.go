package e2e

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// downloadsIn is server.downloads of a result.
func downloadsIn(env envelope) []map[string]any {
	list, _ := env.Server["downloads"].([]any)
	out := make([]map[string]any, 0, len(list))
	for _, d := range list {
		out = append(out, d.(map[string]any))
	}
	return out
}

// suggestedNames is what page_content says of the downloads: id -> name.
func suggestedNames(t testing.TB, env envelope) map[string]string {
	t.Helper()
	var p struct {
		Downloads []struct {
			ID   string `json:"download_id"`
			Name string `json:"suggested_name"`
		} `json:"downloads"`
	}
	if err := json.Unmarshal(env.PageContent, &p); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range p.Downloads {
		out[d.ID] = d.Name
	}
	return out
}

// clickForDownload clicks the link named name on the page and returns the
// one download the session then reports, waited for.
func (bs *browserSession) clickForDownload(name string) (act envelope, d map[string]any) {
	t := bs.t
	t.Helper()
	o := bs.observe()
	before := len(downloadsIn(bs.mustOK("downloads", map[string]any{"action": "list"})))
	act = bs.mustOK("act", map[string]any{"snapshot_id": o.Server["snapshot_id"], "steps": []map[string]any{{"action": "click", "mark": markOf(t, o, "link", name)}}})
	list := downloadsIn(act)
	if len(list) == 0 {
		// Chrome began it after the act's result was made: wait for it.
		list = downloadsIn(bs.mustOK("downloads", map[string]any{"action": "wait", "timeout_ms": 10000}))[before:]
	}
	if len(list) != 1 {
		t.Fatalf("clicking %q: downloads %v", name, list)
	}
	w := bs.mustOK("downloads", map[string]any{"action": "wait", "download_id": list[0]["download_id"]})
	return act, downloadsIn(w)[0]
}

// folderNames lists a folder's file names.
func folderNames(t testing.TB, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// browserDownloads lists what the launched browser saved in its own
// Downloads folder: never anything.
func browserDownloads(bs *browserSession) []string {
	files, _ := filepath.Glob(filepath.Join(bs.home, "state", "l-*", "home", "Downloads", "*"))
	return files
}

// TestDownloads: a CSV by link, a PDF, a download attribute, a blob, a
// type Chrome does not show, a hostile name, a file over the budget, a
// redirect outside the sites and a navigation that downloads: each is
// saved in the profile's download folder only, under a safe name, reported
// in the call that started it, listed and read; none reaches the browser's
// own Downloads folder.
func TestDownloads(t *testing.T) {
	dir := t.TempDir()
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(siteURL, "http://"))
	outside := "http://localhost:" + port + "/dl/statement.csv"
	bs := launchPrepared(t, func(home string) error {
		return writeProfile(home, "dl", "sites = [\"http://127.0.0.1:*\"]\ndownload_dir = \""+dir+"\"\n[budgets]\ndownload_bytes = 40000\n")
	}, nil, "--profile", "dl")
	bs.openPage("/dl/page.html?outside=" + outside)

	// A CSV by link: reported by the click that started it, complete.
	act, d := bs.clickForDownload("CSV statement")
	if d["state"] != "complete" || d["saved_name"] != "statement-2026-11.csv" || d["mime"] != "text/csv" || d["bytes"] != float64(len(statementCSV)) {
		t.Errorf("the CSV download: %v", d)
	}
	if names := suggestedNames(t, act); len(downloadsIn(act)) != 1 || names[d["download_id"].(string)] != "statement-2026-11.csv" {
		t.Errorf("page_content's suggested name: %v (%s)", names, act.PageContent)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "statement-2026-11.csv")); string(data) != statementCSV {
		t.Errorf("the saved file holds %q", data)
	}
	read := bs.mustOK("downloads", map[string]any{"action": "read", "download_id": d["download_id"]})
	if p := read.page(t); p["text"] != statementCSV || p["kind"] != "text" {
		t.Errorf("read: %s", read.PageContent)
	}
	if cut := bs.mustOK("downloads", map[string]any{"action": "read", "download_id": d["download_id"], "max_chars": 10}); cut.page(t)["text"] != statementCSV[:10]+"… ("+strconv.Itoa(len(statementCSV)-10)+" characters omitted)" || cut.Server["truncated"] != true {
		t.Errorf("a read cut at 10 characters: %s %v", cut.PageContent, cut.Server)
	}
	// The same file again: a suffix, never over the first.
	_, again := bs.clickForDownload("CSV statement")
	if again["saved_name"] != "statement-2026-11 (1).csv" {
		t.Errorf("the second CSV: %v", again)
	}

	// A PDF: its text.
	_, pdf := bs.clickForDownload("PDF statement")
	read = bs.mustOK("downloads", map[string]any{"action": "read", "download_id": pdf["download_id"]})
	if p := read.page(t); p["kind"] != "pdf" || !strings.Contains(p["text"].(string), "Saldo final: 4.812,77 EUR") {
		t.Errorf("the PDF's text: %s", read.PageContent)
	}

	// A download attribute, and a blob the page made: Chrome's download
	// manager begins them; they end in the folder all the same.
	_, notes := bs.clickForDownload("Notes")
	if notes["state"] != "complete" || notes["saved_name"] != "notes.txt" {
		t.Errorf("the download attribute's file: %v", notes)
	}
	_, blob := bs.clickForDownload("Generated")
	if blob["state"] != "complete" || blob["saved_name"] != "generated.csv" || blob["bytes"] != float64(8) {
		t.Errorf("the blob: %v", blob)
	}

	// A hostile name: no folder, not hidden.
	_, hostile := bs.clickForDownload("Hostile name")
	if hostile["saved_name"] != "bashrc" {
		t.Errorf("the hostile name was saved as %v", hostile["saved_name"])
	}
	// A type Chrome does not show: a download, and binary.
	_, zip := bs.clickForDownload("Archive")
	if zip["state"] != "complete" || zip["saved_name"] != "archive.zip" {
		t.Errorf("the archive: %v", zip)
	}
	if env := bs.call("downloads", map[string]any{"action": "read", "download_id": zip["download_id"]}); env.errorCode() != "invalid_argument" || !strings.Contains(env.Server["error"].(map[string]any)["message"].(string), "binary") {
		t.Errorf("reading a binary file: %v", env.Server["error"])
	}

	// Over the budget: cancelled, nothing kept.
	_, big := bs.clickForDownload("Big file")
	if big["state"] != "failed" || big["error"].(map[string]any)["code"] != "budget_exceeded" {
		t.Errorf("the file over the budget: %v", big)
	}
	if slices.Contains(folderNames(t, dir), "big.bin") {
		t.Error("the partial file of the download over the budget was kept")
	}

	// A redirect outside the sites: refused, with its origin only.
	_, far := bs.clickForDownload("Elsewhere")
	if far["state"] != "refused" || far["origin"] != "http://localhost:"+port || far["error"].(map[string]any)["code"] != "origin_not_allowed" || far["saved_name"] != nil {
		t.Errorf("the download outside the sites: %v", far)
	}

	// A tab the page opens that downloads at once.
	// Chrome closes such a tab: the download is its opener's.
	if _, popup := bs.clickForDownload("In a new tab"); popup["state"] != "complete" || popup["saved_name"] != "statement-2026-11 (2).csv" {
		t.Errorf("the download of a tab the page opened: %v", popup)
	}

	// Two at once: one act clicks two links.
	o := bs.observe()
	before := len(downloadsIn(bs.mustOK("downloads", map[string]any{"action": "list"})))
	two := bs.mustOK("act", map[string]any{"snapshot_id": o.Server["snapshot_id"], "steps": []map[string]any{
		{"action": "click", "mark": markOf(t, o, "link", "Notes")}, {"action": "click", "mark": markOf(t, o, "link", "Generated")}}})
	if len(downloadsIn(two)) < 2 {
		// Chrome began one or both after the act's result: wait for them.
		bs.mustOK("downloads", map[string]any{"action": "wait", "timeout_ms": 10000})
	}
	both := downloadsIn(bs.mustOK("downloads", map[string]any{"action": "wait"}))[before:]
	if len(both) != 2 || both[0]["state"] != "complete" || both[1]["state"] != "complete" || both[0]["saved_name"] == both[1]["saved_name"] {
		t.Errorf("two downloads at once: %v", both)
	}

	// A navigation that downloads: ok, with the download.
	nav := bs.mustOK("navigate", map[string]any{"url": siteURL + "/dl/statement.csv"})
	if list := downloadsIn(nav); len(list) != 1 || list[0]["saved_name"] != "statement-2026-11 (3).csv" {
		t.Errorf("navigate to a download: %v", nav.Server)
	}

	// Bad input: an unknown id, a missing one.
	if env := bs.call("downloads", map[string]any{"action": "read", "download_id": "dl-999"}); env.errorCode() != "invalid_argument" {
		t.Errorf("an unknown download: %v", env.Server["error"])
	}
	all := downloadsIn(bs.mustOK("downloads", map[string]any{"action": "list"}))
	if len(all) != 13 {
		t.Errorf("the session lists %d downloads: %v", len(all), all)
	}
	want := []string{"archive.zip", "bashrc", "generated (1).csv", "generated.csv", "notes (1).txt", "notes.txt", "statement-2026-11 (1).csv", "statement-2026-11 (2).csv", "statement-2026-11 (3).csv", "statement-2026-11.csv", "statement.pdf"}
	if got := folderNames(t, dir); !slices.Equal(got, want) {
		t.Errorf("the download folder holds %v, want %v", got, want)
	}
	if files := browserDownloads(bs); len(files) > 0 {
		t.Errorf("the browser saved files of its own: %v", files)
	}

	// The audit log keeps each download: names, size, SHA-256, origin.
	s := bs.auditSession()
	var kept []string
	for _, r := range s.Records {
		if r.Tool == "download" && r.Download != nil {
			kept = append(kept, r.Outcome+" "+r.Download.SavedName)
			if r.Download.SavedName == "statement-2026-11.csv" && (r.Download.SHA256 != sha256Hex(statementCSV) || r.Origin != siteURL || r.Download.SuggestedName != "statement-2026-11.csv") {
				t.Errorf("the CSV's audit record: %+v %+v", r, r.Download)
			}
		}
	}
	if len(kept) != len(all) || !slices.Contains(kept, "refused ") || !slices.Contains(kept, "failed big.bin") {
		t.Errorf("the audit log keeps these downloads: %v", kept)
	}
	cmd := exec.Command(diwallBin, "audit", "export", s.Key[:8], "-o", filepath.Join(bs.home, "report.html"))
	cmd.Env = append(os.Environ(), "DIWALL_HOME="+bs.home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("diwall audit export: %v\n%s", err, out)
	}
	if report, _ := os.ReadFile(filepath.Join(bs.home, "report.html")); !strings.Contains(string(report), "saved as “statement-2026-11.csv”") {
		t.Error("the exported report does not list the downloads")
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestDownloadsWithoutAFolder: with no download_dir a download is
// refused before any byte is written anywhere, and the model is told to
// ask the person.
func TestDownloadsWithoutAFolder(t *testing.T) {
	bs := shared(t)
	bs.openPage("/dl/page.html")
	for _, link := range []string{"CSV statement", "Notes"} {
		_, d := bs.clickForDownload(link)
		e, _ := d["error"].(map[string]any)
		if d["state"] != "refused" || e["code"] != "permission_denied" || !strings.Contains(e["message"].(string), "download_dir") {
			t.Errorf("%s without a download folder: %v", link, d)
		}
	}
	if files := browserDownloads(bs); len(files) > 0 {
		t.Errorf("the browser saved files of its own: %v", files)
	}
}
