package browser

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"strconv"
)

// tabIDs turns Chrome's small integer tab ids into opaque ids for the model,
// stable across host restarts (the key is kept in the state folder) and not
// guessable from one another.
type tabIDs struct{ key []byte }

// loadTabKey reads the key at path, creating it (0600) the first time.
func loadTabKey(path string) (tabIDs, error) {
	key, err := os.ReadFile(path)
	if err == nil && len(key) == 32 {
		return tabIDs{key}, nil
	}
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return tabIDs{}, err
	}
	key = make([]byte, 32)
	rand.Read(key)
	if err := os.WriteFile(path, key, 0o600); err != nil {
		return tabIDs{}, err
	}
	return tabIDs{key}, nil
}

func (t tabIDs) opaque(chromeID int) string {
	m := hmac.New(sha256.New, t.key)
	m.Write([]byte(strconv.Itoa(chromeID)))
	return hex.EncodeToString(m.Sum(nil)[:8])
}
