package main

// The names Diwall is published under. npmName and registryName are
// placeholders until the packages are published: change them here, and
// the README's first lines (a test holds the two together).
const (
	// npmName is the npm package people run (npx -y diwall mcp --launch);
	// each platform's binary is in npmName-<os>-<cpu>, as esbuild does it.
	npmName = "diwall"
	// registryName is the server's name in the MCP Registry, in its
	// reverse-DNS form; the npm package's mcpName says the same, which is
	// how the registry checks that the package is this server's.
	registryName = "io.github.diwall/diwall"
	// repositoryURL is where the source is.
	repositoryURL = "https://github.com/diwall/diwall"
	// summary describes Diwall in one line (the MCP Registry takes at most
	// 100 characters).
	summary = "See and act in your own Chrome through MCP, without giving the model your secrets"
)
