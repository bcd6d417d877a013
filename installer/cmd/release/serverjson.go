package main

// schemaURL is the version of the MCP Registry's server.json schema that
// serverJSON follows (testdata/server.schema.json is its copy, which the
// test validates against).
const schemaURL = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"

// server.json, as the MCP Registry reads it; the fields are in the order
// the registry's own examples use.
type serverDetail struct {
	Schema      string         `json:"$schema"`
	Name        string         `json:"name"`
	Title       string         `json:"title"`
	Description string         `json:"description"`
	Repository  registryRepo   `json:"repository"`
	Version     string         `json:"version"`
	Packages    []registryPack `json:"packages"`
}

type registryRepo struct {
	URL    string `json:"url"`
	Source string `json:"source"`
}

type registryPack struct {
	RegistryType     string             `json:"registryType"`
	RegistryBaseURL  string             `json:"registryBaseUrl"`
	Identifier       string             `json:"identifier"`
	Version          string             `json:"version"`
	Transport        map[string]any     `json:"transport"`
	PackageArguments []registryArgument `json:"packageArguments"`
}

// registryArgument is a positional argument with a fixed value.
type registryArgument struct {
	Type        string `json:"type"`
	Value       string `json:"value"`
	Description string `json:"description"`
}

// serverJSON is the MCP Registry's entry for this version: the npm
// package of the same version, started as `diwall mcp --launch` over
// stdio, which works on a machine where nothing else of Diwall is set up.
func serverJSON(version string) []byte {
	return packageJSON(serverDetail{
		Schema: schemaURL, Name: registryName, Title: "Diwall", Description: summary,
		Repository: registryRepo{URL: repositoryURL, Source: "github"},
		Version:    version,
		Packages: []registryPack{{
			RegistryType: "npm", RegistryBaseURL: "https://registry.npmjs.org",
			Identifier: npmName, Version: version,
			Transport: map[string]any{"type": "stdio"},
			PackageArguments: []registryArgument{
				{Type: "positional", Value: "mcp", Description: "serve MCP on stdio"},
				{Type: "positional", Value: "--launch", Description: "start a dedicated Chromium with Diwall's extension, holding none of your data"},
			},
		}},
	})
}
