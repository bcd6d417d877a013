package tools

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/host/internal/downloads"
	"github.com/diwall/diwall/host/internal/toolerr"
)

type downloadsIn struct {
	Action     string `json:"action" jsonschema:"list, wait or read"`
	DownloadID string `json:"download_id,omitempty" jsonschema:"for read; for wait (default: all in progress, or the next one within timeout_ms)"`
	MaxChars   int    `json:"max_chars,omitempty" jsonschema:"read: text budget"`
	TimeoutMS  int    `json:"timeout_ms,omitempty" jsonschema:"wait: at most this long"`
}

type downloadsServer struct {
	*Base
	// Downloads are the session's downloads (list, wait) or the one read.
	Downloads []DownloadInfo `json:"downloads"`
	// Chars and Truncated describe a read's text.
	Chars     int  `json:"chars,omitempty"`
	Truncated bool `json:"truncated,omitempty"`
}

// downloadsPage is what the pages wrote of the downloads: the names they
// suggested, and a read's text.
type downloadsPage struct {
	Downloads []pageDownload `json:"downloads,omitempty"`
	Kind      string         `json:"kind,omitempty"` // read: "text" or "pdf"
	Text      *string        `json:"text,omitempty"`
	origin    string         // read: the origin the text came from
}

// textOrigins: a download's text came from its origin (share.go).
func (p downloadsPage) textOrigins() []string { return []string{p.origin} }

// sourceURLs: a download's names and text come from origins the session
// may see now (the tool keeps no other), none of them a tab's page.
func (downloadsPage) sourceURLs() []string { return nil }

func downloadsDef() def {
	return newDef(&mcp.Tool{
		Name: "downloads",
		Description: "Your tabs' downloads: list, wait, or read a finished one's text (text, CSV, JSON, PDF). " +
			"Saved only in the person's download folder; you get no path.",
		Annotations: &mcp.ToolAnnotations{Title: "Downloads", ReadOnlyHint: true, DestructiveHint: ptr(false), OpenWorldHint: ptr(false)},
	}, map[string][]any{"action": {"list", "wait", "read"}}, answersOf[*downloadsServer, downloadsPage](), (*Server).downloadsTool)
}

func (s *Server) downloadsTool(ctx context.Context, c *Call, in downloadsIn) (Outcome, error) {
	l := s.downloads.of(c.Client.Key())
	fresh := l.Unreported() // this result reports them all
	srv := &downloadsServer{Base: c.Base, Downloads: []DownloadInfo{}}
	page := downloadsPage{}
	one := func() (downloads.Download, error) {
		if in.DownloadID == "" {
			return downloads.Download{}, toolerr.Errorf(toolerr.CodeInvalidArgument,
				"read needs download_id: the id of a finished download, from server.downloads or downloads {action: \"list\"}.")
		}
		d, ok := l.Get(in.DownloadID)
		if !ok {
			return d, toolerr.Errorf(toolerr.CodeInvalidArgument, "This session has no download %q: list them with downloads {action: \"list\"}.", in.DownloadID)
		}
		return d, nil
	}
	switch in.Action {
	case "list":
		s.listDownloads(c, srv, &page, l.All())
	case "wait":
		if in.TimeoutMS < 0 {
			return Outcome{}, toolerr.Errorf(toolerr.CodeInvalidArgument,
				"timeout_ms cannot be negative: give the milliseconds to wait at most, or leave it out to wait for the downloads in progress.")
		}
		wctx := ctx
		if in.TimeoutMS > 0 {
			var cancel context.CancelFunc
			wctx, cancel = context.WithTimeout(ctx, time.Duration(in.TimeoutMS)*time.Millisecond)
			defer cancel()
		}
		if in.DownloadID == "" {
			all := l.All()
			if in.TimeoutMS > 0 && len(fresh) == 0 && !slices.ContainsFunc(all, func(d downloads.Download) bool { return !d.Done() }) {
				// Nothing new and nothing in progress: the download the
				// model expects has not begun yet (Chrome starts some a
				// moment after the click); wait for it, as long as asked.
				l.WaitBegun(wctx, len(all))
			}
			l.WaitAll(wctx)
			s.listDownloads(c, srv, &page, l.All())
			break
		}
		if _, err := one(); err != nil {
			return Outcome{}, err
		}
		d, err := l.Wait(wctx, in.DownloadID)
		s.listDownloads(c, srv, &page, []downloads.Download{d})
		if err != nil {
			return Outcome{Server: srv, Page: page}, toolerr.Errorf(toolerr.CodeTimeout,
				"Download %s had not finished when the wait ended (%d bytes so far). Wait again, or go on and check it later.", d.ID, d.Bytes)
		}
	case "read":
		d, err := one()
		if err != nil {
			return Outcome{}, err
		}
		if !c.allows(d.Origin + "/") {
			return Outcome{Server: srv}, toolerr.Errorf(toolerr.CodeOriginNotAllowed,
				"Download %s came from %s, which is not one of this session's sites now, so nothing of it is shown.", d.ID, shownOrigin(d.Origin))
		}
		limit := in.MaxChars
		if limit <= 0 {
			limit = c.Profile.TreeChars
		}
		text, kind, err := downloads.Text(d, c.Profile.DownloadDir, limit)
		s.listDownloads(c, srv, &page, []downloads.Download{d})
		if err != nil {
			return Outcome{Server: srv, Page: page}, err
		}
		page.Kind, page.Text, page.origin = kind, &text, d.Origin
		srv.Chars = utf8.RuneCountInString(text)
		srv.Truncated = strings.HasSuffix(text, " characters omitted)") && srv.Chars > limit
	}
	return Outcome{Server: srv, Page: page}, nil
}

// listDownloads puts downloads into a result: each in server, and the
// suggested name of each whose origin the session may see now.
func (s *Server) listDownloads(c *Call, srv *downloadsServer, page *downloadsPage, list []downloads.Download) {
	for _, d := range list {
		srv.Downloads = append(srv.Downloads, downloadInfo(d))
		if d.SuggestedName != "" && c.allows(d.Origin+"/") {
			page.Downloads = append(page.Downloads, pageDownload{ID: d.ID, SuggestedName: d.SuggestedName})
		}
	}
}
