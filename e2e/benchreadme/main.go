// Command benchreadme writes the figures that `make bench` and `make
// bench-peers` printed into docs/performance.md's speed section, between the lines
// <!-- bench-readme:begin --> and <!-- bench-readme:end -->, with the date
// and the commit they were measured at. `make bench-readme` runs it.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

const (
	begin = "<!-- bench-readme:begin -->"
	end   = "<!-- bench-readme:end -->"
)

// noise are the prefixes of lines the tools around the benchmarks print.
var noise = []string{"goos:", "goarch:", "pkg:", "cpu:", "ok ", "ok\t", "PASS", "FAIL", "make", "cd ", "DIWALL_", "npm",
	"added ", "up to date", "found ", "go test", "go build", "rm ", "{ ", "kept DIWALL_HOME", "---", "==="}

func main() {
	in := flag.String("in", "bench.out", "what the benchmarks printed")
	readme := flag.String("readme", "docs/performance.md", "the page to write the figures into")
	flag.Parse()
	if err := run(*in, *readme); err != nil {
		fmt.Fprintln(os.Stderr, "benchreadme:", err)
		os.Exit(1)
	}
}

func run(in, readme string) error {
	out, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	figures := keep(out)
	if len(figures) == 0 {
		return fmt.Errorf("%s holds no figures", in)
	}
	doc, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	i, j := bytes.Index(doc, []byte(begin)), bytes.Index(doc, []byte(end))
	if i < 0 || j < i {
		return fmt.Errorf("%s has no %s … %s section", readme, begin, end)
	}
	commit, _ := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	var b bytes.Buffer
	b.Write(doc[:i+len(begin)])
	fmt.Fprintf(&b, "\n`make bench-readme`, %s, commit %s:\n\n```text\n%s\n```\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), strings.TrimSpace(string(commit)), strings.Join(figures, "\n"))
	b.Write(doc[j:])
	return os.WriteFile(readme, b.Bytes(), 0o644)
}

// keep returns the lines the benchmarks printed, without the tools' own.
func keep(out []byte) []string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
next:
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), " \t")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "{\"time\"") {
			continue
		}
		for _, p := range noise {
			if strings.HasPrefix(line, p) {
				continue next
			}
		}
		lines = append(lines, line)
	}
	return lines
}
