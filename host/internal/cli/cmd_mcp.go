package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/host/internal/mcpbridge"
	"github.com/diwall/diwall/host/internal/tools"
	"github.com/diwall/diwall/host/internal/vault"
	"github.com/diwall/diwall/internal/hoststatus"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
	"github.com/diwall/diwall/internal/socket"
)

// launchFlag is --launch, --launch=headless or --launch=headful.
type launchFlag struct{ on, headless bool }

func (f *launchFlag) IsBoolFlag() bool { return true }
func (f *launchFlag) String() string {
	switch {
	case !f.on:
		return ""
	case f.headless:
		return "headless"
	}
	return "true"
}
func (f *launchFlag) Set(v string) error {
	switch v {
	case "true", "headful":
		f.on, f.headless = true, false
	case "headless":
		f.on, f.headless = true, true
	case "false":
		f.on = false
	default:
		return fmt.Errorf("want --launch or --launch=headless, not %q", v)
	}
	return nil
}

const (
	noBrowserEveryday = "No browser is connected to Diwall. Start Chrome with the Diwall extension installed and enabled (run `diwall doctor` to check), then call again."
	lostEveryday      = "The browser went away (Chrome quit, or Diwall's extension or host restarted). Open Chrome with the Diwall extension enabled: this session reconnects by itself within seconds, keeping its profile, approvals and audit log (its tabs may be gone), then call again."
	noBrowserLaunched = "The browser Diwall launched is running but its extension is not connected: it may be restarting (call again in a few seconds)."
	lostLaunched      = "Diwall lost its connection to the browser it launched (the browser or Diwall's host in it restarted). Call again: a browser that exited is started again by the next call, on the same profile (its cookies and logins are kept, its tabs are not)."
)

// browserGone is the message of every call once the launched browser died
// too often to be started again: Chrome's reason, and what the person can
// do.
func browserGone(e *launch.GaveUpError) string {
	return fmt.Sprintf("The browser Diwall launched exited %d times within %v, so Diwall stopped starting it again and this MCP server has no browser. The last time: %v. Do not call again; the person must fix the cause and restart this MCP server.",
		e.Deaths, launch.DeathWindow, e.Last)
}

// hostWait bounds how long --launch waits for the browser's host.
const hostWait = 30 * time.Second

