//go:build !windows

package installer

import (
	"errors"
	"testing"
)

func TestInstallWindowsWithoutRegistry(t *testing.T) {
	o, _ := windowsOptions(t)
	o.Registry = nil
	rep, err := Install(o)
	if !errors.Is(err, ErrNoRegistry) {
		t.Fatalf("err = %v, want ErrNoRegistry", err)
	}
	for _, r := range rep.Results {
		if r.Action != Failed {
			t.Errorf("%s: %s, want failed", r.Browser, r.Action)
		}
	}
}
