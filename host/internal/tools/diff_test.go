package tools

import (
	"strings"

	"github.com/google/go-cmp/cmp"
)

// lineDiff is a readable line diff of two texts ("" when equal): the lines
// only in want as -, the lines only in got as +.
func lineDiff(want, got string) string {
	return cmp.Diff(strings.Split(want, "\n"), strings.Split(got, "\n"))
}
