package installer

import "github.com/diwall/diwall/internal/socket"

// NoHostDetail is what DialSocket says when nothing answers on the socket.
const NoHostDetail = "no host is running (the extension starts it when Chrome runs with the extension loaded)"

// DialSocket says whether a host is listening on the socket at path
// (Dirs.Socket(); a named pipe on Windows): it connects, and hangs up.
// It is the default DoctorOptions.HostStatus.
func DialSocket(path string) (running bool, detail string) {
	if !socket.Alive(path) {
		return false, NoHostDetail
	}
	return true, "a host is listening on " + path
}
