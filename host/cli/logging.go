package cli

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
)

// openLog returns a logger writing JSON lines to file (created 0600, with
// its folder), at the level DIWALL_LOG names (debug, info, warn; default
// info). Nothing is ever logged to stdout.
func openLog(file string) (*slog.Logger, io.Closer, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, err
	}
	level := slog.LevelInfo
	switch strings.ToLower(os.Getenv("DIWALL_LOG")) {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	}
	return slog.New(slog.NewJSONHandler(f, &slog.HandlerOptions{Level: level})), f, nil
}
