// Package extension ships the Diwall browser extension's files inside the diwall binary.
package extension

import "embed"

// Files holds manifest.json and src/*.js, src/*.html and src/*.css, at those paths: what Chrome
// loads as the unpacked extension.
//
//go:embed manifest.json src/*.js src/*.html src/*.css
var Files embed.FS
