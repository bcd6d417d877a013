package cli

import (
	"encoding/json"
	"fmt"
)

// printJSON prints v as indented JSON on stdout, for the commands' --json;
// it returns the exit code.
func printJSON(stdio Stdio, v any) int {
	enc := json.NewEncoder(stdio.Out)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(stdio.Err, "diwall:", err)
		return 1
	}
	return 0
}
