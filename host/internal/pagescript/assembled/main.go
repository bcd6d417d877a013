// Command assembled prints the page scripts as the host sends them, and
// the constants they share with it, as one JSON object: {"scripts":
// {name: text}, "constants": page_constants.json}. The page scripts'
// tests (test/helpers/page_scripts.js) run on what it prints, so they test
// the very text the host assembles.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/diwall/diwall/host/internal/pagescript"
)

func main() {
	scripts := map[string]string{}
	for _, s := range pagescript.All() {
		scripts[s.Name] = s.Text
	}
	out, err := json.Marshal(struct {
		Scripts   map[string]string `json:"scripts"`
		Constants json.RawMessage   `json:"constants"`
	}{scripts, pagescript.ConstantsJSON})
	if err == nil {
		_, err = os.Stdout.Write(out)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "assembled:", err)
		os.Exit(1)
	}
}
