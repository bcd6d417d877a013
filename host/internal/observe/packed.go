package observe

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"io"
	"strings"

	"github.com/diwall/diwall/protocol"
)

// A long answer of the serializer comes packed (serializer.js pack):
// carrying a megabyte from the page to the host costs about 270 ms
// (chrome.debugger, the extension, native messaging), and packed it is a
// fifth of that size (1.06 MB of JSON went as 211 KB, measured on a page of
// 10,000 elements). Packing costs the page far less: gzip took 94–126 ms
// on a 2.5 MB answer in Chrome (measured with a one-off script over
// DevTools).

// packOver is the length, in characters, past which the serializer packs
// its answer: below it, packing saves less than it costs.
const packOver = 64 << 10

// packedPrefix starts a packed answer; a JSON answer starts with "{".
const packedPrefix = "gz:"

// maxUnpacked bounds a packed answer once unpacked, as the host bounds any
// message from the extension (protocol.MaxAssembled).
const maxUnpacked = protocol.MaxAssembled

// unpack returns the serializer's answer text as JSON: as it is, or
// unpacked when it came packed.
func unpack(text string) (string, error) { return unpackWithin(text, maxUnpacked) }

// unpackWithin is unpack with limit bytes at most once unpacked.
func unpackWithin(text string, limit int64) (string, error) {
	packed, ok := strings.CutPrefix(text, packedPrefix)
	if !ok {
		return text, nil
	}
	zr, err := gzip.NewReader(base64.NewDecoder(base64.StdEncoding, strings.NewReader(packed)))
	if err != nil {
		return "", fmt.Errorf("page serializer: packed answer: %w", err)
	}
	var out bytes.Buffer
	out.Grow(int(min(8*int64(len(packed)), limit)))
	n, err := io.Copy(&out, io.LimitReader(zr, limit+1))
	if err != nil {
		return "", fmt.Errorf("page serializer: packed answer: %w", err)
	}
	if n > limit {
		return "", fmt.Errorf("page serializer: packed answer unpacks past %d bytes", limit)
	}
	return out.String(), nil
}
