package observe

import (
	_ "embed"
	"encoding/json"
	"strings"
)

//go:embed serializer.js
var serializerSource string

// Name and text lengths the serializer keeps.
const (
	maxName = 160
	maxText = 400
)

// serializerExpression is the serializer with its options filled in.
func serializerExpression(snapshotID string) string {
	opts, _ := json.Marshal(map[string]any{
		"maxName": maxName, "maxText": maxText,
		"sensitive": sensitiveSource, "notSensitive": notSensitiveSource,
		"snapshot": snapshotID,
	})
	return strings.Replace(serializerSource, "__OPTIONS__", string(opts), 1)
}
