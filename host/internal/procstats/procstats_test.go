package procstats

import (
	"os"
	"runtime"
	"testing"
)

// TestReadIsTheProcesss: the figures move with the process: a goroutine
// more, a file more open.
func TestReadIsTheProcesss(t *testing.T) {
	before := Read()
	if before.Goroutines < 1 || before.HeapKB < 1 {
		t.Fatalf("figures: %+v", before)
	}
	if runtime.GOOS != "linux" {
		if before.OpenFiles != -1 || before.RSSKB != -1 {
			t.Fatalf("figures this platform cannot give are not -1: %+v", before)
		}
		return
	}
	if before.OpenFiles < 3 || before.RSSKB < 1000 {
		t.Fatalf("open files %d, rss %d kB: not the process's", before.OpenFiles, before.RSSKB)
	}
	f, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stop := make(chan struct{})
	defer close(stop)
	go func() { <-stop }()
	after := Read()
	if after.OpenFiles != before.OpenFiles+1 || after.Goroutines < before.Goroutines+1 {
		t.Errorf("after a file opened and a goroutine started: %+v, before %+v", after, before)
	}
}

func TestLogArgsNamesEveryFigure(t *testing.T) {
	args := Stats{Goroutines: 1, OpenFiles: 2, RSSKB: 3, HeapKB: 4}.LogArgs()
	want := []any{"goroutines", 1, "open_files", 2, "rss_kb", 3, "heap_kb", uint64(4)}
	if len(args) != len(want) {
		t.Fatalf("%v", args)
	}
	for i := range want {
		if args[i] != want[i] {
			t.Errorf("args[%d] = %v, want %v", i, args[i], want[i])
		}
	}
}
