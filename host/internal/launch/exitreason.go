package launch

import (
	"bytes"
	"os"
	"strings"
	"sync"
)

// tailBuffer keeps the last max bytes written to it: the end of the
// browser's stderr, where Chromium says why it stopped.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// ExitError says how and why the launched browser ended.
type ExitError struct {
	// Status is the process's exit status ("exit status 1", "signal:
	// aborted").
	Status string
	// Reason is Chromium's own explanation from its stderr (its FATAL
	// line), or "" when it gave none.
	Reason string
	// Log is the file holding the browser's whole output.
	Log string
}

func (e *ExitError) Error() string {
	msg := "the browser exited (" + e.Status + ")"
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Log != "" {
		msg += "; its output is in " + e.Log
	}
	return msg
}

// exitStatus describes how a process ended: its state once Wait returned
// ("exit status 1", "signal: aborted"), or Wait's error.
func exitStatus(state *os.ProcessState, waitErr error) string {
	if state != nil {
		return state.String()
	}
	if waitErr != nil {
		return waitErr.Error()
	}
	return "ended"
}

// exitReason picks Chromium's explanation out of the end of its stderr:
// the first FATAL line (Chromium logs
// "[pid:tid:time:FATAL:file.cc(line)] message"), without its prefix. The
// many ERROR lines a healthy Chromium prints (D-Bus, GPU, crashpad) are
// not reasons.
func exitReason(stderr string) string {
	for _, line := range strings.Split(stderr, "\n") {
		if !strings.Contains(line, ":FATAL:") {
			continue
		}
		if _, msg, ok := strings.Cut(line, "] "); ok {
			line = msg
		}
		return strings.TrimSpace(string(bytes.ToValidUTF8([]byte(line), []byte("?"))))
	}
	return ""
}

// exitError builds the ExitError of a browser that ended.
func exitError(state *os.ProcessState, waitErr error, tail *tailBuffer, logPath string) *ExitError {
	return &ExitError{Status: exitStatus(state, waitErr), Reason: exitReason(tail.String()), Log: logPath}
}
