package socket

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// PipeName is the Windows named pipe that stands for the socket path p:
// \\.\pipe\diwall-<16 hex digits of its SHA-256>. The same folder, in any
// letter case, gives the same pipe (Windows paths ignore case), and two
// DIWALL_HOMEs give two pipes.
func PipeName(p string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(p)))
	return `\\.\pipe\diwall-` + hex.EncodeToString(sum[:8])
}

// OwnerOnlySDDL is the security descriptor of the host's pipe, in SDDL: a
// protected DACL (nothing inherited) with one entry, full access for the
// user whose SID is given; everyone else, administrators and SYSTEM
// included, is refused by the pipe itself.
func OwnerOnlySDDL(sid string) string {
	return "O:" + sid + "D:P(A;;GA;;;" + sid + ")"
}
