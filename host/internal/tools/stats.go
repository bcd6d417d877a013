package tools

import "github.com/diwall/diwall/host/internal/procstats"

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

// logStats writes a "host stats" record with the process's figures
// (procstats), after args.
func (s *Server) logStats(args ...any) {
	s.log.Info("host stats", append(args, procstats.Read().LogArgs()...)...)
}
