// Command bundle writes the page scripts that are ES modules as the host
// sends them. The serializer, the capture guard and act's and login's
// helpers are written as modules in pagescript's js/, which import the
// helpers they share (labels.js, sensitive.js, roles.js, accname.js) and
// page_constants.json; esbuild bundles each entry, minified, into one
// function expression, written to pagescript's bundled/ and checked in,
// so that building the host needs no JavaScript tool. Run it after
// changing a module:
//
//	go generate ./host/internal/pagescript   (or make docs)
//
// Its test fails when a bundle checked in is not what it would write.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	dir := flag.String("dir", ".", "pagescript's folder (holding js/ and bundled/)")
	flag.Parse()
	if err := write(*dir); err != nil {
		fmt.Fprintln(os.Stderr, "bundle:", err)
		os.Exit(1)
	}
}

// write bundles the entries of dir's js/ into dir's bundled/.
func write(dir string) error {
	bundles, err := build(dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "bundled"), 0o755); err != nil {
		return err
	}
	for _, b := range bundles {
		if err := os.WriteFile(filepath.Join(dir, "bundled", b.Entry+".js"), []byte(b.Text), 0o644); err != nil {
			return err
		}
	}
	return nil
}
