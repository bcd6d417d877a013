package vault

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// fileStore keeps secrets in one file encrypted with AES-256-GCM: a random
// nonce, then the sealed JSON of every secret by id. The key is a random 32
// bytes in a file of its own, made on first use.
type fileStore struct {
	path, keyPath string
}

// aad binds the ciphertext to its purpose.
var aad = []byte("diwall vault v1")

func (f *fileStore) key(create bool) ([]byte, error) {
	key, err := os.ReadFile(f.keyPath)
	if errors.Is(err, os.ErrNotExist) && create {
		key = make([]byte, 32)
		rand.Read(key)
		if err := os.MkdirAll(filepath.Dir(f.keyPath), 0o700); err != nil {
			return nil, err
		}
		// O_EXCL: two processes creating the key at once cannot each
		// encrypt under a key of their own.
		kf, err := os.OpenFile(f.keyPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, os.ErrExist) {
			return f.key(false)
		}
		if err != nil {
			return nil, err
		}
		_, err = kf.Write(key)
		if cerr := kf.Close(); err == nil {
			err = cerr
		}
		return key, err
	}
	if err != nil {
		return nil, fmt.Errorf("the vault key %s: %w", f.keyPath, err)
	}
	if len(key) != 32 {
		return nil, fmt.Errorf("the vault key %s is damaged (%d bytes, want 32)", f.keyPath, len(key))
	}
	return key, nil
}

func (f *fileStore) gcm(create bool) (cipher.AEAD, error) {
	key, err := f.key(create)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}

func (f *fileStore) load(create bool) (map[string]Secret, cipher.AEAD, error) {
	all := map[string]Secret{}
	sealed, err := os.ReadFile(f.path)
	if errors.Is(err, os.ErrNotExist) {
		if !create {
			return all, nil, nil
		}
		g, err := f.gcm(true)
		return all, g, err
	}
	if err != nil {
		return nil, nil, err
	}
	g, err := f.gcm(false)
	if err != nil {
		return nil, nil, err
	}
	if len(sealed) < g.NonceSize() {
		return nil, nil, fmt.Errorf("%s is damaged", f.path)
	}
	plain, err := g.Open(nil, sealed[:g.NonceSize()], sealed[g.NonceSize():], aad)
	if err != nil {
		return nil, nil, fmt.Errorf("%s cannot be decrypted with %s (damaged, or not the same key)", f.path, f.keyPath)
	}
	if err := json.Unmarshal(plain, &all); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", f.path, err)
	}
	return all, g, nil
}

func (f *fileStore) save(all map[string]Secret, g cipher.AEAD) error {
	plain, err := json.Marshal(all)
	if err != nil {
		return err
	}
	nonce := make([]byte, g.NonceSize())
	rand.Read(nonce)
	return writeFileAtomic(f.path, g.Seal(nonce, nonce, plain, aad))
}

func (f *fileStore) get(id string) (Secret, error) {
	all, _, err := f.load(false)
	if err != nil {
		return Secret{}, err
	}
	s, ok := all[id]
	if !ok {
		return Secret{}, ErrUnknown
	}
	return s, nil
}

func (f *fileStore) set(id string, s Secret) error {
	all, g, err := f.load(true)
	if err != nil {
		return err
	}
	all[id] = s
	return f.save(all, g)
}

func (f *fileStore) remove(id string) error {
	all, g, err := f.load(false)
	if err != nil {
		return err
	}
	if _, ok := all[id]; !ok {
		return ErrUnknown
	}
	delete(all, id)
	return f.save(all, g)
}
