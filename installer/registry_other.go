//go:build !windows

package installer

// CurrentUserRegistry returns a registry whose every call fails with
// ErrNoRegistry: outside Windows there is none.
func CurrentUserRegistry() Registry { return noRegistry{} }

type noRegistry struct{}

func (noRegistry) SetDefault(string, string) error { return ErrNoRegistry }
func (noRegistry) Default(string) (string, error)  { return "", ErrNoRegistry }
func (noRegistry) DeleteKey(string) error          { return ErrNoRegistry }
