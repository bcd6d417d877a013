package main

import (
	"fmt"

	"github.com/tailscale/hujson"
)

// writeStoreZip packs the extension for the Chrome Web Store: the same
// files, with a manifest without the pinned "key" (the store refuses one,
// and gives the extension an ID of its own; `diwall install
// --extension-id` lets that ID start the host).
func writeStoreZip(file string) error {
	files, err := extensionFiles()
	if err != nil {
		return err
	}
	for i, f := range files {
		if f.Name != "manifest.json" {
			continue
		}
		if files[i].Data, err = withoutKey(f.Data); err != nil {
			return fmt.Errorf("manifest.json: %w", err)
		}
	}
	return writeZip(file, files)
}

// withoutKey removes the manifest's "key", keeping the rest as written.
func withoutKey(manifest []byte) ([]byte, error) {
	v, err := hujson.Parse(manifest)
	if err != nil {
		return nil, err
	}
	if err := v.Patch([]byte(`[{"op": "remove", "path": "/key"}]`)); err != nil {
		return nil, err
	}
	return v.Pack(), nil
}
