// Package socket opens the host's local socket, which only the user can
// open: on Linux and macOS a Unix socket (its folder closed to others, the
// socket 0600; a socket file left by a host that died is detected and
// replaced), on Windows a named pipe whose security descriptor admits its
// owner alone. Callers name both by a path: Diwall's state folder and
// "diwall.sock"; on Windows PipeName maps that path to the pipe.
package socket

// MaxPathLen is the longest socket path every supported OS accepts.
const MaxPathLen = 103
