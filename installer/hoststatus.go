package installer

import (
	"net"
	"time"
)

// NoHostDetail is what DialSocket says when nothing answers on the socket.
const NoHostDetail = "no host is running (the extension starts it when Chrome runs with the extension loaded)"

// DialSocket says whether a host is listening on the Unix socket at path
// (Dirs.Socket()): it connects, waiting at most half a second, and hangs up.
// It is the default DoctorOptions.HostStatus.
func DialSocket(path string) (running bool, detail string) {
	conn, err := net.DialTimeout("unix", path, 500*time.Millisecond)
	if err != nil {
		return false, NoHostDetail
	}
	conn.Close()
	return true, "a host is listening on " + path
}
