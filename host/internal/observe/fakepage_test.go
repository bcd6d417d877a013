package observe

import (
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/browser/browsertest"
)

// obsPage is a tab showing browsertest's sign-in page.
type obsPage struct {
	ext  *browsertest.Ext
	page *browsertest.Page
	b    *browser.Browser
	tab  *browser.Tab
}

func newObsPage(t *testing.T) *obsPage {
	t.Helper()
	p := &obsPage{ext: browsertest.New()}
	p.page = browsertest.NewPage(p.ext)
	p.b, p.tab = browsertest.Start(t, p.ext)
	return p
}
