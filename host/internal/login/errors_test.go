package login

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/toolerr"
	"github.com/diwall/diwall/host/internal/vault"
)

// TestMismatchNamesBothOrigins: a credential refused on a look-alike says
// where it is for and where the page is, and that nothing was typed.
func TestMismatchNamesBothOrigins(t *testing.T) {
	e := MismatchErr(vault.Entry{ID: "bank", Origins: []string{"https://bank.example", "https://login.bank.example"}}, "https://bank.example.evil.test")
	if e.Code != toolerr.CodeCredentialMismatch {
		t.Fatalf("code %s", e.Code)
	}
	for _, want := range []string{`"bank"`, "https://bank.example.evil.test", "https://bank.example, https://login.bank.example", "nothing was typed"} {
		if !strings.Contains(e.Msg, want) {
			t.Errorf("message %q lacks %q", e.Msg, want)
		}
	}
	if e := MismatchErr(vault.Entry{ID: "x"}, ""); !strings.Contains(e.Msg, "not for this page") {
		t.Errorf("no origin: %q", e.Msg)
	}
}

// TestTheOutcomesTellTheModelWhatToDo: each failure has its code, and the
// ones that prove nothing about the credential say so.
func TestTheOutcomesTellTheModelWhatToDo(t *testing.T) {
	for _, c := range []struct {
		err      interface{ Error() string }
		code     toolerr.Code
		provesNo bool
	}{
		{rejectedErr(), toolerr.CodeLoginRejected, false},
		{captchaErr(), toolerr.CodeCaptchaPending, true},
		{mfaErr(), toolerr.CodeMFARequired, true},
		{slowErr(), toolerr.CodeBudgetExceeded, true},
		{budgetErr(40 * time.Second), toolerr.CodeBudgetExceeded, true},
	} {
		msg := c.err.Error()
		if !strings.HasPrefix(msg, string(c.code)+": ") {
			t.Errorf("%q: want code %s", msg, c.code)
		}
		if strings.Contains(msg, "proves nothing about the credential") != c.provesNo {
			t.Errorf("%q: says it proves nothing = %v", msg, !c.provesNo)
		}
	}
	if msg := budgetErr(40 * time.Second).Msg; !strings.Contains(msg, "within its 40 s") {
		t.Errorf("budget: %q", msg)
	}
	if msg := mfaErr().Msg; !strings.Contains(msg, "never ask them for the code") {
		t.Errorf("mfa: %q", msg)
	}
}

// TestHelperDied: a helper that went with its document, or was not waited
// for, is told apart from one that failed.
func TestHelperDied(t *testing.T) {
	for _, err := range []error{browser.ErrWorldGone, fmt.Errorf("call: %w", browser.ErrWorldGone), context.DeadlineExceeded, context.Canceled} {
		if !helperDied(err) {
			t.Errorf("%v: not seen as a helper that died", err)
		}
	}
	if helperDied(errors.New("TypeError: x is undefined")) {
		t.Error("a helper's own failure seen as its death")
	}
}

// TestAsErrorBlamesTheBudgetOnlyWhenItRanOut.
func TestAsErrorBlamesTheBudgetOnlyWhenItRanOut(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if e := asError(ctx, errors.New("anything"), 30*time.Second); e.Code != toolerr.CodeBudgetExceeded || !strings.Contains(e.Msg, "30 s") {
		t.Errorf("after the budget: %v", e)
	}
	if e := asError(context.Background(), browser.ErrWorldGone, 30*time.Second); e == nil || e.Code == toolerr.CodeBudgetExceeded {
		t.Errorf("within the budget: %v", e)
	}
}
