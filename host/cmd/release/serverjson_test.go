package main

import (
	"bytes"
	"encoding/json"
	"os"
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
	if m := newMainManifest("1.0.0", "MIT"); m.MCPName != registryName {
		t.Errorf("mcpName %q, want %q", m.MCPName, registryName)
	}
}
