package installer

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/diwall/diwall/internal/atomicfile"

	"github.com/diwall/diwall/internal/paths"
)

// DefaultExtensionID is the fixed ID of Diwall's extension (its manifest pins
// the key the ID is derived from).
const DefaultExtensionID = "jnkblebobpkmgfmabfliknkpdffmpgob"

// ManifestFileName is the name browsers look for: the host name plus ".json".
const ManifestFileName = paths.HostName + ".json"

// Description is the description field of Diwall's host manifest.
const Description = "Diwall: lets an AI model see and act in this browser, safely"

var (
	// ErrRelativeBinary is returned for a relative host path: browsers on Linux and macOS start a host only from an
	// absolute path, so the installer writes no other kind.
	ErrRelativeBinary = errors.New("installer: the host binary path must be absolute")
	// ErrBadExtensionID is returned for what is not an extension ID, which is 32 letters from a to p.
	ErrBadExtensionID = errors.New("installer: not an extension ID")
	// ErrUnknownBrowser is returned when Options.Browsers named a browser the installer does not know.
	ErrUnknownBrowser = errors.New("installer: unknown browser")
	// ErrNotManifest is returned when a file is not valid manifest JSON.
	ErrNotManifest = errors.New("installer: not a host manifest")
)

// Manifest is a native-messaging host manifest, as the browsers read it.
type Manifest struct {
	Name           string   `json:"name"`
	Description    string   `json:"description"`
	Path           string   `json:"path"`
	Type           string   `json:"type"`
	AllowedOrigins []string `json:"allowed_origins"`
}

// NewManifest returns Diwall's host manifest: the browser may start
// binaryPath (absolute) for the extension extensionID ("" means
// DefaultExtensionID) and the extensions more names (the Chrome Web
// Store's copy, whose ID the store gives it), and no other.
func NewManifest(binaryPath, extensionID string, more ...string) (Manifest, error) {
	if !filepath.IsAbs(binaryPath) {
		return Manifest{}, fmt.Errorf("%w: %q", ErrRelativeBinary, binaryPath)
	}
	if extensionID == "" {
		extensionID = DefaultExtensionID
	}
	var origins []string
	for _, id := range append([]string{extensionID}, more...) {
		if !validExtensionID(id) {
			return Manifest{}, fmt.Errorf("%w: %q", ErrBadExtensionID, id)
		}
		if o := ExtensionOrigin(id); !slices.Contains(origins, o) {
			origins = append(origins, o)
		}
	}
	return Manifest{
		Name:           paths.HostName,
		Description:    Description,
		Path:           binaryPath,
		Type:           "stdio",
		AllowedOrigins: origins,
	}, nil
}

// ExtensionOrigin is the origin a browser gives an extension's pages and
// passes to the host: "chrome-extension://ID/".
func ExtensionOrigin(extensionID string) string {
	return "chrome-extension://" + extensionID + "/"
}

// Allows reports whether the manifest lets the extension extensionID connect.
func (m Manifest) Allows(extensionID string) bool {
	return slices.Contains(m.AllowedOrigins, ExtensionOrigin(extensionID))
}

// IsDiwall reports whether the manifest is Diwall's, by its name field.
func (m Manifest) IsDiwall() bool { return m.Name == paths.HostName }

// JSON is the manifest as written to disk: indented, ending in a newline.
func (m Manifest) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// WriteManifest writes Diwall's host manifest for binaryPath and extensionID
// ("" means DefaultExtensionID) and the extensions more names to
// dir/com.diwall.host.json and returns that
// path. It creates dir (mode 0700) when missing and replaces the file
// atomically, so a browser never reads half a manifest; the file's mode is
// 0644. Both `diwall install` and `diwall mcp --launch` (with dir
// PROFILE_DIR/NativeMessagingHosts) use it.
func WriteManifest(dir, binaryPath, extensionID string, more ...string) (string, error) {
	m, err := NewManifest(binaryPath, extensionID, more...)
	if err != nil {
		return "", err
	}
	data, err := m.JSON()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("write manifest: %w", err)
	}
	dest := filepath.Join(dir, ManifestFileName)
	if err := atomicfile.Write(dest, data, 0o644); err != nil {
		return "", fmt.Errorf("write manifest: %w", err)
	}
	return dest, nil
}

// ReadManifest reads and parses a host manifest file. A file that is not
// manifest JSON gives an error matching ErrNotManifest.
func ReadManifest(file string) (Manifest, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return Manifest{}, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return Manifest{}, fmt.Errorf("%w: %s: %v", ErrNotManifest, file, err) //nolint:errorlint // not a manifest is the cause; a missing file is not to be read as "not installed"
	}
	return m, nil
}

func validExtensionID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if c < 'a' || c > 'p' {
			return false
		}
	}
	return true
}
