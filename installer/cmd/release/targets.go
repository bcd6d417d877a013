package main

import (
	"fmt"
	"slices"
	"strings"
)

// target is one OS/architecture a release covers, with the names npm
// gives them (process.platform and process.arch).
type target struct {
	goos, goarch  string
	npmOS, npmCPU string
}

// targets are the OS/architecture pairs a release covers.
var targets = []target{
	{"linux", "amd64", "linux", "x64"}, {"linux", "arm64", "linux", "arm64"},
	{"darwin", "amd64", "darwin", "x64"}, {"darwin", "arm64", "darwin", "arm64"},
	{"windows", "amd64", "win32", "x64"},
}

func (t target) String() string { return t.goos + "/" + t.goarch }

// npmPlatform is the platform's suffix in npm package names: linux-x64.
func (t target) npmPlatform() string { return t.npmOS + "-" + t.npmCPU }

// exe is the binary's file name on the target.
func (t target) exe() string {
	if t.goos == "windows" {
		return "diwall.exe"
	}
	return "diwall"
}

// selectTargets returns the targets named in list ("linux/amd64,darwin/arm64"),
// or every target when list is empty.
func selectTargets(list string) ([]target, error) {
	if list == "" {
		return targets, nil
	}
	var out []target
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(targets, func(t target) bool { return t.String() == strings.TrimSpace(name) })
		if i < 0 {
			var known []string
			for _, t := range targets {
				known = append(known, t.String())
			}
			return nil, fmt.Errorf("-targets: unknown target %q (known: %s)", name, strings.Join(known, ", "))
		}
		if !slices.Contains(out, targets[i]) {
			out = append(out, targets[i])
		}
	}
	return out, nil
}
