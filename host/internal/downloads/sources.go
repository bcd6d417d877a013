package downloads

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// pieceBytes is how much one read brings: well under native messaging's
// limits once in base64.
const pieceBytes = 512 << 10

// responseStream reads a paused response's body (Fetch), which Chrome
// never hands to its download manager.
type responseStream struct {
	t      *browser.Tab
	handle string
	empty  int // reads in a row that brought nothing
}

// maxEmptyReads bounds the reads in a row that bring nothing.
const maxEmptyReads = 100

// Stream is a Source read from the browser, which holds it open until
// Close.
type Stream interface {
	Source
	Close(ctx context.Context)
}

// TakeResponse takes the body of the paused response requestID as a
// Source; close it when done.
func TakeResponse(ctx context.Context, t *browser.Tab, requestID string) (Stream, error) {
	var res cdp.StreamResult
	if err := t.CDP(ctx, cdp.FetchTakeResponseBodyAsStream, cdp.RequestIDParams{RequestID: requestID}, &res); err != nil {
		return nil, err
	}
	return &responseStream{t: t, handle: res.Stream}, nil
}

func (s *responseStream) Next(ctx context.Context) ([]byte, bool, error) {
	var res cdp.IOReadResult
	if err := s.t.CDP(ctx, cdp.IORead, cdp.IOReadParams{Handle: s.handle, Size: pieceBytes}, &res); err != nil {
		return nil, false, err
	}
	if res.Data == "" && !res.EOF {
		// IO.read waits for bytes; a read that brings none and no end
		// again and again is a stream gone wrong.
		if s.empty++; s.empty > maxEmptyReads {
			return nil, false, fmt.Errorf("the browser's stream of the download gives nothing")
		}
	} else {
		s.empty = 0
	}
	if !res.Base64Encoded {
		return []byte(res.Data), res.EOF, nil
	}
	piece, err := base64.StdEncoding.DecodeString(res.Data)
	return piece, res.EOF, err
}

// Close lets Chrome free the stream.
func (s *responseStream) Close(ctx context.Context) {
	_ = s.t.CDP(ctx, cdp.IOClose, cdp.IOCloseParams{Handle: s.handle}, nil)
}

// pageFetchSource reads a download the page holds (pagescript's
// download_fetch.js).
var pageFetchSource = pagescript.DownloadFetch

var pageFetch = browser.PageFunction{Name: "download", Global: "__diwallDownload", Source: pageFetchSource}

// pageStream reads a download the page holds, from Diwall's isolated world
// of the tab's main frame.
type pageStream struct {
	t      *browser.Tab
	token  string
	size   int64
	offset int64
}

// FetchInPage fetches url in the tab's page (a blob: or data: URL, or a
// link of the page's own origin) as a Source of size bytes; close it when
// done.
func FetchInPage(ctx context.Context, t *browser.Tab, url string) (Stream, error) {
	text, err := t.Run(ctx, browser.Frame{}, pageFetch, browser.Args("open", url, "", 0, 0), true)
	if err != nil {
		return nil, err
	}
	var opened struct {
		Token string `json:"token"`
		Size  int64  `json:"size"`
	}
	if err := json.Unmarshal([]byte(text), &opened); err != nil || opened.Token == "" {
		return nil, fmt.Errorf("the page could not fetch the download")
	}
	return &pageStream{t: t, token: opened.Token, size: opened.Size}, nil
}

func (s *pageStream) Next(ctx context.Context) ([]byte, bool, error) {
	n := min(int64(pieceBytes), s.size-s.offset)
	if n <= 0 {
		return nil, true, nil
	}
	text, err := s.t.Run(ctx, browser.Frame{}, pageFetch, browser.Args("read", "", s.token, s.offset, n), true)
	if err != nil {
		return nil, false, err
	}
	piece, err := base64.StdEncoding.DecodeString(text)
	if err != nil {
		return nil, false, err
	}
	if len(piece) == 0 {
		return nil, false, fmt.Errorf("the page's copy of the download is gone")
	}
	s.offset += int64(len(piece))
	return piece, s.offset >= s.size, nil
}

// Close forgets the page's copy.
func (s *pageStream) Close(ctx context.Context) {
	_, _ = s.t.Run(ctx, browser.Frame{}, pageFetch, browser.Args("close", "", s.token, 0, 0), true)
}
