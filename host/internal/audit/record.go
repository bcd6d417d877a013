package audit

import "time"

// Withheld stands in a record for a value the audit log must not keep (the
// text typed into a sensitive field).
const Withheld = "[withheld]"

// Record is one tool call as the audit log keeps it.
type Record struct {
	// OperationID is the call's server.operation_id.
	OperationID string `cbor:"op" json:"op"`
	// Session is the MCP session's key: the name of its file.
	Session       string `cbor:"session" json:"session"`
	Client        string `cbor:"client,omitempty" json:"client,omitempty"`
	ClientVersion string `cbor:"client_version,omitempty" json:"client_version,omitempty"`
	Profile       string `cbor:"profile,omitempty" json:"profile,omitempty"`
	Tool          string `cbor:"tool" json:"tool"`
	// Args are the call's arguments as the model sent them, with secrets
	// replaced by Withheld.
	Args map[string]any `cbor:"args,omitempty" json:"args,omitempty"`
	OK   bool           `cbor:"ok" json:"ok"`
	// Outcome is "ok", the error code, or a login's or a handoff's outcome (logged_in,
	// login_rejected, ...).
	Outcome string `cbor:"outcome" json:"outcome"`
	// Code and Message are the error of a failed call.
	Code    string `cbor:"code,omitempty" json:"code,omitempty"`
	Message string `cbor:"message,omitempty" json:"message,omitempty"`
	// Notices are the server's notices of the call.
	Notices []string      `cbor:"notices,omitempty" json:"notices,omitempty"`
	Start   time.Time     `cbor:"start" json:"start"`
	Took    time.Duration `cbor:"took_ns" json:"took_ns"`
	TabID   string        `cbor:"tab,omitempty" json:"tab,omitempty"`
	// Origin is the origin of the call's tab when the call ended.
	Origin string `cbor:"origin,omitempty" json:"origin,omitempty"`
	// Snapshots are the snapshot ids the call used or made.
	Snapshots []string `cbor:"snapshots,omitempty" json:"snapshots,omitempty"`
	// Artifacts are ids in the artifact store: the masked images of the
	// call (a screenshot, or observations when the profile keeps them).
	Artifacts []string `cbor:"artifacts,omitempty" json:"artifacts,omitempty"`
	// Download is set on the record of a download of the session's tab
	// (Tool "download"): written when it ended.
	Download *Download `cbor:"download,omitempty" json:"download,omitempty"`
}

// Download is what the audit log keeps of one download: never its path
// or its content.
type Download struct {
	ID string `cbor:"id" json:"id"`
	// SuggestedName is the name the page suggested (page content).
	SuggestedName string `cbor:"suggested_name,omitempty" json:"suggested_name,omitempty"`
	// SavedName is the name Diwall saved it under in the download folder.
	SavedName string `cbor:"saved_name,omitempty" json:"saved_name,omitempty"`
	Bytes     int64  `cbor:"bytes" json:"bytes"`
	SHA256    string `cbor:"sha256,omitempty" json:"sha256,omitempty"`
	Mime      string `cbor:"mime,omitempty" json:"mime,omitempty"`
}
