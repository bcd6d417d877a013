package observe

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"strings"

	"github.com/diwall/diwall/host/internal/browser"
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

var serializerSource = strings.Replace(withPageConstants(walkerSource), "/*__ACCNAME__*/", rolesSource+"\n"+accnameSource, 1)

// serializerFunc is the serializer as a function of its options: the
// source without the call at its end.
var serializerFunc = strings.TrimSuffix(strings.TrimSpace(serializerSource), "(__OPTIONS__)")

// serializerName names the serializer among the host's scripts of a world
// (browser.Installed): the first call in a world defines it, later calls
// send only its options, which saves compiling some 40 KB every time.
const serializerName = "serializer"

// serializerMissing is what a call answers in a world that does not have
// the serializer (one made since it was defined).
const serializerMissing = `{"uninstalled":true}`

// Name and text lengths the serializer keeps.
const (
	maxName = 160
	maxText = 400
)

// serializerExpression is the whole serializer with its options filled in,
// for a new snapshot: it defines the serializer in the world it runs in.
func serializerExpression(snapshotID string) string {
	return serializerCall(snapshotOptions(snapshotID), true)
}

// snapshotOptions are the options of a new snapshot's serialization.
func snapshotOptions(snapshotID string) map[string]any {
	return map[string]any{"snapshot": snapshotID}
}

// readOptions serialize the region of a snapshot's element (root -1: the
// whole page) without changing the snapshot.
func readOptions(snapshotID string, root int) map[string]any {
	return map[string]any{"snapshot": snapshotID, "read": true, "root": root}
}

// serializerCall is the expression that runs the serializer with extra
// options: its whole source when define is set (which also defines it in
// the world), else a call of the one defined before.
func serializerCall(extra map[string]any, define bool) string {
	o := map[string]any{
		"maxName": maxName, "maxText": maxText,
		"sensitive": sensitiveSource, "notSensitive": notSensitiveSource,
	}
	for k, v := range extra {
		o[k] = v
	}
	opts, _ := json.Marshal(o)
	if define {
		return "(globalThis.__diwallSerialize = " + serializerFunc + ")(" + string(opts) + ")"
	}
	return "globalThis.__diwallSerialize ? globalThis.__diwallSerialize(" + string(opts) + ") : " + jsString(serializerMissing)
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// serialize runs the serializer in the isolated world of frame f of the
// tab (the zero Frame: the main frame) with extra options and returns its
// JSON text.
func serialize(ctx context.Context, b *browser.Browser, t *browser.Tab, f browser.Frame, extra map[string]any) (string, error) {
	for attempt := 0; attempt < 2; attempt++ {
		world, err := b.WorldIn(ctx, t, f)
		if err != nil {
			return "", err
		}
		text, err := b.EvaluateIn(ctx, t, f, serializerCall(extra, !b.InstalledIn(t, f, world, serializerName)), 10000)
		if err != nil {
			return "", err
		}
		if text != serializerMissing {
			b.SetInstalledIn(t, f, world, serializerName)
			return text, nil
		}
		b.SetInstalledIn(t, f, 0, serializerName)
	}
	return "", errors.New("the page serializer could not be defined")
}
