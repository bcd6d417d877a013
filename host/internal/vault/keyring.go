package vault

import (
	"encoding/json"
	"errors"
	"os"
	"runtime"

	"github.com/zalando/go-keyring"
)

// keyringService names Diwall's entries in the OS keyring; each entry's
// account is the credential id.
const keyringService = "diwall"

// keyringStore keeps each secret as one OS keyring entry.
type keyringStore struct{}

func (keyringStore) get(id string) (Secret, error) {
	data, err := keyring.Get(keyringService, id)
	if errors.Is(err, keyring.ErrNotFound) {
		return Secret{}, ErrUnknown
	}
	if err != nil {
		return Secret{}, err
	}
	var s Secret
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		return Secret{}, errors.New("the keyring entry is not Diwall's")
	}
	return s, nil
}

func (keyringStore) set(id string, s Secret) error {
	data, err := json.Marshal(s)
	if err != nil {
		return err
	}
	return keyring.Set(keyringService, id, string(data))
}

func (keyringStore) remove(id string) error {
	err := keyring.Delete(keyringService, id)
	if errors.Is(err, keyring.ErrNotFound) {
		return ErrUnknown
	}
	return err
}

// keyringAvailable reports whether the OS keyring answers, and says which
// store that makes the choice and why. On Linux the Secret Service is asked
// only over a session bus that exists: without one, go-keyring would try to
// start a bus of its own.
func keyringAvailable() (bool, string) {
	if runtime.GOOS == "linux" || runtime.GOOS == "freebsd" || runtime.GOOS == "openbsd" {
		if os.Getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
			return false, "no D-Bus session, so no Secret Service keyring"
		}
	}
	_, err := keyring.Get(keyringService, "diwall-probe")
	if err == nil || errors.Is(err, keyring.ErrNotFound) {
		return true, keyringName() + " answers"
	}
	return false, keyringName() + " did not answer (" + err.Error() + ")"
}

// keyringName names the OS keyring for people.
func keyringName() string {
	switch runtime.GOOS {
	case "darwin":
		return "the macOS Keychain"
	case "windows":
		return "the Windows Credential Manager"
	}
	return "the Secret Service keyring"
}
