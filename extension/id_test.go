package extension

import "testing"

func TestIDIsPinned(t *testing.T) {
	// The ID Chromium reported for this key; host manifests and the
	// allowed origin depend on it never changing.
	if got, want := ID(), "jnkblebobpkmgfmabfliknkpdffmpgob"; got != want {
		t.Fatalf("extension ID = %s, want %s", got, want)
	}
}

func TestVersionIsTheManifests(t *testing.T) {
	if v := Version(); v == "" || v[0] < '0' || v[0] > '9' {
		t.Fatalf("Version() = %q", v)
	}
}
