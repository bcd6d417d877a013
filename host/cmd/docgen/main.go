// Command docgen writes docs/tools.md from the tools' MCP definitions,
// what a model reads in tools/list, with the notes for people in
// host/cmd/docgen/tools_notes.md: one section per tool, and the sections
// after them. Its test fails when docs/tools.md is not what it would
// write, and checks the other pages of docs/ (links, a troubleshooting
// entry for every error code and doctor finding). It is what `make docs`
// runs.
//
//	go run ./host/cmd/docgen
package main

import (
	_ "embed"
	"fmt"
	"os"
)

//go:embed tools_notes.md
var notes string

// toolsPage is where the page goes, from the repository's root.
const toolsPage = "docs/tools.md"

func main() {
	page, err := renderTools(notes)
	if err == nil {
		err = os.WriteFile(toolsPage, page, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	fmt.Println(toolsPage)
}
