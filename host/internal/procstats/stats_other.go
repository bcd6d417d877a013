//go:build !linux

package procstats

// openFiles is unknown here.
func openFiles() int { return -1 }

// residentKB is unknown here.
func residentKB() int { return -1 }
