package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"time"

	"github.com/diwall/diwall/host/internal/downloads"
)

// DownloadInfo is a download as `server` reports it: Diwall's own words.
type DownloadInfo struct {
	ID    string          `json:"download_id"`
	State downloads.State `json:"state"`
	Bytes int64           `json:"bytes"`
	Mime  string          `json:"mime,omitempty"`
	// SavedName is the name Diwall saved it under in the person's download
	// folder (never a path).
	SavedName string `json:"saved_name,omitempty"`
	// Origin is the origin of the URL it came from.
	Origin string     `json:"origin,omitempty"`
	SHA256 string     `json:"sha256,omitempty"`
	Error  *ToolError `json:"error,omitempty"`
}

// pageDownload is what the page wrote of a download: its suggested name.
type pageDownload struct {
	ID            string `json:"download_id"`
	SuggestedName string `json:"suggested_name"`
}

func downloadInfo(d downloads.Download) DownloadInfo {
	info := DownloadInfo{ID: d.ID, State: d.State, Bytes: d.Bytes, Mime: d.Mime, SavedName: d.SavedName, Origin: d.Origin, SHA256: d.SHA256}
	if d.State == downloads.Refused || d.State == downloads.Failed {
		info.SavedName = ""
		info.Error = &ToolError{Code: d.Code, Message: d.Message, Retryable: d.Code.Retryable()}
	}
	return info
}

// downloadSettle is how long a call waits at its end for the downloads it
// started to finish, so that a small file is reported complete.
const downloadSettle = 2 * time.Second

// reportDownloads puts the session's downloads not yet reported into the
// call's result: their state under server.downloads, their suggested
// names beside the page's content. Those that began since the call did
// (at start) are waited for a little.
func (s *Server) reportDownloads(ctx context.Context, c *Call, start time.Time, page pageContent) any {
	l := s.downloads.of(c.Client.Key())
	settle, cancel := context.WithTimeout(context.WithoutCancel(ctx), downloadSettle)
	defer cancel()
	for _, d := range l.All() {
		if !d.Done() && !d.Started.Before(start) {
			_, _ = l.Wait(settle, d.ID)
		}
	}
	list := l.Unreported()
	if len(list) == 0 {
		return orNothing(page)
	}
	var named []pageDownload
	for _, d := range list {
		c.Base.Downloads = append(c.Base.Downloads, downloadInfo(d))
		if d.SuggestedName != "" {
			named = append(named, pageDownload{ID: d.ID, SuggestedName: d.SuggestedName})
		}
	}
	if len(named) == 0 {
		return orNothing(page)
	}
	return withDownloads{page: page, downloads: named}
}

// withDownloads is page content with the suggested names of downloads
// beside it, under "downloads".
type withDownloads struct {
	page      any
	downloads []pageDownload
}

// textForm is the same with the page content as the text block gives it.
func (w withDownloads) textForm() (any, []lineBlock) {
	page, blocks := textForm(w.page)
	return withDownloads{page: page, downloads: w.downloads}, blocks
}

func (w withDownloads) MarshalJSON() ([]byte, error) {
	inner := []byte("{}")
	if w.page != nil {
		var err error
		if inner, err = json.Marshal(w.page); err != nil {
			return nil, err
		}
	}
	list, err := json.Marshal(w.downloads)
	if err != nil {
		return nil, err
	}
	inner = bytes.TrimSpace(inner)
	if len(inner) < 2 || inner[0] != '{' {
		return json.Marshal(map[string]json.RawMessage{"content": inner, "downloads": list})
	}
	body := bytes.TrimSpace(inner[1 : len(inner)-1])
	var b bytes.Buffer
	b.WriteString(`{`)
	if len(body) > 0 {
		b.Write(body)
		b.WriteString(`,`)
	}
	b.WriteString(`"downloads":`)
	b.Write(list)
	b.WriteString(`}`)
	return b.Bytes(), nil
}

// orNothing is page content as the envelope carries it: nil is none.
func orNothing(page pageContent) any {
	if page == nil {
		return nil
	}
	return page
}
