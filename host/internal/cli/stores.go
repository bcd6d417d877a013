package cli

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
)

// openVault opens the vault; DIWALL_VAULT=file or keyring chooses where new
// credentials go.
func openVault(dir, keyFile string) (*vault.Vault, error) {
	return vault.Open(vault.Options{Dir: dir, KeyFile: keyFile, Store: os.Getenv("DIWALL_VAULT")})
}

// vaultOf opens the vault of Diwall's folders.
func vaultOf(d paths.Dirs) (*vault.Vault, error) { return openVault(d.VaultDir(), d.VaultKey()) }

// openAudit opens the audit log and, in the background, applies the
// default retention to it.
func openAudit(dir string, log *slog.Logger) (*audit.Log, error) {
	l, err := audit.Open(dir)
	if err != nil {
		return nil, err
	}
	go func() {
		p, err := audit.Prune(dir, audit.DefaultRetention, time.Now())
		if err != nil {
			log.Warn("audit retention", "err", err)
		} else if p.Sessions > 0 || p.Artifacts > 0 {
			log.Info("audit retention", "sessions_removed", p.Sessions, "artifacts_removed", p.Artifacts, "bytes", p.Bytes)
		}
	}()
	return l, nil
}

// vaultCheck says where the vault keeps secrets, and what it holds.
func vaultCheck(d paths.Dirs) installer.Check {
	c := installer.Check{Name: "vault"}
	v, err := vaultOf(d)
	if err != nil {
		c.Detail, c.Fix = err.Error(), "unset DIWALL_VAULT, or set it to file or keyring"
		return c
	}
	entries, err := v.List()
	if err != nil {
		c.Detail, c.Fix = err.Error(), "check "+d.VaultDir()
		return c
	}
	store, why := v.NewStore()
	where := "the OS keyring"
	if store == vault.StoreFile {
		where = "an encrypted file, " + filepath.Join(d.VaultDir(), "secrets.enc") + ", whose key is " + d.VaultKey()
	}
	c.OK = true
	c.Detail = fmt.Sprintf("%d credential(s); new secrets go to %s (%s)", len(entries), where, why)
	return c
}

// auditCheck says where the audit log is and how big.
func auditCheck(d paths.Dirs) installer.Check {
	list, err := audit.List(d.AuditDir())
	if err != nil {
		return installer.Check{Name: "audit log", Detail: err.Error(), Fix: "check " + d.AuditDir()}
	}
	return installer.Check{Name: "audit log", OK: true, Detail: fmt.Sprintf("%d session(s) in %s", len(list), d.AuditDir())}
}
