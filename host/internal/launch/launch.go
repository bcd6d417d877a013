// Package launch starts the dedicated browser of `diwall mcp --launch`: a
// Chromium (or Chrome) profile of its own under Diwall's state folder, with
// the extension loaded and the native host registered for that profile
// only, and ends it, with every process it started, when the client goes.
package launch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"gopkg.in/natefinch/lumberjack.v2"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
)

// Options configures a launch.
type Options struct {
	Browser  string // path of the browser; empty: FindBrowser
	Headless bool
	Dirs     paths.Dirs
	Self     string // absolute path of the diwall binary, registered as the host
	// ExtensionID is the extension's fixed ID, allowed to start the host.
	ExtensionID string
	Log         *slog.Logger
	// DevTools opens Chromium's DevTools port on loopback for test
	// harnesses (DIWALL_TEST_DEVTOOLS=1); off by default.
	DevTools bool
	// ExtraFlags are added to the browser's command line.
	ExtraFlags []string
	// Knobs shape the built-in launch profile (--sites, --tree-chars,
	// --marks, --frames, --download-dir); the instance file carries them
	// to the host.
	Knobs policy.LaunchKnobs
}

// Instance is one launched browser. Its profile folder outlives the
// browser's process: Restart starts the browser again on it.
type Instance struct {
	Dir     string // the instance folder, removed by Close
	Profile string // the browser's --user-data-dir
	// Short is a folder with a short path under the system temp folder,
	// removed by Close: the browser's TMPDIR (where Chromium puts its
	// SingletonSocket) and the host's socket live there, so a long state
	// folder cannot make a socket path too long.
	Short      string
	SocketPath string
	browser    string // the browser's path
	opts       Options
	instance   InstanceFile
	log        *slog.Logger
	logFile    *lumberjack.Logger // the browser's output, rotated by size
	logPath    string

	// restarting is held by Restart and Close, so that Close ends the
	// process a Restart started.
	restarting sync.Mutex
	closed     bool // under restarting

	mu  sync.Mutex
	run *browserRun // the browser's current process
}

// browserRun is one process of the launched browser.
type browserRun struct {
	cmd      *exec.Cmd
	exited   chan struct{}
	exitErr  *ExitError // set before exited is closed
	exitedAt time.Time  // likewise
	stderr   *tailBuffer
}

// Start launches the browser. The caller must Close the instance.
func Start(ctx context.Context, opts Options) (*Instance, error) {
	browserPath := opts.Browser
	if browserPath == "" {
		var err error
		if browserPath, err = FindBrowser(); err != nil {
			return nil, err
		}
	}
	if IgnoresLoadExtension(browserPath) {
		opts.Log.Warn("Google-branded Chrome 137+ ignores --load-extension; prefer Chromium", "browser", browserPath)
	}
	if err := opts.Dirs.Ensure(); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(opts.Dirs.State, "l-")
	if err != nil {
		return nil, err
	}
	short, err := makeShortDir()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	inst := &Instance{
		Dir:        dir,
		Profile:    filepath.Join(dir, "profile"),
		Short:      short,
		SocketPath: filepath.Join(short, "diwall.sock"),
		browser:    browserPath,
		opts:       opts,
		log:        opts.Log,
	}
	if err := inst.prepare(opts); err != nil {
		_ = inst.removeDir()
		return nil, err
	}
	inst.logPath = filepath.Join(opts.Dirs.Logs, "browser.log")
	// One old file is kept.
	inst.logFile = &lumberjack.Logger{Filename: inst.logPath, MaxSize: 5, MaxBackups: 1}
	if err := inst.start(); err != nil {
		inst.logFile.Close()
		_ = inst.removeDir()
		return nil, err
	}
	return inst, nil
}

