package operator

import "encoding/json"

// Event types, hub -> interface (protocol/PROTOCOL.md, "The operator's
// event stream").
const (
	EventState     = "state"      // everything known, first on every connection
	EventSession   = "session"    // a session appeared or changed
	EventOperation = "operation"  // a call started, or ended
	EventImage     = "image"      // a session's latest marked image
	EventLog       = "log"        // one line of the operator's log
	EventUICommand = "ui.command" // an agent's screen command
)

// Message types, interface -> hub.
const (
	MessageHello   = "hello"   // what the interface can do
	MessageControl = "control" // the person's pause, resume or stop
)

// CapabilityUICommands is what an interface announces in its hello to
// receive ui.command events (and what an MCP client announces, among its
// experimental capabilities, to be offered the screen tool).
const CapabilityUICommands = "ui-commands"

// Status is what the person made of a session.
type Status string

// Session statuses.
const (
	Running Status = "running"
	Paused  Status = "paused"
	Stopped Status = "stopped"
)

// SessionView is one MCP session as the person sees it in the operator's
// views: its client and tab group, what it is doing, and its handoff.
type SessionView struct {
	Key   string `json:"key"`
	Name  string `json:"name"`  // the MCP client's name
	Title string `json:"title"` // its tab group's title
	Color string `json:"color"` // its tab group's colour
	// Status is running, paused or stopped.
	Status Status `json:"status"`
	// Acting says a call of the session is running now.
	Acting bool `json:"acting"`
	// Connected is false once the session's client went away; its history
	// stays for the person to read.
	Connected bool `json:"connected"`
	// Tab is the tab of the session's latest call, when it had one.
	Tab *Tab `json:"tab,omitempty"`
	// Handoff is the step the model handed to the person, while it waits
	// for their answer.
	Handoff *Handoff `json:"handoff,omitempty"`
	// Private and ReadOnly are the private and read-only sites of the
	// session's profile (origin patterns), as of its latest call.
	Private  []string `json:"private,omitempty"`
	ReadOnly []string `json:"read_only,omitempty"`
}

// Tab is the tab a call worked on, as the person's browser shows it.
type Tab struct {
	ID    string `json:"tab_id"`
	URL   string `json:"url"`
	Title string `json:"title"`
}

// Phases of an operation.
const (
	PhaseRunning = "running"
	PhaseDone    = "done"
)

// Operation is one tool call.
type Operation struct {
	ID      string `json:"id"`
	Session string `json:"session"`
	Tool    string `json:"tool"`
	// Args are the call's arguments with secrets withheld.
	Args  json.RawMessage `json:"args"`
	Phase string          `json:"phase"`
	// OK, Code and Message are the outcome, once done.
	OK      bool   `json:"ok"`
	Code    string `json:"code,omitempty"`
	Message string `json:"message,omitempty"`
	// StartedAt is in milliseconds since the Unix epoch.
	StartedAt  int64  `json:"started_at"`
	DurationMS int64  `json:"duration_ms"`
	TabID      string `json:"tab_id,omitempty"`
}

// Image is a session's latest marked image: masked as the model saw it.
type Image struct {
	Session   string `json:"session"`
	Operation string `json:"operation"`
	TabID     string `json:"tab_id,omitempty"`
	MIME      string `json:"mime"`
	Data      []byte `json:"data"` // base64 in JSON
}

// LogLine is one line of the operator's log panel.
type LogLine struct {
	Time    int64  `json:"time"` // milliseconds since the Unix epoch
	Level   string `json:"level"`
	Session string `json:"session,omitempty"`
	Text    string `json:"text"`
}

// UICommand is one screen command (docs/contract.md §7).
type UICommand struct {
	Action     string `json:"action"`
	SessionKey string `json:"sessionKey,omitempty"`
	Dock       string `json:"dock,omitempty"`
}

// Event is one message of the stream, hub -> interface. Exactly the fields
// of its Type are set.
type Event struct {
	Type string `json:"type"`
	// state
	Sessions   []SessionView `json:"sessions,omitempty"`
	Operations []Operation   `json:"operations,omitempty"`
	Images     []Image       `json:"images,omitempty"`
	Log        []LogLine     `json:"log,omitempty"`
	// session, operation, image, log
	Session   *SessionView `json:"session,omitempty"`
	Operation *Operation   `json:"operation,omitempty"`
	Image     *Image       `json:"image,omitempty"`
	Line      *LogLine     `json:"line,omitempty"`
	// ui.command: the command and the key of the session that sent it
	Command *UICommand `json:"command,omitempty"`
	From    string     `json:"from,omitempty"`
}

// Message is one message of an interface to the hub.
type Message struct {
	Type string `json:"type"`
	// hello
	Capabilities []string `json:"capabilities,omitempty"`
	// control: Action is pause, resume, stop, handoff_done or
	// handoff_decline; Session a key, or All
	Action    string `json:"action,omitempty"`
	Session   string `json:"session,omitempty"`
	All       bool   `json:"all,omitempty"`
	CloseTabs bool   `json:"close_tabs,omitempty"`
}

// Control actions.
const (
	ActionPause  = "pause"
	ActionResume = "resume"
	ActionStop   = "stop"
)

// Handoff is a step the session's model handed to the person: it waits
// for the person's Done or I can't.
type Handoff struct {
	// Reason is the model's text, shown as what it is: words of the model.
	Reason string `json:"reason"`
	// Since is when the handoff began, in milliseconds since the Unix epoch.
	Since int64 `json:"since"`
	// TabID is the tab the person is asked to act in.
	TabID string `json:"tab_id,omitempty"`
}

// The person's answers to a handoff (control actions).
const (
	ActionHandoffDone    = "handoff_done"
	ActionHandoffDecline = "handoff_decline"
)

// What a handoff ended with (the handoff tool's server.outcome).
const (
	HandoffDone     = "done"
	HandoffDeclined = "declined"
	HandoffTimedOut = "timed_out"
)
