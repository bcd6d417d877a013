package audit

import (
	"reflect"

	"github.com/fxamacker/cbor/v2"
)

// The encoding of records: times as RFC 3339 text with nanoseconds (tag 0),
// maps decoded with string keys, and nothing a hostile file could use to
// exhaust memory.
var (
	encMode cbor.EncMode
	decMode cbor.DecMode
)

// maxRecord bounds one record: a record is a few kilobytes (act's steps
// carry at most 50 × 64 KiB of text).
const maxRecord = 8 << 20

func init() {
	var err error
	encMode, err = cbor.EncOptions{Time: cbor.TimeRFC3339Nano, TimeTag: cbor.EncTagRequired, Sort: cbor.SortCanonical}.EncMode()
	if err != nil {
		panic(err)
	}
	decMode, err = cbor.DecOptions{
		DefaultMapType:   reflect.TypeOf(map[string]any(nil)),
		MaxNestedLevels:  64,
		MaxArrayElements: 1 << 16,
		MaxMapPairs:      1 << 16,
	}.DecMode()
	if err != nil {
		panic(err)
	}
}
