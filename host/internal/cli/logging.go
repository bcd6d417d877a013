package cli

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/natefinch/lumberjack.v2"
)

// Log files rotate by size: past logMaxMB megabytes a file is renamed with
// a timestamp and a new one started, and only the logBackups newest old
// files are kept, so each log takes at most (logBackups+1) × logMaxMB.
const (
	logMaxMB   = 5
	logBackups = 3
)

// openLog returns a logger writing JSON lines to file (created 0600, with
// its folder), at the level DIWALL_LOG names (debug, info, warn; default
// info), rotated by size. Nothing is ever logged to stdout.
func openLog(file string) (*slog.Logger, io.Closer, error) {
	return openLogSized(file, logMaxMB, logBackups)
}

func openLogSized(file string, maxMB, backups int) (*slog.Logger, io.Closer, error) {
	if err := os.MkdirAll(filepath.Dir(file), 0o700); err != nil {
		return nil, nil, err
	}
	// Open (and create) it now, so a folder we cannot write to is an
	// error at start, not a log silently lost.
	f, err := os.OpenFile(file, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, nil, err
	}
	f.Close()
	w := &lumberjack.Logger{Filename: file, MaxSize: maxMB, MaxBackups: backups, LocalTime: true}
	level := slog.LevelInfo
	switch strings.ToLower(os.Getenv("DIWALL_LOG")) {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	}
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level})), w, nil
}
