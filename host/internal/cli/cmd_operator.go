package cli

import (
	"flag"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/socket"
)

// The person's commands to the running host, over its local socket:
// pause, resume and stop sessions, list them, and start the local page.

// controlWait bounds one command (a stop waits for the tabs to be released).
const controlWait = 20 * time.Second

// runControl runs `diwall pause|resume|stop [SESSION|--all]`.
func runControl(command string, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall "+command, flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	all := fs.Bool("all", false, "every session (the default when no session is named)")
	closeTabs := false
	if command == operator.CommandStop {
		fs.BoolVar(&closeTabs, "close-tabs", false, "also close the session's tabs (by default they stay open for you)")
	}
	// Flags may come after the session too.
	var named []string
	for rest := args; ; rest = fs.Args()[1:] {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		named = append(named, fs.Arg(0))
	}
	if len(named) > 1 || (*all && len(named) == 1) {
		fmt.Fprintf(stdio.Err, "diwall %s: name one session, or --all\n", command)
		return 2
	}
	req := operator.ControlRequest{Command: command, All: len(named) == 0, CloseTabs: closeTabs}
	if len(named) == 1 {
		req.Session = named[0]
	}
	reply, code := ask(command, req, stdio)
	if code != 0 {
		return code
	}
	if len(reply.Sessions) == 0 {
		fmt.Fprintln(stdio.Out, "No session is connected.")
		return 0
	}
	for _, s := range reply.Sessions {
		fmt.Fprintf(stdio.Out, "%s: %s (%s)\n", s.Status, s.Name, short(s.Key))
	}
	return 0
}

// runHandoff runs `diwall handoff done|decline [SESSION]`.
func runHandoff(args []string, stdio Stdio) int {
	if len(args) == 0 || len(args) > 2 || (args[0] != "done" && args[0] != "decline") {
		fmt.Fprintln(stdio.Err, "Usage: diwall handoff done|decline [SESSION]")
		return 2
	}
	req := operator.ControlRequest{Command: operator.CommandHandoffDone}
	if args[0] == "decline" {
		req.Command = operator.CommandHandoffDecline
	}
	if len(args) == 2 {
		req.Session = args[1]
	}
	reply, code := ask("handoff "+args[0], req, stdio)
	if code != 0 {
		return code
	}
	for _, s := range reply.Sessions {
		fmt.Fprintf(stdio.Out, "answered %s: %s (%s)\n", args[0], s.Name, short(s.Key))
	}
	return 0
}

// runSessions runs `diwall sessions`.
func runSessions(args []string, stdio Stdio) int {
	if len(args) > 0 {
		fmt.Fprintln(stdio.Err, "diwall sessions takes no arguments")
		return 2
	}
	reply, code := ask("sessions", operator.ControlRequest{Command: operator.CommandSessions}, stdio)
	if code != 0 {
		return code
	}
	printSessions(stdio.Out, reply.Sessions)
	return 0
}

// runWatch runs `diwall watch [--no-open]`.
func runWatch(args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall watch", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	noOpen := fs.Bool("no-open", false, "print the page's address without opening it")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stdio.Err, "diwall watch takes no arguments")
		return 2
	}
	reply, code := ask("watch", operator.ControlRequest{Command: operator.CommandWatch}, stdio)
	if code != 0 {
		return code
	}
	fmt.Fprintln(stdio.Out, reply.URL)
	if !*noOpen {
		if err := openInBrowser(reply.URL); err != nil {
			fmt.Fprintf(stdio.Err, "diwall watch: could not open a browser (%v); open the address above\n", err)
		}
	}
	return 0
}

// ask sends a request to the running host (the everyday browser's, else
// a launched browser's); command is the command as the person typed it
// ("handoff done"), which its errors name. code is the exit code when it
// failed.
func ask(command string, req operator.ControlRequest, stdio Stdio) (operator.ControlReply, int) {
	where := everydayOrLaunched(paths.Default())()
	conn, err := socket.Dial(where, time.Second)
	if err != nil {
		fmt.Fprintf(stdio.Err, "diwall %s: no Diwall host is running (%v); one runs while your browser with the Diwall extension is open, or a diwall mcp --launch session\n", command, err)
		return operator.ControlReply{}, 1
	}
	reply, err := operator.Ask(conn, req, controlWait)
	if err != nil {
		fmt.Fprintf(stdio.Err, "diwall %s: %v\n", command, err)
		return reply, 1
	}
	return reply, 0
}

func printSessions(w io.Writer, sessions []operator.SessionView) {
	if len(sessions) == 0 {
		fmt.Fprintln(w, "No session is connected.")
		return
	}
	for _, s := range sessions {
		state := string(s.Status)
		if s.Acting {
			state += ", acting"
		}
		if !s.Connected {
			state += ", disconnected"
		}
		line := fmt.Sprintf("%s  %-24s %s", short(s.Key), s.Name, state)
		if s.Tab != nil {
			line += "  " + s.Tab.URL
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if h := s.Handoff; h != nil {
			// The reason is the model's words: quoted, as what it is.
			fmt.Fprintf(w, "          waits for you since %s, the model says: %q (diwall handoff done|decline %s)\n",
				time.UnixMilli(h.Since).Format("15:04:05"), h.Reason, short(s.Key))
		}
	}
}

// short is the start of a session key, enough to name it in a command.
func short(key string) string { return key[:min(8, len(key))] }

// openInBrowser opens url in the person's default browser.
func openInBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
