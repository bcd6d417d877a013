// Package pagescript owns the scripts the host runs in a page: the
// serializer (with the roles and accessible names it splices in), the
// capture guard, act's and login's helpers, the download fetcher and the
// small functions that read a snapshot's frames and key listeners. Their
// sources are the files of js/, plain JavaScript type-checked, linted and
// tested by this folder's own npm toolchain (package.json); this package
// embeds them and assembles them, once, into the text the host sends: the
// exported strings. The scripts' tests run on that same text (see
// assembled/, which prints it), never on a second assembly of their own.
package pagescript

import (
	"embed"
	"strings"
)

//go:embed js/*.js js/page_constants.json
var files embed.FS

// read are the files of js/ the scripts are assembled from.
var read = map[string]bool{}

// source is the file js/name.
func source(name string) string {
	b, err := files.ReadFile("js/" + name)
	if err != nil {
		panic("pagescript: " + err.Error())
	}
	read[name] = true
	return string(b)
}

// accnamePlaceholder is where serializer.js takes roles.js and accname.js,
// which share its scope (serializer_scope.d.ts declares what they take
// from it).
const accnamePlaceholder = "/*__ACCNAME__*/"

// optionsCall ends serializer.js: the call of its function with the
// options, cut off to make the function the host calls with them.
const optionsCall = "(__OPTIONS__)"

// The scripts as the host sends them.
var (
	// Serializer is the serializer as a function of its options
	// (SerializerOptions in page_scripts.d.ts): serializer.js with the
	// constants, roles.js and accname.js written in.
	Serializer = strings.TrimSuffix(strings.TrimSpace(strings.Replace(withConstants(source("serializer.js")),
		accnamePlaceholder, source("roles.js")+"\n"+source("accname.js"), 1)), optionsCall)
	// Guard is the capture guard, guard.js with the constants written in:
	// a function of the sensitive cues that returns its start function.
	Guard = withConstants(source("guard.js"))
	// Act is act's page helpers, act.js with the constants written in: a
	// function of an op and its arguments.
	Act = withConstants(source("act.js"))
	// Login is login's helpers, a function of an op and its arguments.
	Login = source("login.js")
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
