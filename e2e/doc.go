// Package e2e holds Diwall's end-to-end tests: the go-sdk MCP client starts
// the built `diwall mcp --launch=headless`, which starts real headless
// Chromium with the real extension, whose host serves the calls, against
// pages served on 127.0.0.1.
//
// DIWALL_BIN selects a prebuilt binary (otherwise the tests build one);
// DIWALL_E2E_KEEP=1 keeps each launch's DIWALL_HOME (logs) for inspection.
package e2e
