package observe

import (
	"context"
	"errors"
	"time"

	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/pagescript"
)

// serializerFunc is the serializer as a function of its options.
var serializerFunc = pagescript.Serializer

// serializer is the serializer among the host's functions of a world
// (browser.Run): the first call in a world defines it, later calls send
// only its options, which saves compiling some 40 KB every time.
var serializer = browser.PageFunction{Name: "serializer", Global: "__diwallSerialize", Source: serializerFunc}

// serializeWait bounds one run of the serializer: a page it cannot read
// in that time is answered with what to do instead (browser.TooLong).
// Runtime.callFunctionOn has no timeout of its own: the bound is the
// host's, and the serializer runs on in the page until it is done.
const serializeWait = 10 * time.Second

// Name and text lengths the serializer keeps.
const (
	maxName = 160
	maxText = 400
)

// snapshotOptions are the options of a new snapshot's serialization.
func snapshotOptions(snapshotID string) map[string]any {
	return map[string]any{"snapshot": snapshotID}
}

// readOptions serialize the region of a snapshot's element (root -1: the
// whole page) without changing the snapshot.
func readOptions(snapshotID string, root int) map[string]any {
	return map[string]any{"snapshot": snapshotID, "read": true, "root": root}
}

// serializerOptions are the serializer's options: its limits and the
// sensitive cues, with extra.
func serializerOptions(extra map[string]any) map[string]any {
	o := map[string]any{
		"maxName": maxName, "maxText": maxText,
		"sensitive": sensitiveSource, "notSensitive": notSensitiveSource,
		"packOver": packOver,
	}
	for k, v := range extra {
		o[k] = v
	}
	return o
}

// serialize runs the serializer in the isolated world of frame f of the
// tab (the zero Frame: the main frame) with extra options and returns its
// JSON text.
func serialize(ctx context.Context, t *browser.Tab, f browser.Frame, extra map[string]any) (string, error) {
	sctx, cancel := context.WithTimeout(ctx, serializeWait)
	defer cancel()
	text, err := t.Run(sctx, f, serializer, browser.Args(serializerOptions(extra)), true)
	if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		return "", browser.TooLong(serializeWait, err)
	}
	if err != nil {
		return "", err
	}
	return unpack(text)
}
