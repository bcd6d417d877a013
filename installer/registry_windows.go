package installer

import (
	"errors"
	"io/fs"

	"golang.org/x/sys/windows/registry"
)

// CurrentUserRegistry returns the registry of HKEY_CURRENT_USER. Its Software
// branch is shared by 32- and 64-bit programs, so no registry view is chosen.
func CurrentUserRegistry() Registry { return currentUser{} }

type currentUser struct{}

func (currentUser) SetDefault(key, value string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, key, registry.SET_VALUE)
	if err != nil {
		return err
	}
	defer k.Close()
	return k.SetStringValue("", value)
}

func (currentUser) Default(key string) (string, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.QUERY_VALUE)
	if err != nil {
		return "", notExist(err)
	}
	defer k.Close()
	v, _, err := k.GetStringValue("")
	return v, notExist(err)
}

func (currentUser) DeleteKey(key string) error {
	if err := registry.DeleteKey(registry.CURRENT_USER, key); err != nil &&
		!errors.Is(err, registry.ErrNotExist) {
		return err
	}
	return nil
}

// notExist turns the registry's "not found" into fs.ErrNotExist.
func notExist(err error) error {
	if errors.Is(err, registry.ErrNotExist) {
		return fs.ErrNotExist
	}
	return err
}
