package main

// The names Diwall is published under, set in this one place. None of them
// is published yet: nobody has claimed npmName on npm nor registryName in
// the MCP Registry, so they are the names the first release will claim, not
// names that work today (docs/releases.md says so, and what to do when one
// is taken). The README's npx line follows npmName (a test holds the two
// together).
const (
	// npmName is the npm package people run (npx -y diwall mcp --launch);
	// each platform's binary is in npmName-<os>-<cpu>, as esbuild does it.
	npmName = "diwall"
	// registryName is the server's name in the MCP Registry, in its
	// reverse-DNS form; the npm package's mcpName says the same, which is
	// how the registry checks that the package is this server's. An
	// io.github.OWNER/ name can only be published by someone GitHub says
	// belongs to OWNER.
	registryName = "io.github.diwall/diwall"
	// repositoryURL is where the source is.
	repositoryURL = "https://github.com/diwall/diwall"
	// summary describes Diwall in one line (the MCP Registry takes at most
	// 100 characters).
	summary = "See and act in your own Chrome through MCP, without giving the model your secrets"
	// licenseID is the SPDX identifier of LICENSE, the licence every
	// package.json names.
	licenseID = "Apache-2.0"
)
