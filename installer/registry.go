package installer

import "errors"

// ErrNoRegistry is what the registry of a non-Windows build answers.
var ErrNoRegistry = errors.New("installer: the Windows registry exists only on Windows")

// Registry is the part of HKEY_CURRENT_USER the installer uses on Windows.
// Keys are paths below HKEY_CURRENT_USER, such as
// `Software\Google\Chrome\NativeMessagingHosts\com.diwall.host`.
// CurrentUserRegistry is the real one; tests use a map.
type Registry interface {
	// SetDefault creates key if needed and sets its default value to a
	// string (REG_SZ).
	SetDefault(key, value string) error
	// Default returns the key's default value, or an error matching
	// fs.ErrNotExist when the key or its default value is missing.
	Default(key string) (string, error)
	// DeleteKey removes key, which has no subkeys; a missing key is no error.
	DeleteKey(key string) error
}
