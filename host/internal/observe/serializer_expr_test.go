package observe

import "encoding/json"

// serializerExpression is the whole serializer called with a new
// snapshot's options, as one expression: the probes that drive Chromium
// directly evaluate it.
func serializerExpression(snapshotID string) string {
	opts, _ := json.Marshal(serializerOptions(snapshotOptions(snapshotID)))
	return "(globalThis.__diwallSerialize = " + serializerFunc + ")(" + string(opts) + ")"
}
