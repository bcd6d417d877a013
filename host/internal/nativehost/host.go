// Package nativehost runs the diwall process that Chrome starts as a
// native-messaging host: it connects to the extension over stdin and
// stdout, and serves MCP sessions on the local socket while the extension
// is there.
package nativehost

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/diwall/diwall/host/internal/approval"
	"github.com/diwall/diwall/host/internal/audit"
	"github.com/diwall/diwall/host/internal/browser"
	"github.com/diwall/diwall/host/internal/extlink"
	"github.com/diwall/diwall/host/internal/observe"
	"github.com/diwall/diwall/host/internal/operator"
	"github.com/diwall/diwall/host/internal/sessions"
	"github.com/diwall/diwall/host/internal/tools"
	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/internal/socket"
	"github.com/diwall/diwall/internal/version"
	"github.com/diwall/diwall/protocol"
)

// Options configures the host.
type Options struct {
	// Stdin and Stdout are the native-messaging pipe from and to Chrome.
	Stdin  io.Reader
	Stdout io.Writer
	// SocketPath is where MCP clients (diwall mcp) connect.
	SocketPath string
	// StateDir keeps the host's small state files.
	StateDir string
	Log      *slog.Logger
	// HelloTimeout bounds the wait for the extension's first message.
	HelloTimeout time.Duration
	// DefaultProfile names the profile of MCP sessions that name none;
	// "" means Profile.
	DefaultProfile string
	// Profile is what MCP sessions that name no profile may do when there
	// is no DefaultProfile.
	Profile policy.Profile
	// Profiles finds the profiles that sessions name; nil: only Profile.
	Profiles tools.Profiles
	// Remember writes what the person allowed "Always" into a profile.
	Remember tools.Remembering
	// AskHeadless asks questions even in a headless browser, where a test
	// harness stands in for the person (DIWALL_TEST_PERSON=1; tests only).
	AskHeadless bool
	// Ready, when set, is called once the socket accepts connections.
	Ready func()
	// Audit records every tool call; nil records none.
	Audit *audit.Log
	// Vault holds the credentials login may type; nil means none.
	Vault tools.Credentials
	// ExtensionVersion is the version of the extension this host embeds:
	// an extension of another major version is refused (and the refusal
	// recorded for doctor); "" accepts any.
	ExtensionVersion string
	// Restarted says why the browser was started again, when it was (the
	// browser of --launch had exited): the sessions that reconnect are
	// told, with the tabs they lost.
	Restarted string
}

// Run serves until the extension goes away (stdin EOF) or ctx ends. It
// returns nil on a clean end.
func Run(ctx context.Context, opts Options) error {
	log := opts.Log
	if opts.HelloTimeout == 0 {
		opts.HelloTimeout = 10 * time.Second
	}
	var b *browser.Browser
	var panels *operator.Panels
	var asker *approval.Asker
	link := extlink.New(opts.Stdin, opts.Stdout, log, func(m *protocol.Message) {
		switch {
		case m.Event == protocol.EventOperatorMessage && panels != nil:
			panels.Message(m.Params)
		case m.Event == protocol.EventOperatorClosed && panels != nil:
			panels.Closed(m.Params)
		case m.Event == protocol.EventApprovalAnswered && asker != nil:
			asker.Answered(m.Params)
		case b != nil:
			b.HandleEvent(m)
		}
	})
	b, err := browser.New(link, log, opts.StateDir)
	if err != nil {
		return fmt.Errorf("tab state: %w", err)
	}
	asker = approval.New(link, log)
	reg := sessions.New(b, link, log)
	reg.Record(opts.StateDir)
	reg.SetCause(opts.Restarted)
	// However this host ends, its sessions find in the next one what they
	// lost: what it recorded stays as it is now.
	defer reg.StopRecording()
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	hub := operator.New(log, &operator.Options{Browser: reg})
	defer hub.Close()
	panels = operator.NewPanels(ctx, hub, link.Start, log)
	linkErr := make(chan error, 1)
	go func() { linkErr <- link.Run() }()

	helloCtx, cancel := context.WithTimeout(ctx, opts.HelloTimeout)
	hello, err := link.WaitHello(helloCtx)
	cancel()
	if err != nil {
		return fmt.Errorf("waiting for the extension's hello: %w", err)
	}
	log.Info("extension connected", "version", hello.ExtensionVersion, "agent_tabs", len(hello.AgentTabs))
	if opts.ExtensionVersion != "" {
		if err := version.Compatible(hello.ExtensionVersion, opts.ExtensionVersion); err != nil {
			refusal := hoststatus.Refusal{ExtensionVersion: hello.ExtensionVersion, HostVersion: version.Host,
				ParentPID: os.Getppid(), Message: err.Error(), At: time.Now()}
			if werr := hoststatus.Refuse(opts.StateDir, refusal); werr != nil {
				log.Warn("could not record the refusal", "err", werr)
			}
			return fmt.Errorf("refused the extension: %w", err)
		}
		hoststatus.ClearRefusal(opts.StateDir)
	}
	if err := b.Restore(ctx, hello); err != nil {
		log.Warn("could not restore agent tabs", "err", err)
	}

	ln, replaced, err := socket.Listen(opts.SocketPath)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	if replaced != "" {
		log.Info("replaced an existing socket", "was", replaced)
	}
	log.Info("serving MCP", "socket", opts.SocketPath)
	removeStatus, err := hoststatus.Write(opts.StateDir, hoststatus.Record{
		PID: os.Getpid(), ParentPID: os.Getppid(), HostVersion: version.Host,
		ExtensionVersion: hello.ExtensionVersion, UserAgent: hello.UserAgent,
		Socket: opts.SocketPath, Since: time.Now(),
	})
	if err != nil {
		log.Warn("could not record the host's status", "err", err)
	}
	defer removeStatus()
	if opts.Ready != nil {
		opts.Ready()
	}

	// A headless browser has no one to answer the questions it would ask.
	noPerson := strings.Contains(hello.UserAgent, "HeadlessChrome") && !opts.AskHeadless
	srv := tools.New(b, log, &tools.Options{
		DefaultProfile: opts.DefaultProfile, Profile: opts.Profile, Profiles: opts.Profiles, Remember: opts.Remember,
		NoPerson: func() bool { return noPerson }, ObservePath: observe.PathFromEnv(os.Getenv),
		Audit: opts.Audit, Vault: opts.Vault, Operator: hub, Sessions: reg, Asker: asker,
	})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		accept(ctx, ln, srv, hub, log)
	}()

	select {
	case err = <-linkErr:
		if err != nil {
			log.Warn("extension link broke", "err", err)
		} else {
			log.Info("extension went away")
		}
	case <-ctx.Done():
		log.Info("stopping", "why", context.Cause(ctx))
	}
	reg.StopRecording()
	stop()
	ln.Close()
	wg.Wait()
	return err
}

// accept serves each connection until ctx ends: an MCP session, or one
// command of the person (diwall pause, resume, stop, watch, sessions).
func accept(ctx context.Context, ln net.Listener, srv *tools.Server, hub *operator.Hub, log *slog.Logger) {
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		conn, err := ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				log.Warn("accept", "err", err)
			}
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer conn.Close()
			br := bufio.NewReader(conn)
			if operator.IsControl(br) {
				hub.ServeControl(ctx, br, conn)
				return
			}
			log.Info("MCP session started")
			err := srv.Serve(ctx, struct {
				io.Reader
				io.WriteCloser
			}{br, conn})
			log.Info("MCP session ended", "err", err)
		}()
	}
}
