package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// registrySchema compiles testdata/server.schema.json, the MCP Registry's
// schema of the version schemaURL names, as the registry itself checks
// server.json (it too uses santhosh-tekuri/jsonschema).
func registrySchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/server.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := doc.(map[string]any)["$id"].(string); id != schemaURL {
		t.Fatalf("testdata/server.schema.json is %s, but server.json names %s: vendor the schema it names", id, schemaURL)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(schemaURL, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(schemaURL)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, data []byte) error {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	return s.Validate(v)
}

// TestServerJSONFollowsTheRegistrySchema: server.json is valid against the
// registry's schema, names the npm package of the same version over
// stdio, and the registry's own schema refuses what it must (the check
// can fail).
func TestServerJSONFollowsTheRegistrySchema(t *testing.T) {
	s := registrySchema(t)
	for _, version := range []string{"0.2.0", "0.0.0-g8057a4b-dirty", "1.4.2-3-gabc1234"} {
		data := serverJSON(version)
		if err := validate(t, s, data); err != nil {
			t.Errorf("server.json of %s: %v\n%s", version, err, data)
		}
		var got serverDetail
		if err := json.Unmarshal(data, &got); err != nil {
			t.Fatal(err)
		}
		p := got.Packages[0]
		if got.Version != version || p.Version != version || p.Identifier != npmName || p.RegistryType != "npm" || p.Transport["type"] != "stdio" {
			t.Errorf("server.json of %s: %+v", version, got)
		}
		if len(got.Description) > 100 {
			t.Errorf("the registry takes at most 100 characters of description: %d", len(got.Description))
		}
	}
	for name, bad := range map[string]string{
		"no version":       strings.Replace(string(serverJSON("1.0.0")), `"version": "1.0.0",`+"\n  \"packages\"", `"packages"`, 1),
		"latest":           strings.ReplaceAll(string(serverJSON("1.0.0")), `"1.0.0"`, `"latest"`),
		"name without /":   strings.Replace(string(serverJSON("1.0.0")), registryName, "diwall", 1),
		"no transport":     strings.Replace(string(serverJSON("1.0.0")), `"transport"`, `"transpor"`, 1),
		"long description": strings.Replace(string(serverJSON("1.0.0")), summary, strings.Repeat("x", 101), 1),
	} {
		if validate(t, s, []byte(bad)) == nil {
			t.Errorf("%s: the schema accepts\n%s", name, bad)
		}
	}
}

// TestMainPackageNamesTheServer: the registry checks that the npm package
// is this server's by its mcpName.
func TestMainPackageNamesTheServer(t *testing.T) {
	if m := newMainManifest("1.0.0"); m.MCPName != registryName {
		t.Errorf("mcpName %q, want %q", m.MCPName, registryName)
	}
}

// update rewrites the repository's server.json for the version it holds
// (go test ./installer/cmd/release -run TestCheckedInServerJSONIsCurrent -update),
// for a change to its other fields; make release writes it for a new
// version.
var update = flag.Bool("update", false, "rewrite the repository's server.json for the version it names")

// TestCheckedInServerJSONIsCurrent: the repository's server.json is what
// make release writes for the version it names, a plain X.Y.Z, and the
// registry's schema takes it. It fails when names.go, the description or
// the schema changed and the file did not.
func TestCheckedInServerJSONIsCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "..", rootServerJSON)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Version string }
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("%s: %v", rootServerJSON, err)
	}
	if err := checkVersion(got.Version, true); err != nil {
		t.Fatalf("%s names version %q, not a release's: %v", rootServerJSON, got.Version, err)
	}
	want := serverJSON(got.Version)
	if *update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		data = want
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s is stale: make release of %s would write\n%s\nRun: go test ./installer/cmd/release -run TestCheckedInServerJSONIsCurrent -update", rootServerJSON, got.Version, want)
	}
	if err := validate(t, registrySchema(t), data); err != nil {
		t.Errorf("%s: %v", rootServerJSON, err)
	}
}

// TestPublishRewritesTheRootServerJSON: a release to publish writes
// server.json into the release and over the repository's own; any other
// build leaves the repository's alone.
func TestPublishRewritesTheRootServerJSON(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	out := filepath.Join(root, "dist")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rootServerJSON, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeServerJSON(out, "0.3.0-1-gabc1234", false); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(rootServerJSON); string(data) != "old" {
		t.Errorf("a build that is not published rewrote the root's server.json: %s", data)
	}
	if data, _ := os.ReadFile(filepath.Join(out, "server.json")); !bytes.Equal(data, serverJSON("0.3.0-1-gabc1234")) {
		t.Errorf("the release's server.json: %s", data)
	}
	if err := writeServerJSON(out, "0.3.0", true); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{rootServerJSON, filepath.Join(out, "server.json")} {
		if data, _ := os.ReadFile(f); !bytes.Equal(data, serverJSON("0.3.0")) {
			t.Errorf("%s after a release of 0.3.0: %s", f, data)
		}
	}
}
