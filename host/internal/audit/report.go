package audit

import (
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"net/http"
	"strings"
	"time"
)

//go:embed report.html.tmpl
var reportSource string

var reportTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"clock": func(t time.Time) string { return t.Local().Format("2006-01-02 15:04:05.000") },
	"ms":    func(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d.Microseconds())/1000) },
	"since": func(start, t time.Time) string { return fmt.Sprintf("+%.1f s", t.Sub(start).Seconds()) },
}).Parse(reportSource))

// reportCall is one call of the report.
type reportCall struct {
	N      int
	Record Record
	Args   string // pretty JSON
	Images []reportImage
}

type reportImage struct {
	ID  string
	URI template.URL // data: URI, "" when the artifact is no longer kept
}

// Export writes a person's report of session s as one self-contained HTML
// file: a timeline of its calls with their arguments (secrets withheld as
// they are in the log), outcomes and durations, and its images inline. The
// page loads nothing: its content security policy allows only its own
// inline style and data: images.
func Export(w io.Writer, s SessionLog, artifacts *Artifacts) error {
	sum := Summarize(s)
	var calls []reportCall
	for i, r := range s.Records {
		c := reportCall{N: i + 1, Record: r}
		if len(r.Args) > 0 {
			c.Args = prettyJSON(r.Args)
		}
		for _, id := range r.Artifacts {
			img := reportImage{ID: id}
			if data, err := artifacts.Get(id); err == nil {
				mime := http.DetectContentType(data)
				if mime == "image/png" || mime == "image/jpeg" {
					img.URI = template.URL("data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)) //nolint:gosec // a data: URL of base64 alone, of bytes sniffed as PNG or JPEG
				}
			}
			c.Images = append(c.Images, img)
		}
		calls = append(calls, c)
	}
	return reportTemplate.Execute(w, map[string]any{
		"Session": sum, "Calls": calls, "Torn": s.Torn, "Damage": s.Damage,
		"Generated": time.Now(),
	})
}

// prettyJSON is v as indented JSON, its text as it is (the template
// escapes it for HTML).
func prettyJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
