package randid

import (
	"regexp"
	"testing"
)

func TestNewIsFreshLowercaseHex(t *testing.T) {
	hex := regexp.MustCompile(`^[0-9a-f]{32}$`)
	seen := map[string]bool{}
	for range 1000 {
		id := New()
		if !hex.MatchString(id) {
			t.Fatalf("id %q is not 32 lowercase hex digits", id)
		}
		if seen[id] {
			t.Fatalf("id %q made twice", id)
		}
		seen[id] = true
	}
}

func TestHexLength(t *testing.T) {
	for _, n := range []int{1, 12, 24} {
		if got := len(Hex(n)); got != 2*n {
			t.Errorf("Hex(%d) has %d digits, want %d", n, got, 2*n)
		}
	}
}
