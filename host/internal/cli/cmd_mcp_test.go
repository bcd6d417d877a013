package cli

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
)

// TestBrowserGone: the message of a launched browser that died too often
// says how often, Chromium's reason, and that calling again will not help.
func TestBrowserGone(t *testing.T) {
	msg := browserGone(&launch.GaveUpError{Deaths: 3, Last: &launch.ExitError{Status: "signal: aborted", Reason: "FATAL: Socket path too long"}})
	for _, want := range []string{"exited 3 times within", "FATAL: Socket path too long", "Do not call again"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
}

// TestRefusedExtension: no_browser says the host refused the extension
// for its version while that refusal is on record, and nothing after.
func TestRefusedExtension(t *testing.T) {
	state := t.TempDir()
	why := refusedExtension(state)
	if got := why(); got != "" {
		t.Fatalf("no refusal on record: %q", got)
	}
	if err := hoststatus.Refuse(state, hoststatus.Refusal{Message: "the extension 0.1.0 is older than this host needs (0.2.0); update it"}); err != nil {
		t.Fatal(err)
	}
	if got := why(); got != "Diwall's host refused the browser's extension: the extension 0.1.0 is older than this host needs (0.2.0); update it." {
		t.Errorf("with a refusal: %q", got)
	}
	hoststatus.ClearRefusal(state)
	if got := why(); got != "" {
		t.Errorf("after the refusal was cleared: %q", got)
	}
}

// TestPermittedCredentials: the instructions name the vault's entries the
// profile lists, and only those; a listed id the vault lacks is left out.
func TestPermittedCredentials(t *testing.T) {
	t.Setenv("DIWALL_HOME", t.TempDir())
	t.Setenv("DIWALL_VAULT", "file")
	for _, id := range []string{"bank", "mail"} {
		if code, _, errOut := runIn("pw-"+id+"\n", "vault", "add", id, "--origin", "https://"+id+".example", "--password-stdin"); code != 0 {
			t.Fatalf("vault add %s: %s", id, errOut)
		}
	}
	log := slog.New(slog.DiscardHandler)
	dirs := paths.Default()
	if got := permittedCredentials(dirs, policy.Profile{Name: "p"}, log); got != nil {
		t.Errorf("a profile with no credentials: %v", got)
	}
	got := permittedCredentials(dirs, policy.Profile{Name: "p", Credentials: []string{"bank", "shop"}}, log)
	if len(got) != 1 || got[0].ID != "bank" || len(got[0].Origins) != 1 || got[0].Origins[0] != "https://bank.example" {
		t.Errorf("bank and shop listed, bank and mail held: %+v", got)
	}
	for _, e := range got {
		if strings.Contains(fmt.Sprintf("%+v", e), "pw-bank") {
			t.Errorf("an entry for the instructions carries its secret: %+v", e)
		}
	}
}
