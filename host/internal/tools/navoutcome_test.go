package tools

import (
	"errors"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/toolerr"
)

// TestNavOutcome: a page Chrome could not load fails the call; an HTTP
// error or a load that did not finish is a notice.
func TestNavOutcome(t *testing.T) {
	cases := []struct {
		nav    browser.Navigation
		code   toolerr.Code
		notice string
	}{
		{browser.Navigation{Status: browser.NavLoaded, HTTPStatus: 200}, "", ""},
		{browser.Navigation{Status: browser.NavFailed, Error: "net::ERR_ABORTED"}, toolerr.CodeNavigationFailed, ""},
		{browser.Navigation{Status: browser.NavFailed, Error: "net::ERR_NAME_NOT_RESOLVED"}, toolerr.CodeNavigationFailed, ""},
		{browser.Navigation{Status: browser.NavFailed}, toolerr.CodeNavigationFailed, ""},
		{browser.Navigation{Status: browser.NavStillLoading}, "", "had not finished loading"},
		{browser.Navigation{Status: browser.NavLoaded, HTTPStatus: 503}, "", "HTTP 503 (a server error)"},
		{browser.Navigation{Status: browser.NavLoaded, HTTPStatus: 410}, "", "HTTP 410 (not found)"},
		{browser.Navigation{Status: browser.NavLoaded, HTTPStatus: 403}, "", "you may need to log in"},
		{browser.Navigation{Status: browser.NavLoaded, HTTPStatus: 418}, "", "HTTP 418 (a client error)"},
	}
	for _, c := range cases {
		call := &Call{Base: &Base{}}
		err := navOutcome(call, c.nav)
		var code toolerr.Code
		if e := (*toolerr.Error)(nil); errors.As(err, &e) {
			code = e.Code
			if c.nav.Error != "" && !strings.Contains(e.Msg, c.nav.Error) {
				t.Errorf("%+v: the message does not name Chrome's error: %s", c.nav, e.Msg)
			}
		}
		if code != c.code {
			t.Errorf("%+v: %v, want %q", c.nav, err, c.code)
		}
		notices := strings.Join(call.Base.Notices, "|")
		if c.notice == "" && notices != "" || !strings.Contains(notices, c.notice) {
			t.Errorf("%+v: notices %q, want %q", c.nav, notices, c.notice)
		}
	}
}
