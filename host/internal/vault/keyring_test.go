package vault

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/zalando/go-keyring"
)

// keyringVault is a vault whose new credentials go to the OS keyring,
// played by go-keyring's own in-memory store (a real Secret Service needs
// a D-Bus session these machines do not have).
func keyringVault(t *testing.T) (*Vault, string) {
	t.Helper()
	keyring.MockInit()
	return newVault(t, StoreKeyring)
}

// TestKeyringVaultRoundTrip: a credential in the keyring is one entry of
// Diwall's service, read back whole, replaced in place and removed; the
// vault's folder holds its id and origins, never its secret.
func TestKeyringVaultRoundTrip(t *testing.T) {
	v, home := keyringVault(t)
	e, _, err := v.Add("mail", []string{"https://mail.example"}, Secret{Username: "alice", Password: planted})
	if err != nil || e.Store != StoreKeyring {
		t.Fatalf("add: %+v %v", e, err)
	}
	if s, err := v.Secret("mail"); err != nil || s != (Secret{Username: "alice", Password: planted}) {
		t.Fatalf("secret: %+v %v", s, err)
	}
	if raw, err := keyring.Get(keyringService, "mail"); err != nil || !bytes.Contains([]byte(raw), []byte(planted)) {
		t.Fatalf("the keyring entry of mail: %q %v", raw, err)
	}
	if _, replaced, err := v.Add("mail", []string{"https://mail.example"}, Secret{Username: "alice", Password: "new-" + planted}); err != nil || !replaced {
		t.Fatalf("replace: %v %v", replaced, err)
	}
	if s, _ := v.Secret("mail"); s.Password != "new-"+planted {
		t.Fatalf("after replace: %+v", s)
	}
	_ = filepath.Walk(home, func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			if data, _ := os.ReadFile(path); bytes.Contains(data, []byte(planted)) {
				t.Errorf("%s holds the secret", path)
			}
		}
		return err
	})
	if err := v.Remove("mail"); err != nil {
		t.Fatal(err)
	}
	if _, err := keyring.Get(keyringService, "mail"); !errors.Is(err, keyring.ErrNotFound) {
		t.Errorf("the keyring entry outlived Remove: %v", err)
	}
	if _, err := v.Secret("mail"); !errors.Is(err, ErrUnknown) {
		t.Errorf("a removed credential: %v", err)
	}
}

// TestKeyringEntryGoneOrForeign: an entry the index lists but the keyring
// lost is unknown, one that is not Diwall's JSON is refused without its
// text, and Remove still clears an index entry whose secret is gone.
func TestKeyringEntryGoneOrForeign(t *testing.T) {
	v, _ := keyringVault(t)
	if _, _, err := v.Add("gone", []string{"https://a.example"}, Secret{Username: "a", Password: "pw"}); err != nil {
		t.Fatal(err)
	}
	if err := keyring.Delete(keyringService, "gone"); err != nil {
		t.Fatal(err)
	}
	if _, err := v.Secret("gone"); !errors.Is(err, ErrUnknown) {
		t.Errorf("lost from the keyring: %v", err)
	}
	if err := v.Remove("gone"); err != nil {
		t.Errorf("removing an entry whose secret is gone: %v", err)
	}
	if list, _ := v.List(); len(list) != 0 {
		t.Errorf("index after remove: %+v", list)
	}

	if _, _, err := v.Add("foreign", []string{"https://b.example"}, Secret{Username: "b", Password: "pw"}); err != nil {
		t.Fatal(err)
	}
	if err := keyring.Set(keyringService, "foreign", "not json "+planted); err != nil {
		t.Fatal(err)
	}
	_, err := v.Secret("foreign")
	if err == nil || bytes.Contains([]byte(err.Error()), []byte(planted)) {
		t.Errorf("a foreign entry: %v", err)
	}
}

// TestKeyringFailureLosesNothing: a keyring that refuses to store leaves
// the index as it was, and says which store failed.
func TestKeyringFailureLosesNothing(t *testing.T) {
	v, _ := keyringVault(t)
	if _, _, err := v.Add("kept", []string{"https://a.example"}, Secret{Username: "a", Password: "pw"}); err != nil {
		t.Fatal(err)
	}
	keyring.MockInitWithError(errors.New("the keyring is locked"))
	t.Cleanup(keyring.MockInit)
	_, _, err := v.Add("new", []string{"https://b.example"}, Secret{Username: "b", Password: "pw"})
	if err == nil || !bytes.Contains([]byte(err.Error()), []byte("keyring store")) {
		t.Fatalf("add to a locked keyring: %v", err)
	}
	if list, _ := v.List(); len(list) != 1 || list[0].ID != "kept" {
		t.Errorf("the index after a failed add: %+v", list)
	}
	if err := v.Remove("kept"); err == nil {
		t.Error("remove from a locked keyring said it was done")
	}
	if list, _ := v.List(); len(list) != 1 {
		t.Errorf("the index after a failed remove: %+v", list)
	}
}
