package extension

import (
	"encoding/json"
	"sync"
)

var versionOnce = sync.OnceValue(func() string {
	data, err := Files.ReadFile("manifest.json")
	if err != nil {
		panic("extension manifest: " + err.Error())
	}
	var m struct {
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &m); err != nil || m.Version == "" {
		panic("extension manifest has no version")
	}
	return m.Version
})

// Version returns the version of the embedded extension, from its manifest.
func Version() string { return versionOnce() }
