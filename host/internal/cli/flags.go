package cli

import (
	"flag"
	"strings"
)

// parseInterleaved parses flags that may come before or after the
// positional arguments (diwall vault add ID --origin ...), and returns the
// positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if rest[0] == "--" || !strings.HasPrefix(rest[0], "-") {
			positional = append(positional, rest[0])
			args = rest[1:]
			continue
		}
		args = rest
	}
}
