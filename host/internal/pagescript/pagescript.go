// Package pagescript owns the scripts the host runs in a page: the
// serializer (with its modules for roles and accessible names), the
// capture guard, act's and login's helpers, the download fetcher and the
// small functions that read a snapshot's frames and key listeners. Their
// sources are the files of js/, JavaScript type-checked, linted and tested
// by this folder's own npm toolchain (package.json). The large ones are ES
// modules that share helpers by importing them: ./bundle bundles each into
// the function expression the host sends, in bundled/, checked in (go
// generate; its test fails when a bundle is stale). The small ones are
// function expressions sent as they are. This package embeds both: the
// exported strings. The scripts' tests run on that same text (see
// assembled/, which prints it), never on a second assembly of their own.
package pagescript

//go:generate go run ./bundle

import (
	"embed"
	"strings"
)

//go:embed js/*.js js/page_constants.json js/page_ops.d.ts bundled/*.js
var files embed.FS

// OpDeclarations is js/page_ops.d.ts: the ops of act.js and login.js,
// each with its arguments and its answer, as the scripts declare them
// (pageops reads it, for the tests that hold the host's Go types to it).
var OpDeclarations = func() string {
	b, err := files.ReadFile("js/page_ops.d.ts")
	if err != nil {
		panic("pagescript: " + err.Error())
	}
	return string(b)
}()

// read are the files of js/ sent as they are.
var read = map[string]bool{}

// source is the file js/name, a function expression (or an expression)
// sent as it is.
func source(name string) string {
	b, err := files.ReadFile("js/" + name)
	if err != nil {
		panic("pagescript: " + err.Error())
	}
	read[name] = true
	return string(b)
}

// bundled is the module js/name.js bundled (./bundle): a function
// expression, its default export.
func bundled(name string) string {
	b, err := files.ReadFile("bundled/" + name + ".js")
	if err != nil {
		panic("pagescript: " + err.Error())
	}
	return strings.TrimSpace(string(b))
}

// The scripts as the host sends them.
var (
	// Serializer is the serializer as a function of its options
	// (SerializerOptions in page_scripts.d.ts): serializer.js bundled.
	Serializer = bundled("serializer")
	// Guard is the capture guard, guard.js bundled: a function of the
	// sensitive cues that returns its start function.
	Guard = bundled("guard")
	// Act is act's page helpers, act.js bundled: a function of an op and
	// its arguments.
	Act = bundled("act")
	// Login is login's helpers, login.js bundled: a function of an op and
	// its arguments.
	Login = bundled("login")
	// DownloadFetch reads a download the page holds, piece by piece.
	DownloadFetch = source("download_fetch.js")
	// GuardFinish finishes a capture guard by its id.
	GuardFinish = source("guard_finish.js")
	// FrameBoxes answers where the viewports of a snapshot's frames lie.
	FrameBoxes = source("frame_boxes.js")
	// CoverQuestions answers what lies over a snapshot's frames at points.
	CoverQuestions = source("cover_questions.js")
	// KeysWithin answers which of a snapshot's nodes lie within the
	// elements the page listens on for keys.
	KeysWithin = source("keys_within.js")
	// ElementOf answers the element of a snapshot's node index.
	ElementOf = source("element_of.js")
	// HoldClosedRoot keeps a closed shadow root in the world, by its host.
	HoldClosedRoot = source("hold_closed_root.js")
	// SetSnapshotAside and PutSnapshotBack are expressions that set the
	// snapshot's references aside while a kept observation runs, and put
	// them back.
	SetSnapshotAside = source("set_snapshot_aside.js")
	PutSnapshotBack  = source("put_snapshot_back.js")
	// NextFrame answers once the page has drawn a frame since it was
	// called ("late" when none came within 500 ms): a capture of a tab in
	// the background from the latest frame Chrome drew waits for it.
	NextFrame = source("next_frame.js")
)

// Script is one of the scripts the host sends, by name.
type Script struct {
	Name, Text string
}

// All are the scripts the host sends, by the names their tests know them
// by.
func All() []Script {
	return []Script{
		{"serializer", Serializer},
		{"guard", Guard},
		{"act", Act},
		{"login", Login},
		{"downloadFetch", DownloadFetch},
		{"guardFinish", GuardFinish},
		{"frameBoxes", FrameBoxes},
		{"coverQuestions", CoverQuestions},
		{"keysWithin", KeysWithin},
		{"elementOf", ElementOf},
		{"holdClosedRoot", HoldClosedRoot},
		{"setSnapshotAside", SetSnapshotAside},
		{"putSnapshotBack", PutSnapshotBack},
		{"nextFrame", NextFrame},
	}
}