func runMCP(ctx context.Context, args []string, stdio Stdio) int {
	fs := flag.NewFlagSet("diwall mcp", flag.ContinueOnError)
	fs.SetOutput(stdio.Err)
	var lf launchFlag
	fs.Var(&lf, "launch", "start a dedicated browser with the extension (=headless for no window)")
	browserPath := fs.String("browser", "", "browser binary for --launch (default: Chromium, then Chrome)")
	var knobs policy.LaunchKnobs
	fs.StringVar(&knobs.Sites, "sites", "", "with --launch: comma-separated origin patterns the session may see, e.g. http://127.0.0.1:*,https://*.example.com (default: every http(s) site)")
	fs.IntVar(&knobs.TreeChars, "tree-chars", 0, "with --launch: the tree's character budget per observation (default 24000)")
	fs.IntVar(&knobs.Marks, "marks", 0, "with --launch: the most marks per observation (default 250)")
	fs.StringVar(&knobs.Frames, "frames", "", "with --launch: \"sites\" reads the frames whose origin is on the sites (their elements get marks); \"mask\" (default) never reads a frame")
	fs.StringVar(&knobs.DownloadDir, "download-dir", "", "with --launch: the folder downloads are saved in (default: none, every download is refused)")
	profileName := fs.String("profile", "", "the profile this session runs under (default: \"default\", or with --launch the built-in launch profile)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if !lf.on && !knobs.IsZero() {
		if knobs.Sites != "" {
			fmt.Fprintln(stdio.Err, "diwall mcp: --sites applies to --launch; your everyday browser's sites come from its profile")
		} else {
			fmt.Fprintln(stdio.Err, "diwall mcp: --tree-chars, --marks, --frames and --download-dir apply to --launch")
		}
		return 2
	}
	if *profileName != "" && !knobs.IsZero() {
		fmt.Fprintln(stdio.Err, "diwall mcp: --sites, --tree-chars, --marks, --frames and --download-dir shape the built-in launch profile; with --profile, the profile's file says them")
		return 2
	}
	if knobs.DownloadDir != "" {
		abs, err := filepath.Abs(knobs.DownloadDir)
		if err == nil {
			var st os.FileInfo
			if st, err = os.Stat(abs); err == nil && !st.IsDir() {
				err = fmt.Errorf("not a folder")
			}
		}
		if err != nil {
			fmt.Fprintf(stdio.Err, "diwall mcp: --download-dir %s: %v\n", knobs.DownloadDir, err)
			return 2
		}
		knobs.DownloadDir = abs
	}
	// The host builds its profile from the knobs; a bad one is refused
	// here, where the person can read why.
	if _, err := knobs.Profile(); err != nil {
		fmt.Fprintln(stdio.Err, "diwall mcp:", err)
		return 2
	}
	dirs := paths.Default()
	if err := dirs.Ensure(); err != nil {
		fmt.Fprintln(stdio.Err, "diwall mcp:", err)
		return 1
	}
	log, closer, err := openLog(filepath.Join(dirs.Logs, "mcp.log"))
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall mcp: log:", err)
		return 1
	}
	defer closer.Close()

	opts := mcpbridge.Options{Socket: everydayOrLaunched(dirs), In: stdio.In, Out: stdio.Out, Log: log,
		NoBrowser: noBrowserEveryday, NoBrowserLost: lostEveryday, Profile: *profileName, Why: refusedExtension(dirs.State)}
	// The host enforces the profile; here it only decides what is listed,
	// and which credentials the instructions name.
	prof := policy.Launch()
	if *profileName != "" || !lf.on {
		name := *profileName
		if name == "" {
			name = policy.DefaultName
		}
		prof, err = policy.Load(dirs.Config, name)
		if errors.Is(err, os.ErrNotExist) && *profileName == "" {
			prof, err = policy.Default(), nil
		}
		if err != nil {
			fmt.Fprintln(stdio.Err, "diwall mcp:", err)
			return 1
		}
	}
	creds := permittedCredentials(dirs, prof, log)
	opts.Instructions = tools.InstructionsWith(creds)
	opts.OperatorWrite = prof.OperatorWrite
	opts.Permits = func(tool string) bool {
		return prof.Permits(tool) && (tool != "login" || len(creds) > 0)
	}
	if lf.on {
		self, err := executable()
		if err != nil {
			fmt.Fprintln(stdio.Err, "diwall mcp:", err)
			return 1
		}
		inst, err := launch.Start(ctx, launch.Options{
			Browser: *browserPath, Headless: lf.headless, Dirs: dirs, Self: self,
			ExtensionID: extension.ID(), Log: log,
			DevTools: os.Getenv("DIWALL_TEST_DEVTOOLS") == "1", ExtraFlags: strings.Fields(os.Getenv("DIWALL_TEST_BROWSER_FLAGS")),
			Knobs: knobs,
		})
		if err != nil {
			fmt.Fprintln(stdio.Err, "diwall mcp --launch:", err)
			log.Error("launch failed", "err", err)
			return 1
		}
		defer func() {
			if err := inst.Close(); err != nil {
				log.Warn("cleanup after the browser", "err", err)
			}
			log.Info("launched browser closed")
		}()
		wctx, cancel := context.WithTimeout(ctx, hostWait)
		err = inst.WaitHost(wctx)
		cancel()
		if err != nil {
			// Serve anyway: every call says what went wrong, so the
			// client shows the person why, not only a closed pipe.
			fmt.Fprintln(stdio.Err, "diwall mcp --launch:", err)
			log.Error("host did not come up", "err", err)
		} else {
			log.Info("launched browser ready", "socket", inst.SocketPath)
		}
		opts.Socket = func() string { return inst.SocketPath }
		opts.NoBrowser, opts.NoBrowserLost, opts.Why = noBrowserLaunched, lostLaunched, nil
		// A browser that died is started again by the next call, unless
		// it died too often.
		keeper := launch.NewKeeper(inst, log, hostWait)
		opts.Revive = func(ctx context.Context) error {
			_, err := keeper.Revive(ctx)
			return err
		}
		opts.HostLost = keeper.AwaitLost
		opts.Gone = func() string {
			if e := keeper.GaveUp(); e != nil {
				return browserGone(e)
			}
			return ""
		}
	}
	if err := mcpbridge.Run(ctx, opts); err != nil {
		log.Error("mcp session ended", "err", err)
		return 1
	}
	return 0
}

// refusedExtension says why the everyday browser's host is not serving
// when it refused the extension for its version.
func refusedExtension(state string) func() string {
	return func() string {
		if r, ok := hoststatus.LastRefusal(state); ok {
			return "Diwall's host refused the browser's extension: " + r.Message + "."
		}
		return ""
	}
}

// everydayOrLaunched finds the host a plain `diwall mcp` talks to: the
// everyday browser's, or else the host of a browser that a `diwall mcp
// --launch` with the same DIWALL_HOME runs now, so several clients can
// share one launched browser, each with its own tabs.
func everydayOrLaunched(dirs paths.Dirs) func() string {
	return func() string {
		if socket.Alive(dirs.Socket()) {
			return dirs.Socket()
		}
		if s := launch.Running(dirs.State); s != "" {
			return s
		}
		return dirs.Socket()
	}
}

// permittedCredentials are the vault's entries (ids and origins) that the
// profile lists, for the instructions; the secrets stay locked.
func permittedCredentials(dirs paths.Dirs, prof policy.Profile, log *slog.Logger) []vault.Entry {
	if len(prof.Credentials) == 0 {
		return nil
	}
	v, err := vaultOf(dirs)
	if err != nil {
		log.Warn("vault", "err", err)
		return nil
	}
	entries, err := v.List()
	if err != nil {
		log.Warn("vault", "err", err)
		return nil
	}
	var out []vault.Entry
	for _, e := range entries {
		if slices.Contains(prof.Credentials, e.ID) {
			out = append(out, e)
		}
	}
	if len(out) < len(prof.Credentials) {
		log.Warn("the profile names credentials the vault does not hold", "profile", prof.Name, "listed", len(prof.Credentials), "found", len(out))
	}
	return out
}
