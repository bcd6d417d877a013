// Package randid makes the host's random identifiers: snapshot, guard,
// session and operation ids, approval ids and the operator page's token.
// Each is crypto/rand bytes written in lowercase hex, made here alone.
package randid

import (
	"crypto/rand"
	"encoding/hex"
)

// Size is the number of random bytes in an id New makes (32 hex digits).
const Size = 16

// New returns a fresh id of Size random bytes, in hex.
func New() string { return Hex(Size) }

// Hex returns n fresh random bytes in hex (2n digits).
func Hex(n int) string {
	b := make([]byte, n)
	// crypto/rand.Read never fails: it crashes the program rather than
	// return fewer random bytes (Go 1.24 and later).
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