// prepare writes the extension, the host manifest and the instance file.
func (inst *Instance) prepare(opts Options) error {
	extDir := filepath.Join(inst.Dir, "extension")
	if err := extension.Unpack(extDir); err != nil {
		return fmt.Errorf("unpack extension: %w", err)
	}
	hostsDir := filepath.Join(inst.Profile, "NativeMessagingHosts")
	if err := os.MkdirAll(hostsDir, 0o700); err != nil {
		return err
	}
	if err := writeDeveloperMode(inst.Profile); err != nil {
		return err
	}
	if _, err := installer.WriteManifest(hostsDir, opts.Self, opts.ExtensionID); err != nil {
		return fmt.Errorf("register host: %w", err)
	}
	if err := os.MkdirAll(filepath.Join(inst.Dir, "home"), 0o700); err != nil {
		return err
	}
	inst.instance = InstanceFile{
		Socket: inst.SocketPath, State: inst.Dir, Logs: opts.Dirs.Logs, Config: opts.Dirs.Config,
		Audit: opts.Dirs.AuditDir(), Vault: opts.Dirs.VaultDir(), VaultKey: opts.Dirs.VaultKey(),
		Knobs: opts.Knobs,
	}
	return writeInstance(inst.Dir, inst.instance)
}

// writeDeveloperMode turns on developer mode in the new profile, as for an
// extension a person loads unpacked: without it Chromium disables a
// command-line extension when it is reloaded (from chrome://extensions) and
// it never comes back.
func writeDeveloperMode(profile string) error {
	dir := filepath.Join(profile, "Default")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "Preferences"), []byte(`{"extensions":{"ui":{"developer_mode":true}}}`), 0o600)
}

// Flags returns the browser's command line for a launch.
func Flags(profile, extDir string, headless, devtools, noSandbox bool) []string {
	flags := []string{
		"--user-data-dir=" + profile,
		"--load-extension=" + extDir,
		"--disable-extensions-except=" + extDir,
		"--no-first-run",
		"--no-default-browser-check",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--disable-default-apps",
		"--password-store=basic",
		"--use-mock-keychain",
		"--window-size=1280,800",
		// The browser is the agent's alone; the "is debugging this
		// browser" bar would only shrink the viewport under the model.
		"--silent-debugger-extension-api",
	}
	if headless {
		flags = append(flags, "--headless=new", "--disable-gpu")
	}
	if devtools {
		flags = append(flags, "--remote-debugging-port=0", "--remote-debugging-address=127.0.0.1")
	}
	if noSandbox {
		flags = append(flags, "--no-sandbox")
	}
	return append(flags, "about:blank")
}

// start starts the browser's process, its output going to the log file
// and the end of its stderr kept for its ExitError.
func (inst *Instance) start() error {
	opts := inst.opts
	noSandbox := os.Geteuid() == 0 // Chromium's sandbox cannot run as root
	args := Flags(inst.Profile, filepath.Join(inst.Dir, "extension"), opts.Headless, opts.DevTools, noSandbox)
	args = append(args[:len(args)-1], append(opts.ExtraFlags, args[len(args)-1])...)
	cmd := exec.Command(inst.browser, args...)
	home := filepath.Join(inst.Dir, "home")
	cmd.Env = append(filteredEnv(os.Environ()),
		InstanceEnv+"="+inst.Dir,
		"HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
		"XDG_CACHE_HOME="+filepath.Join(home, ".cache"),
		"XDG_DATA_HOME="+filepath.Join(home, ".local", "share"),
		"TMPDIR="+filepath.Join(inst.Short, "tmp"),
	)
	run := &browserRun{cmd: cmd, exited: make(chan struct{}), stderr: &tailBuffer{max: 16 << 10}}
	cmd.Stdout = inst.logFile
	// The end of its stderr is where Chromium says why it stopped.
	cmd.Stderr = io.MultiWriter(inst.logFile, run.stderr)
	// The browser's children may hold its output open after it exits.
	cmd.WaitDelay = time.Second
	cmd.Stdin = nil
	setProcAttr(cmd)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", inst.browser, err)
	}
	go func() {
		err := cmd.Wait()
		run.exitErr = exitError(cmd.ProcessState, err, run.stderr, inst.logPath)
		run.exitedAt = time.Now()
		close(run.exited)
	}()
	inst.mu.Lock()
	inst.run = run
	inst.mu.Unlock()
	inst.log.Info("browser started", "path", inst.browser, "pid", cmd.Process.Pid, "headless", opts.Headless, "no_sandbox", noSandbox)
	return nil
}

