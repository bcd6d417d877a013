package extension

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync"
)

// StoreID is the ID the Chrome Web Store gives Diwall's extension, whose
// manifest carries no pinned key there; "" until the extension is listed.
// Once set, install and the host accept it beside ID without being told
// (`diwall install --extension-id` tells them of any other).
const StoreID = ""

// KnownIDs are the extension IDs that may start the host without being
// told: the pinned one, and the store's once it is listed.
func KnownIDs() []string {
	if StoreID == "" {
		return []string{ID()}
	}
	return []string{ID(), StoreID}
}

var idOnce = sync.OnceValues(func() (string, error) {
	data, err := Files.ReadFile("manifest.json")
	if err != nil {
		return "", err
	}
	var m struct {
		Key string `json:"key"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return "", fmt.Errorf("manifest.json: %w", err)
	}
	return IDFromKey(m.Key)
})

// ID returns the extension's fixed ID, derived from the "key" pinned in its
// manifest.
func ID() string {
	id, err := idOnce()
	if err != nil {
		panic("extension manifest: " + err.Error())
	}
	return id
}

// IDFromKey computes a Chrome extension ID from a manifest "key" (base64 of
// the DER public key): the first 32 hex digits of its SHA-256, with 0-9a-f
// written as a-p.
func IDFromKey(key string) (string, error) {
	der, err := base64.StdEncoding.DecodeString(key)
	if err != nil || len(der) == 0 {
		return "", fmt.Errorf("manifest key is not base64 DER: %w", err)
	}
	sum := sha256.Sum256(der)
	id := make([]byte, 32)
	for i := 0; i < 16; i++ {
		id[2*i] = 'a' + sum[i]>>4
		id[2*i+1] = 'a' + sum[i]&0xf
	}
	return string(id), nil
}
