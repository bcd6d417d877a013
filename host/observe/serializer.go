package observe

import (
	_ "embed"
	"encoding/json"
	"strings"
)

//go:embed serializer.js
var walkerSource string

// rolesSource and accnameSource compute roles and accessible names; they
// share the serializer's scope, spliced in at its placeholder.
var (
	//go:embed roles.js
	rolesSource string
	//go:embed accname.js
	accnameSource string
)

var serializerSource = strings.Replace(walkerSource, "/*__ACCNAME__*/", rolesSource+"\n"+accnameSource, 1)

// Name and text lengths the serializer keeps.
const (
	maxName = 160
	maxText = 400
)

// serializerExpression is the serializer with its options filled in, for
// a new snapshot.
func serializerExpression(snapshotID string) string {
	return serializerWith(map[string]any{"snapshot": snapshotID})
}

// readExpression serializes the region of a snapshot's element (root -1:
// the whole page) without changing the snapshot.
func readExpression(snapshotID string, root int) string {
	return serializerWith(map[string]any{"snapshot": snapshotID, "read": true, "root": root})
}

func serializerWith(extra map[string]any) string {
	o := map[string]any{
		"maxName": maxName, "maxText": maxText,
		"sensitive": sensitiveSource, "notSensitive": notSensitiveSource,
	}
	for k, v := range extra {
		o[k] = v
	}
	opts, _ := json.Marshal(o)
	return strings.Replace(serializerSource, "__OPTIONS__", string(opts), 1)
}