// current is the browser's current process.
func (inst *Instance) current() *browserRun {
	inst.mu.Lock()
	defer inst.mu.Unlock()
	return inst.run
}

// Restart starts the browser again on the same profile folder (its
// cookies and logins are kept; its tabs are not) once its process has
// exited, after ending what is left of it and of its host. The new host
// finds in the instance file why the browser was started again (note),
// and tells the sessions that reconnect. A browser still running is left
// alone.
func (inst *Instance) Restart(note string) error {
	inst.restarting.Lock()
	defer inst.restarting.Unlock()
	if inst.closed {
		return errors.New("the launch is closing")
	}
	old := inst.current()
	select {
	case <-old.exited:
	default:
		return errors.New("the browser is still running")
	}
	killGroup(old.cmd.Process) // its helpers, if any outlived it
	inst.endHost()
	os.Remove(HostPIDFile(inst.Dir))
	os.Remove(inst.SocketPath)
	inst.instance.Restarted = note
	if err := writeInstance(inst.Dir, inst.instance); err != nil {
		return err
	}
	return inst.start()
}

// filteredEnv drops variables the launch sets itself.
func filteredEnv(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case InstanceEnv, "HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "TMPDIR":
			continue
		}
		out = append(out, kv)
	}
	return out
}

// ExitErr says how and why the browser ended, or nil while it runs.
func (inst *Instance) ExitErr() *ExitError {
	e, _ := inst.Exited()
	return e
}

// Exited says how and why the browser's current process ended, and when;
// nil while it runs.
func (inst *Instance) Exited() (*ExitError, time.Time) {
	run := inst.current()
	select {
	case <-run.exited:
		return run.exitErr, run.exitedAt
	default:
		return nil, time.Time{}
	}
}

// WaitHost waits until the host started by the browser serves its socket:
// the host then writes its pid file. A browser that exits first gives its
// *ExitError at once.
func (inst *Instance) WaitHost(ctx context.Context) error {
	run := inst.current()
	tick := time.NewTicker(25 * time.Millisecond)
	defer tick.Stop()
	for {
		if _, err := os.Stat(HostPIDFile(inst.Dir)); err == nil {
			return nil
		}
		select {
		case <-tick.C:
		case <-run.exited:
			return run.exitErr
		case <-ctx.Done():
			return fmt.Errorf("the host did not start: %w", ctx.Err())
		}
	}
}

// Close ends the browser and its host and removes the instance folder.
func (inst *Instance) Close() error {
	inst.restarting.Lock()
	defer inst.restarting.Unlock()
	inst.closed = true
	if run := inst.current(); run != nil {
		terminate(run.cmd.Process)
		select {
		case <-run.exited:
		case <-time.After(5 * time.Second):
			inst.log.Warn("browser ignored SIGTERM; killing it")
		}
		killGroup(run.cmd.Process)
		<-run.exited
	}
	inst.endHost()
	if inst.logFile != nil {
		inst.logFile.Close()
	}
	return inst.removeDir()
}

// endHost waits for the host (which sees its stdin close when the browser
// goes) to exit, and kills it if it lingers.
func (inst *Instance) endHost() {
	data, err := os.ReadFile(HostPIDFile(inst.Dir))
	if err != nil {
		return
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return
	}
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if !processAlive(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	inst.log.Warn("host still running after the browser ended; killing it", "pid", pid)
	if p, err := os.FindProcess(pid); err == nil {
		_ = p.Kill()
	}
}

// removeDir removes the instance folder and the short folder.
func (inst *Instance) removeDir() error {
	return errors.Join(removeAll(inst.Dir), removeAll(inst.Short))
}

func removeAll(dir string) error {
	var err error
	// Chromium's last writes can race the first removal.
	for i := 0; i < 5; i++ {
		if err = os.RemoveAll(dir); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}
