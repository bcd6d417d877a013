package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/diwall/diwall/internal/atomicfile"
)

// Artifacts is the content-addressed store beside the audit log: each
// artifact is a file named by the SHA-256 of its bytes, so the same image
// is kept once however often it is recorded.
type Artifacts struct{ dir string }

// Put stores data and returns its id.
func (a *Artifacts) Put(data []byte) (string, error) {
	sum := sha256.Sum256(data)
	id := hex.EncodeToString(sum[:])
	path := filepath.Join(a.dir, id)
	if fileExists(path) {
		return id, nil
	}
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return "", fmt.Errorf("artifact: %w", err)
	}
	return id, nil
}

// Get returns the bytes of artifact id.
func (a *Artifacts) Get(id string) ([]byte, error) {
	if !validArtifactID(id) {
		return nil, fmt.Errorf("artifact: bad id %q", id)
	}
	return os.ReadFile(filepath.Join(a.dir, id))
}

// ArtifactsOf returns the artifact store of the audit folder dir.
func ArtifactsOf(dir string) *Artifacts { return &Artifacts{dir: artifactsDir(dir)} }

// validArtifactID accepts 64 lowercase hex digits.
func validArtifactID(id string) bool {
	return len(id) == 2*sha256.Size && isLowerHex(id)
}
