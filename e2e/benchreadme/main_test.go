package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunWritesTheSection(t *testing.T) {
	dir := t.TempDir()
	in, readme := filepath.Join(dir, "bench.out"), filepath.Join(dir, "README.md")
	if err := os.WriteFile(in, []byte("load average at start: 1.00 0.90 0.80\ngoos: linux\nBenchmarkObserve/elements=50-2  15  1 ns/op  90.0 ms-median\nok  \tgithub.com/x\t9s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readme, []byte("# R\n\n"+begin+"\nold figures\n"+end+"\n\nafter\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, readme); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(readme)
	s := string(data)
	for _, want := range []string{"load average at start: 1.00", "BenchmarkObserve/elements=50-2", "after\n", "# R\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("README lacks %q:\n%s", want, s)
		}
	}
	for _, gone := range []string{"old figures", "goos:", "ok  "} {
		if strings.Contains(s, gone) {
			t.Errorf("README keeps %q:\n%s", gone, s)
		}
	}
	if err := os.WriteFile(readme, []byte("no section"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(in, readme); err == nil {
		t.Error("a README without the section was accepted")
	}
}
