// Package procstats reads the host process's own figures: goroutines,
// open files, resident and heap memory. The host logs them ("host
// stats"), and long runs (make bench-soak) read them from the log: it is
// how they see inside the host without any port.
package procstats

import "runtime"

// Stats are the process's figures at one moment. A figure the platform
// cannot give is -1.
type Stats struct {
	Goroutines int
	OpenFiles  int
	RSSKB      int
	HeapKB     uint64
}

// Read returns the process's figures now.
func Read() Stats {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return Stats{
		Goroutines: runtime.NumGoroutine(),
		OpenFiles:  openFiles(),
		RSSKB:      residentKB(),
		HeapKB:     m.HeapAlloc >> 10,
	}
}

// LogArgs are the figures as slog key-value pairs, under the names the
// "host stats" records use.
func (s Stats) LogArgs() []any {
	return []any{"goroutines", s.Goroutines, "open_files", s.OpenFiles, "rss_kb", s.RSSKB, "heap_kb", s.HeapKB}
}
