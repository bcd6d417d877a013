package paths

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
)

// shortSocket is the socket of a state folder too deep for a Unix socket
// path: /tmp/diwall-<uid>/<hash of the state folder>.sock (/tmp whatever
// TMPDIR says, since the host and `diwall mcp` may see different ones). The folder is
// the user's alone (socket.Listen refuses one that another user owns or
// may write to), and the hash keeps two DIWALL_HOMEs apart. On Windows the
// socket package turns any path into a named pipe, so length is no matter.
func shortSocket(state string) string {
	sum := sha256.Sum256([]byte(filepath.Clean(state)))
	name := hex.EncodeToString(sum[:8]) + ".sock"
	if runtime.GOOS == "windows" {
		return filepath.Join(state, name)
	}
	return filepath.Join("/tmp", "diwall-"+strconv.Itoa(os.Getuid()), name)
}
