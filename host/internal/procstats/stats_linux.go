package procstats

import (
	"os"
	"strconv"
	"strings"
)

// openFiles counts the process's open file descriptors.
func openFiles() int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(fds) - 1 // the directory being read is one of them
}

// residentKB is the process's resident memory.
func residentKB() int {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err == nil {
				return kb
			}
		}
	}
	return -1
}
