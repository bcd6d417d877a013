package main

import (
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/mod/semver"
)

// rootServerJSON is the repository's own server.json, relative to its
// root: the MCP Registry's entry for the latest release, which a release
// made with -publish rewrites (a test fails when it is stale).
const rootServerJSON = "server.json"

// checkVersion refuses a version npm and the MCP Registry would not take
// (they take semantic versions only), and, for a release to publish, any
// version but a plain X.Y.Z: builds of a commit that is not a vX.Y.Z tag, or
// of a tree with changes, get prerelease versions, which npm publishes only
// with --tag and which sort below their own release.
func checkVersion(v string, publish bool) error {
	if semver.Canonical("v"+v) != "v"+v {
		return fmt.Errorf("-version %q: give a semantic version such as 0.2.0 or 0.2.0-3-gabc1234", v)
	}
	if publish && semver.Prerelease("v"+v) != "" {
		return fmt.Errorf("-version %q is not a plain X.Y.Z: make release publishes only from a vX.Y.Z tag, with no changes in the tree "+
			"(git tag vX.Y.Z, then make release; docs/releases.md has the steps). Other builds get prerelease versions, "+
			"which npm publishes only with --tag and which sort below their release; to build one without publishing: "+
			"go run ./installer/cmd/release -version %s -out dist", v, v)
	}
	return nil
}

// writeServerJSON writes the MCP Registry's entry for version into out,
// and, for a release to publish, over the repository's own server.json.
func writeServerJSON(out, version string, publish bool) error {
	data := serverJSON(version)
	if err := os.WriteFile(filepath.Join(out, "server.json"), data, 0o644); err != nil {
		return err
	}
	if !publish {
		return nil
	}
	return os.WriteFile(rootServerJSON, data, 0o644)
}
