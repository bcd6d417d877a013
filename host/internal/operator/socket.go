package operator

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"time"
)

// The person's commands on the host's local socket (`diwall pause`,
// `resume`, `stop`, `watch`, `sessions`). The socket carries MCP sessions,
// which start with '{'; a control connection starts with ControlPrefix,
// then one JSON request on the same line, and gets one JSON reply line.

// ControlPrefix starts a control connection.
const ControlPrefix = "DIWALL-OPERATOR "

// Control commands.
const (
	CommandPause    = ActionPause
	CommandResume   = ActionResume
	CommandStop     = ActionStop
	CommandWatch    = "watch"
	CommandSessions = "sessions"
	// The person's answer to a handoff: `diwall handoff done|decline`.
	CommandHandoffDone    = ActionHandoffDone
	CommandHandoffDecline = ActionHandoffDecline
)

// ControlRequest is one command of the person.
type ControlRequest struct {
	Command   string `json:"command"`
	Session   string `json:"session,omitempty"`
	All       bool   `json:"all,omitempty"`
	CloseTabs bool   `json:"close_tabs,omitempty"`
}

// ControlReply answers it.
type ControlReply struct {
	OK       bool          `json:"ok"`
	Error    string        `json:"error,omitempty"`
	Sessions []SessionView `json:"sessions,omitempty"`
	URL      string        `json:"url,omitempty"`
}

// IsControl reports whether a connection is a control connection; it
// waits for the connection's first bytes.
func IsControl(br *bufio.Reader) bool {
	b, err := br.Peek(len(ControlPrefix))
	return err == nil && string(b) == ControlPrefix
}

// maxControlLine bounds a control request.
const maxControlLine = 4096

// ServeControl answers the one request of a control connection.
func (h *Hub) ServeControl(ctx context.Context, br *bufio.Reader, w io.Writer) {
	reply := h.control(ctx, br)
	data, _ := json.Marshal(reply)
	_, _ = w.Write(append(data, '\n'))
}

func (h *Hub) control(ctx context.Context, br *bufio.Reader) ControlReply {
	line, err := br.ReadSlice('\n')
	if err != nil {
		return ControlReply{Error: "the request must be one line of at most 4 KiB"}
	}
	var req ControlRequest
	if len(line) > maxControlLine {
		return ControlReply{Error: "the request must be one line of at most 4 KiB"}
	}
	if err := json.Unmarshal(line[len(ControlPrefix):], &req); err != nil {
		return ControlReply{Error: "malformed request: " + err.Error()}
	}
	switch req.Command {
	case CommandWatch:
		url, err := h.Watch()
		if err != nil {
			return ControlReply{Error: err.Error()}
		}
		return ControlReply{OK: true, URL: url}
	case CommandSessions:
		return ControlReply{OK: true, Sessions: h.Sessions()}
	case CommandPause, CommandResume, CommandStop, CommandHandoffDone, CommandHandoffDecline:
		changed, err := h.Control(ctx, Message{Type: MessageControl, Action: req.Command, Session: req.Session, All: req.All, CloseTabs: req.CloseTabs}, "the command line")
		if err != nil {
			return ControlReply{Error: err.Error()}
		}
		return ControlReply{OK: true, Sessions: changed}
	}
	return ControlReply{Error: fmt.Sprintf("unknown command %q", req.Command)}
}

// Ask sends one request on a connection to the host's socket and returns
// the reply; a reply that says no is an error.
func Ask(conn net.Conn, req ControlRequest, timeout time.Duration) (ControlReply, error) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(timeout))
	data, err := json.Marshal(req)
	if err != nil {
		return ControlReply{}, err
	}
	if _, err := conn.Write(append(append([]byte(ControlPrefix), data...), '\n')); err != nil {
		return ControlReply{}, err
	}
	line, err := bufio.NewReader(conn).ReadBytes('\n')
	if err != nil {
		return ControlReply{}, fmt.Errorf("the host did not answer: %w", err)
	}
	var reply ControlReply
	if err := json.Unmarshal(line, &reply); err != nil {
		return ControlReply{}, fmt.Errorf("the host's answer is malformed: %w", err)
	}
	if !reply.OK {
		return reply, errors.New(reply.Error)
	}
	return reply, nil
}
