package downloads

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// Text is what a finished download says, for the model: the file's text
// (text, CSV, JSON and the like), or the text of a PDF's pages, cut at
// maxChars characters with "… (N characters omitted)". dir is the
// session's download folder now: a file outside it is never read.
func Text(d Download, dir string, maxChars int) (text string, kind string, err error) {
	switch {
	case d.State == Refused || d.State == Failed:
		return "", "", toolerr.Errorf(toolerr.CodeInvalidArgument, "Download %s was %s: it has no file to read.", d.ID, d.State)
	case d.State != Complete:
		return "", "", toolerr.Errorf(toolerr.CodeInvalidArgument, "Download %s has not finished: wait for it first (downloads {action: \"wait\", download_id: %q}).", d.ID, d.ID)
	case dir == "" || d.path == "" || filepath.Dir(d.path) != filepath.Clean(dir):
		return "", "", toolerr.Errorf(toolerr.CodePermissionDenied, "Download %s is not in this session's download folder any more (the profile's download_dir changed), so it cannot be read.", d.ID)
	}
	f, err := os.Open(d.path)
	if err != nil {
		return "", "", toolerr.Errorf(toolerr.CodeInvalidArgument, "Download %s is no longer in the download folder (it was moved or deleted), so it cannot be read.", d.ID)
	}
	defer f.Close()
	head := make([]byte, 8192)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return "", "", err
	}
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		text, err := pdfText(d.path)
		if err != nil {
			return "", "", toolerr.Errorf(toolerr.CodeInvalidArgument, "Download %s is a PDF whose text could not be read (%v): it may be scanned images or damaged.", d.ID, err)
		}
		return cutText(strings.NewReader(text), maxChars), "pdf", nil
	case looksLikeText(head):
		return cutText(bufio.NewReader(f), maxChars), "text", nil
	}
	return "", "", toolerr.Errorf(toolerr.CodeInvalidArgument, "Download %s is a binary file (%s), not text, CSV, JSON or PDF: it cannot be read here. The person finds it in their download folder as %q.", d.ID, orUnknown(d.Mime), d.SavedName)
}

func orUnknown(mime string) string {
	if mime == "" {
		return "of an unknown type"
	}
	return mime
}

// looksLikeText reports whether the start of a file is text: UTF-8 (a
// character cut at the end of the sample is fine) with no NUL byte.
func looksLikeText(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for len(head) > 0 {
		r, size := utf8.DecodeRune(head)
		if r == utf8.RuneError && size <= 1 {
			return len(head) < utf8.UTFMax && !utf8.FullRune(head)
		}
		head = head[size:]
	}
	return true
}

// cutText reads r's text and keeps its first max characters, saying how
// many it left out.
func cutText(r io.RuneReader, limit int) string {
	var b strings.Builder
	kept, omitted := 0, 0
	for {
		c, _, err := r.ReadRune()
		if err != nil {
			break
		}
		if kept < limit {
			b.WriteRune(c)
			kept++
		} else {
			omitted++
		}
	}
	if omitted > 0 {
		fmt.Fprintf(&b, "… (%d characters omitted)", omitted)
	}
	return b.String()
}

// pdfText is the plain text of a PDF's pages. The library panics on some
// damaged files: that is an error like any other.
func pdfText(path string) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the file is damaged")
		}
	}()
	f, r, err := pdf.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	rd, err := r.GetPlainText()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if _, err := io.Copy(&b, io.LimitReader(rd, 64<<20)); err != nil {
		return "", err
	}
	return strings.TrimSpace(b.String()), nil
}
