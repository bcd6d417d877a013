// Package version says which Diwall this is: the host's version, stamped
// from git by `make release`, and the rule that the host and the
// extension it talks to share a major version.
package version

import (
	"fmt"
	"strings"
)

// Host is this binary's version. `make build` and `make release` set it
// from `git describe` (-ldflags -X); a plain `go build` says "dev".
var Host = "dev"

// Major is the major version of v: "1" for "1.4.2" or "v1.4.2-3-gabc".
func Major(v string) string {
	v = strings.TrimPrefix(v, "v")
	major, _, _ := strings.Cut(v, ".")
	return major
}

// Compatible says whether an extension of version got can serve a host
// built with the extension of version want: the same major version.
// Minor versions only add.
func Compatible(got, want string) error {
	if got == "" {
		return fmt.Errorf("the Diwall extension did not say its version; this diwall needs the extension %s", want)
	}
	if Major(got) != Major(want) {
		return fmt.Errorf("the Diwall extension in this browser is version %s, but this diwall (%s) needs the extension of major version %s (%s): "+
			"run `diwall install`, then reload the extension at chrome://extensions", got, Host, Major(want), want)
	}
	return nil
}
