package version

import (
	"strings"
	"testing"
)

func TestMajor(t *testing.T) {
	for in, want := range map[string]string{"1.4.2": "1", "v0.3.0-5-gabc": "0", "12": "12", "": ""} {
		if got := Major(in); got != want {
			t.Errorf("Major(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCompatible(t *testing.T) {
	if err := Compatible("0.2.7", "0.1.0"); err != nil {
		t.Errorf("same major refused: %v", err)
	}
	err := Compatible("1.0.0", "0.1.0")
	if err == nil || !strings.Contains(err.Error(), "version 1.0.0") || !strings.Contains(err.Error(), "diwall install") {
		t.Errorf("another major: %v, want a refusal saying the versions and the fix", err)
	}
	if err := Compatible("", "0.1.0"); err == nil {
		t.Error("an extension that gives no version was accepted")
	}
}
