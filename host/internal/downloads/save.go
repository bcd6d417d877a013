package downloads

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/diwall/diwall/host/internal/toolerr"
)

// Source gives a download's bytes, piece by piece: the paused response's
// body stream, or what the page fetched.
type Source interface {
	// Next returns the next piece; eof is true with the last one.
	Next(ctx context.Context) (piece []byte, eof bool, err error)
}

// Save writes a download's bytes from src into a new file of dir, named
// after d.SavedName's wish (SafeName, with a suffix when that name is
// taken), and brings d in l to its end: complete with its size and
// SHA-256, or failed, its partial file removed. Past limit bytes it stops
// with budget_exceeded.
func Save(ctx context.Context, l *List, d *Download, dir string, limit int64, src Source) {
	fail := func(code toolerr.Code, msg string) {
		l.update(d, func(d *Download) { d.State, d.Code, d.Message = Failed, code, msg })
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fail(toolerr.CodePermissionDenied, "The profile's download folder does not exist or is not a folder. Ask the person to create it or fix download_dir.")
		return
	}
	f, name, err := create(dir, d.SavedName)
	if err != nil {
		fail(toolerr.CodePermissionDenied, "The download could not be saved: the profile's download folder is not writable or is full. Ask the person to check download_dir.")
		return
	}
	path := filepath.Join(dir, name)
	l.update(d, func(d *Download) { d.SavedName, d.path = name, path })
	h := sha256.New()
	var n int64
	err = func() error {
		for {
			piece, eof, err := src.Next(ctx)
			if err != nil {
				return err
			}
			if n+int64(len(piece)) > limit {
				return errBudget
			}
			if _, err := f.Write(piece); err != nil {
				return errWrite
			}
			h.Write(piece)
			n += int64(len(piece))
			l.update(d, func(d *Download) { d.Bytes = n })
			if eof {
				return nil
			}
		}
	}()
	if cerr := f.Close(); err == nil && cerr != nil {
		err = errWrite
	}
	if err != nil {
		os.Remove(path)
		l.update(d, func(d *Download) { d.path, d.Bytes = "", 0 })
		switch {
		case errors.Is(err, errBudget):
			fail(toolerr.CodeBudgetExceeded, fmt.Sprintf("The download was larger than this session's budget of %d bytes ([budgets] download_bytes), so it was cancelled and nothing was kept.", limit))
		case errors.Is(err, errWrite):
			fail(toolerr.CodePermissionDenied, "The download could not be written: the download folder is not writable or is full. Nothing was kept. Ask the person to check download_dir.")
		case ctx.Err() != nil:
			fail(toolerr.CodeTimeout, "The download did not finish in time and was cancelled; nothing was kept.")
		default:
			fail(toolerr.CodeNavigationFailed, fmt.Sprintf("The download broke off (%v); nothing was kept. Try again.", err))
		}
		return
	}
	sum := hex.EncodeToString(h.Sum(nil))
	l.update(d, func(d *Download) { d.State, d.SHA256 = Complete, sum })
}

var (
	errBudget = errors.New("over the download budget")
	errWrite  = errors.New("the download folder refused the bytes")
)
