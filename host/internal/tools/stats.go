package tools

import (
	"runtime"
)

// statsEvery is how many tool calls pass between two "host stats" records
// in the host's log.
const statsEvery = 100

// countCall counts one finished tool call, and logs the host's figures
// after every statsEvery of them.
func (s *Server) countCall() {
	if n := s.calls.Add(1); n%statsEvery == 0 {
		s.logStats("calls", n)
	}
}

// logStats writes a "host stats" record: goroutines, open files, resident
// and heap memory. Long runs (make bench-soak) read it from the log: it is
// how they see inside the host without any port. Figures the platform
// cannot give are -1.
func (s *Server) logStats(args ...any) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	s.log.Info("host stats", append(args,
		"goroutines", runtime.NumGoroutine(),
		"open_files", openFiles(),
		"rss_kb", residentKB(),
		"heap_kb", m.HeapAlloc>>10,
	)...)
}
