// Package extension ships the Diwall browser extension's files inside the diwall binary.
package extension

import "embed"

// Files holds manifest.json and src/*.js, at those paths: what Chrome loads as the unpacked
// extension.
//
//go:embed manifest.json src/*.js
var Files embed.FS
