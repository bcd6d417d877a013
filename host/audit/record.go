package audit

import "time"

// Withheld stands in a record for a value the audit log must not keep (the
// text typed into a sensitive field).
const Withheld = "[withheld]"

// Record is one tool call as the audit log keeps it.
type Record struct {
	// OperationID is the call's server.operation_id.
	OperationID string `cbor:"op"`
	// Session is the MCP session's key: the name of its file.
	Session       string `cbor:"session"`
	Client        string `cbor:"client,omitempty"`
	ClientVersion string `cbor:"client_version,omitempty"`
	Profile       string `cbor:"profile,omitempty"`
	Tool          string `cbor:"tool"`
	// Args are the call's arguments as the model sent them, with secrets
	// replaced by Withheld.
	Args map[string]any `cbor:"args,omitempty"`
	OK   bool           `cbor:"ok"`
	// Outcome is "ok", the error code, or a login's or a handoff's outcome (logged_in,
	// login_rejected, ...).
	Outcome string `cbor:"outcome"`
	// Code and Message are the error of a failed call.
	Code    string `cbor:"code,omitempty"`
	Message string `cbor:"message,omitempty"`
	// Notices are the server's notices of the call.
	Notices []string      `cbor:"notices,omitempty"`
	Start   time.Time     `cbor:"start"`
	Took    time.Duration `cbor:"took_ns"`
	TabID   string        `cbor:"tab,omitempty"`
	// Origin is the origin of the call's tab when the call ended.
	Origin string `cbor:"origin,omitempty"`
	// Snapshots are the snapshot ids the call used or made.
	Snapshots []string `cbor:"snapshots,omitempty"`
	// Artifacts are ids in the artifact store: the masked images of the
	// call (a screenshot, or observations when the profile keeps them).
	Artifacts []string `cbor:"artifacts,omitempty"`
	// Download is set on the record of a download of the session's tab
	// (Tool "download"): written when it ended.
	Download *Download `cbor:"download,omitempty"`
}

// Download is what the audit log keeps of one download: never its path
// or its content.
type Download struct {
	ID string `cbor:"id"`
	// SuggestedName is the name the page suggested (page content).
	SuggestedName string `cbor:"suggested_name,omitempty"`
	// SavedName is the name Diwall saved it under in the download folder.
	SavedName string `cbor:"saved_name,omitempty"`
	Bytes     int64  `cbor:"bytes"`
	SHA256    string `cbor:"sha256,omitempty"`
	Mime      string `cbor:"mime,omitempty"`
}
