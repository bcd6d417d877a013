package cdp

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/diwall/diwall/protocol"
)

func TestWrapSaysWhyChromeRefused(t *testing.T) {
	for _, c := range []struct {
		msg  string
		want Reason
	}{
		{"Cannot find context with specified id", ContextGone},
		{"Cannot find default execution context", ContextGone},
		{"Execution context was destroyed.", ContextDestroyed},
		{"Inspected target navigated or closed", NavigatedAway},
		{"Execution was terminated", Terminated},
		{"No session with given id", SessionGone},
		{"Session with given id not found.", SessionGone},
		{"No target with given id found", SessionGone},
		{"Cannot navigate to invalid URL", Other},
	} {
		err := Wrap(RuntimeEvaluate, &protocol.ResponseError{Code: protocol.ExtCDPError, Message: c.msg})
		var re *protocol.ResponseError
		if !Is(err, c.want) || !errors.As(err, &re) || re.Code != protocol.ExtCDPError {
			t.Errorf("%q: %v, want reason %d and the response error kept", c.msg, err, c.want)
		}
	}
	if err := Wrap(PageNavigate, context.DeadlineExceeded); err != context.DeadlineExceeded || Is(err, Other) { //nolint:errorlint // returned as it is, not wrapped
		t.Errorf("a deadline is not a refusal: %v", err)
	}
	if Wrap(PageNavigate, nil) != nil {
		t.Error("no error is no error")
	}
}

func TestErrorNamesTheCommand(t *testing.T) {
	err := Wrap(PageNavigate, &protocol.ResponseError{Code: protocol.ExtCDPError, Message: "Cannot navigate to invalid URL"})
	if got := err.Error(); !strings.HasPrefix(got, string(PageNavigate)+": ") || !strings.Contains(got, "Cannot navigate to invalid URL") {
		t.Errorf("Error() = %q, want the method then Chrome's words", got)
	}
}
