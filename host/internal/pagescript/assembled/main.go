// Command assembled prints the page scripts as the host sends them, and
// the constants they share with it, as one JSON object: {"scripts":
// {name: text}, "constants": page_constants.json}. The page scripts'
// tests (test/helpers/page_scripts.js) run on what it prints, so they test
// the very text the host sends.
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// printed is what the command prints.
type printed struct {
	Scripts   map[string]string `json:"scripts"`
	Constants json.RawMessage   `json:"constants"`
}

func main() {
	if err := write(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "assembled:", err)
		os.Exit(1)
	}
}

// write writes the scripts and the constants to w.
func write(w io.Writer) error {
	out := printed{Scripts: map[string]string{}, Constants: pagescript.ConstantsJSON}
	for _, s := range pagescript.All() {
		out.Scripts[s.Name] = s.Text
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}
