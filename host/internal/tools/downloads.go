package tools

import (
	"context"
	"fmt"
	"mime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/act"
	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/downloads"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/protocol"
)

// A session's downloads: the host is the browser's DownloadHandler (Paused,
// Intercepted). A download of a session's tab is saved only in its
// profile's download_dir, under a name Diwall made safe; without one, or
// for a URL outside the sites, or past a budget, it is refused before any
// byte is written. Each download is reported in the server part of the
// session's next result (and the call that started it waits a little for
// it), listed and read by the downloads tool, written to the audit log and
// shown to the operator.

// downloadTime bounds one download's transfer.
const downloadTime = 10 * time.Minute

// downloadLists are the sessions' download lists, by session key.
type downloadLists struct {
	mu    sync.Mutex
	lists map[string]*downloads.List
}

// of returns the list of the session key, made on first use.
func (d *downloadLists) of(key string) *downloads.List {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.lists == nil {
		d.lists = make(map[string]*downloads.List)
	}
	l, ok := d.lists[key]
	if !ok {
		l = downloads.NewList()
		d.lists[key] = l
	}
	return l
}

// sessionByKey returns the connected session of key.
func (s *Server) sessionByKey(key string) *Client {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, st := range s.sessions {
		if st.Key() == key {
			return st
		}
	}
	return nil
}

// Paused implements browser.DownloadHandler: a document's response that
// is a download is taken from Chrome and saved (or refused); any other
// goes on.
func (s *Server) Paused(t *browser.Tab, owner string, ev cdp.RequestPaused) {
	if ev.ResponseErrorReason != "" || !downloads.IsDownload(ev.ResponseStatusCode, ev.ResponseHeaders) {
		t.ContinueResponse(ev.RequestID)
		return
	}
	suggested := downloads.SuggestedName(ev.ResponseHeaders["content-disposition"], ev.Request.URL)
	l, d, dir, limit := s.admitDownload(t, owner, ev.Request.URL, ev.ResponseHeaders["content-type"], suggested)
	defer t.FailResponse(ev.RequestID) // Chrome never downloads it
	if d == nil || d.State == downloads.Refused {
		return
	}
	s.saveDownload(owner, l, d, dir, limit, func(ctx context.Context) (closingSource, error) {
		return downloads.TakeResponse(ctx, t, ev.RequestID)
	})
}

// Intercepted implements browser.DownloadHandler: a download Chrome's
// download manager began, which the extension cancelled unwritten, is
// read from the page instead (its blob, its data, its same-origin link).
func (s *Server) Intercepted(t *browser.Tab, owner string, ev protocol.DownloadIntercepted) {
	l, d, dir, limit := s.admitDownload(t, owner, ev.FinalURL, ev.Mime, ev.SuggestedName)
	if d == nil || d.State == downloads.Refused {
		return
	}
	s.saveDownload(owner, l, d, dir, limit, func(ctx context.Context) (closingSource, error) {
		return downloads.FetchInPage(ctx, t, ev.FinalURL)
	})
}

// closingSource is a download's bytes that must be let go of when read.
type closingSource interface {
	downloads.Source
	Close(ctx context.Context)
}

// saveDownload saves an admitted download from the source open gives,
// within downloadTime, and records how it ended.
func (s *Server) saveDownload(owner string, l *downloads.List, d *downloads.Download, dir string, limit int64, open func(context.Context) (closingSource, error)) {
	ctx, cancel := context.WithTimeout(context.Background(), downloadTime)
	defer cancel()
	src, err := open(ctx)
	if err != nil {
		s.log.Warn("a download failed", "err", err)
		downloads.Fail(l, d, toolerr.CodeNavigationFailed, "The download's bytes could not be read from the browser; nothing was saved. Try again.")
	} else {
		downloads.Save(ctx, l, d, dir, limit, src)
		src.Close(ctx)
	}
	s.downloadEnded(owner, l, d)
}

