package main

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// launcher is the npm package's `diwall` command: it runs the binary of the
// platform package npm installed.
//
//go:embed npm/launcher.js
var launcher []byte

// repository is package.json's repository field.
type repository struct {
	Type string `json:"type"`
	URL  string `json:"url"`
}

// mainManifest is the package.json of the package people install; the
// fields are in the order npm prints them.
type mainManifest struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Description          string            `json:"description"`
	Keywords             []string          `json:"keywords"`
	Homepage             string            `json:"homepage"`
	Repository           repository        `json:"repository"`
	License              string            `json:"license"`
	MCPName              string            `json:"mcpName"`
	Bin                  map[string]string `json:"bin"`
	Files                []string          `json:"files"`
	Engines              map[string]string `json:"engines"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
}

// platformManifest is the package.json of one platform's package: npm
// installs it only where os and cpu match.
type platformManifest struct {
	Name            string     `json:"name"`
	Version         string     `json:"version"`
	Description     string     `json:"description"`
	Repository      repository `json:"repository"`
	License         string     `json:"license"`
	OS              []string   `json:"os"`
	CPU             []string   `json:"cpu"`
	Files           []string   `json:"files"`
	PreferUnplugged bool       `json:"preferUnplugged"`
}

// platformPackageName is the npm package holding t's binary.
func platformPackageName(t target) string { return npmName + "-" + t.npmPlatform() }

func repo() repository { return repository{Type: "git", URL: "git+" + repositoryURL + ".git"} }

// newMainManifest lists every target's package as an optional dependency
// of the same version, whichever targets this release builds.
func newMainManifest(version string) mainManifest {
	deps := map[string]string{}
	for _, t := range targets {
		deps[platformPackageName(t)] = version
	}
	return mainManifest{
		Name: npmName, Version: version, Description: summary,
		Keywords:   []string{"mcp", "mcp-server", "modelcontextprotocol", "browser", "chrome", "chromium", "accessibility", "agent"},
		Homepage:   repositoryURL + "#readme",
		Repository: repo(), License: licenseID, MCPName: registryName,
		Bin:     map[string]string{"diwall": "bin/diwall.js"},
		Files:   []string{"bin/diwall.js"},
		Engines: map[string]string{"node": ">=18"},

		OptionalDependencies: deps,
	}
}

func newPlatformManifest(t target, version string) platformManifest {
	return platformManifest{
		Name: platformPackageName(t), Version: version,
		Description: fmt.Sprintf("The %s binary of Diwall (install %s, which picks it)", t.npmPlatform(), npmName),
		Repository:  repo(), License: licenseID,
		OS: []string{t.npmOS}, CPU: []string{t.npmCPU},
		Files:           []string{"bin/" + t.exe()},
		PreferUnplugged: true,
	}
}

// platformReadme is the README of a platform's package.
func platformReadme(t target) []byte {
	return fmt.Appendf(nil, "# %s\n\nThe %s binary of [Diwall](%s), with its browser extension inside.\n\n"+
		"Install [`%s`](https://www.npmjs.com/package/%s) instead: npm then installs this package on %s only,\n"+
		"and `%s`'s `diwall` command runs the binary in it.\n",
		platformPackageName(t), t.npmPlatform(), repositoryURL, npmName, npmName, t.npmPlatform(), npmName)
}

// packageJSON encodes a manifest as npm writes one.
func packageJSON(m any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		panic(err) // only the manifests above reach it, and they encode
	}
	return buf.Bytes()
}

// npmPackage is one package's files, before npm packs them.
type npmPackage struct {
	name  string
	files []archiveFile
}

// common are the files every package carries besides its own: its README
// and the repository's LICENSE.
func common(readme, license []byte) []archiveFile {
	return []archiveFile{
		{Name: "README.md", Data: readme, Mode: 0o644},
		{Name: "LICENSE", Data: license, Mode: 0o644},
	}
}

func mainPackage(version string, readme, license []byte) npmPackage {
	files := append(common(readme, license),
		archiveFile{Name: "package.json", Data: packageJSON(newMainManifest(version)), Mode: 0o644},
		archiveFile{Name: "bin/diwall.js", Data: launcher, Mode: 0o755})
	return npmPackage{name: npmName, files: files}
}

func platformPackage(t target, version string, binary, license []byte) npmPackage {
	files := append(common(platformReadme(t), license),
		archiveFile{Name: "package.json", Data: packageJSON(newPlatformManifest(t, version)), Mode: 0o644},
		archiveFile{Name: "bin/" + t.exe(), Data: binary, Mode: 0o755})
	return npmPackage{name: platformPackageName(t), files: files}
}

// packNPM writes each package into a folder of its own and packs it with
// `npm pack` into out, as npm publish would; it returns the tarballs'
// names, relative to out.
func packNPM(out string, pkgs []npmPackage) ([]string, error) {
	stage, err := os.MkdirTemp("", "diwall-npm-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(stage)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var names []string
	for i, p := range pkgs {
		dir := filepath.Join(stage, fmt.Sprint(i))
		for _, f := range p.files {
			file := filepath.Join(dir, filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(file, f.Data, os.FileMode(f.Mode)); err != nil {
				return nil, err
			}
		}
		cmd := exec.Command("npm", "pack", "--json", "--pack-destination", out, dir)
		// npm pack reads nothing from the registry; its cache is left alone.
		cmd.Env = append(os.Environ(), "npm_config_update_notifier=false", "npm_config_fund=false", "npm_config_audit=false")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("npm pack %s: %w\n%s", p.name, err, stderr.String())
		}
		var packed []struct {
			Filename string `json:"filename"`
		}
		if err := json.Unmarshal(stdout.Bytes(), &packed); err != nil || len(packed) != 1 {
			return nil, fmt.Errorf("npm pack %s: unexpected output %q (%w)", p.name, strings.TrimSpace(stdout.String()), err)
		}
		names = append(names, packed[0].Filename)
	}
	return names, nil
}