// admitDownload decides whether a download of the tab may be saved, and
// adds it to its session's list: in progress, with the folder and size
// budget to save it with, or refused (and recorded). d is nil when the
// tab's session is gone.
func (s *Server) admitDownload(t *browser.Tab, owner, rawURL, contentType, suggested string) (l *downloads.List, d *downloads.Download, dir string, limit int64) {
	st := s.sessionByKey(owner)
	if st == nil {
		s.log.Info("a download of a tab whose session is gone was refused", "tab", t.ChromeID)
		return nil, nil, "", 0
	}
	l = s.downloads.of(owner)
	checkURL := rawURL
	switch {
	case strings.HasPrefix(rawURL, "blob:"):
		checkURL = strings.TrimPrefix(rawURL, "blob:")
	case strings.HasPrefix(rawURL, "data:"):
		checkURL = t.Info().URL // the page that made it
	}
	d = &downloads.Download{TabID: t.ID, State: downloads.InProgress, Origin: browser.Origin(checkURL), Mime: mediaType(contentType)}
	refuse := func(code toolerr.Code, format string, args ...any) {
		d.State, d.Code, d.Message = downloads.Refused, code, fmt.Sprintf(format, args...)
	}
	p, err := s.profileOf(st)
	switch {
	case err != nil:
		refuse(toolerr.CodePermissionDenied, "The download was refused: this session's profile cannot be read. Ask the person to fix it.")
	case !sessionAllows(st, p, checkURL):
		d.Mime = "" // nothing of it but its origin
		refuse(toolerr.CodeOriginNotAllowed, "A download from %s was refused: that site is not one of this session's sites. Nothing was saved.", shownOrigin(d.Origin))
	case p.ReadOnlyRule(t.Info().Origin) != "" || p.ReadOnlyRule(d.Origin) != "":
		rule, on := p.ReadOnlyRule(t.Info().Origin), t.Info().Origin
		if rule == "" {
			rule, on = p.ReadOnlyRule(d.Origin), d.Origin
		}
		refuse(toolerr.CodePermissionDenied, "%s", toolerr.From(act.ReadOnlyRefusal(on, rule, "download")).Msg)
	case l.Started() >= p.Downloads:
		refuse(toolerr.CodeBudgetExceeded, "The download was refused: this session has had its %d downloads ([budgets] downloads). Ask the person to raise the budget.", p.Downloads)
	case p.DownloadDir == "":
		refuse(toolerr.CodePermissionDenied, "The download was refused: this session's profile has no download folder, so nothing was saved. Ask the person to set download_dir in the profile (or start diwall mcp --launch with --download-dir).")
	default:
		if err := s.confirmDownload(st, p, t, d.Origin, suggested); err != nil {
			e := toolerr.From(err)
			refuse(e.Code, "%s", e.Msg)
			break
		}
		d.SuggestedName = suggested
		d.SavedName = downloads.SafeName(suggested)
		dir, limit = p.DownloadDir, p.DownloadBytes
	}
	l.Add(d)
	if d.State == downloads.Refused {
		s.downloadEnded(owner, l, d)
	}
	return l, d, dir, limit
}

// confirmDownload asks the person about a download when their profile
// has them approve each one (confirm = ["download"]); nil lets it be
// saved. The question has no image: the step that began the download may
// still be running on the page.
func (s *Server) confirmDownload(st *Client, p policy.Profile, t *browser.Tab, origin, suggested string) error {
	if !p.Confirms(policy.ConfirmDownload, origin) {
		return nil
	}
	q := act.Question{Kinds: []string{policy.ConfirmDownload}, Action: "download", Detail: "the page names the file " + strconv.Quote(suggested)}
	ctx, cancel := context.WithTimeout(context.Background(), confirmWait+5*time.Second)
	defer cancel()
	return s.askStep(ctx, stepAsk{st: st, profile: p, tab: t, origin: origin, q: q, noImage: true})
}

// mediaType is a Content-Type's type alone ("text/csv").
func mediaType(contentType string) string {
	t, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return ""
	}
	return t
}

// downloadEnded records a download that ended: the audit log, the
// operator's log, the host's log.
func (s *Server) downloadEnded(owner string, l *downloads.List, d *downloads.Download) {
	got, _ := l.Get(d.ID)
	s.log.Info("download", "state", got.State, "bytes", got.Bytes, "code", got.Code)
	text := fmt.Sprintf("download %s from %s: %s", got.ID, shownOrigin(got.Origin), got.State)
	level := "info"
	if got.State == downloads.Complete {
		text += fmt.Sprintf(", %d bytes, saved as %q", got.Bytes, got.SavedName)
	} else {
		level = "warn"
	}
	s.opts.Operator.Note(owner, level, text)
	if s.opts.Audit == nil {
		return
	}
	st := s.sessionByKey(owner)
	rec := audit.Record{OperationID: NewOperationID(), Session: owner, Tool: "download", OK: got.State == downloads.Complete,
		Outcome: string(got.State), Code: string(got.Code), Message: got.Message, Start: got.Started, Took: got.Ended.Sub(got.Started),
		TabID: got.TabID, Origin: got.Origin,
		Download: &audit.Download{ID: got.ID, SuggestedName: got.SuggestedName, SavedName: got.SavedName, Bytes: got.Bytes, SHA256: got.SHA256, Mime: got.Mime}}
	if st != nil {
		rec.Client, rec.ClientVersion, rec.Profile = st.hello.Client, st.hello.ClientVersion, st.hello.Profile
	}
	if err := s.opts.Audit.Append(rec); err != nil {
		s.log.Warn("could not write a download to the audit log", "err", err)
	}
}
