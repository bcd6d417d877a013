package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"syscall"

	"github.com/diwall/diwall/internal/atomicfile"

	"github.com/diwall/diwall/extension"
	"github.com/diwall/diwall/host/internal/launch"
	"github.com/diwall/diwall/host/internal/nativehost"
	"github.com/diwall/diwall/installer"
	"github.com/diwall/diwall/internal/paths"
	"github.com/diwall/diwall/internal/policy"
)

// hostPlace is where a host keeps its socket, state and logs.
type hostPlace struct {
	socket, state, logs string
	config              string             // the person's profiles
	knobs               policy.LaunchKnobs // the launch's flags, for its built-in profile
	instance            string             // the launch folder, when a launched browser started us
	audit               string             // the audit log's folder
	vault, vaultKey     string             // the vault's folder and the key of its file
	restarted           string             // why the launched browser was started again
}

func resolveHostPlace() (hostPlace, error) {
	if dir := os.Getenv(launch.InstanceEnv); dir != "" {
		f, err := launch.ReadInstance(dir)
		if err != nil {
			return hostPlace{}, err
		}
		return hostPlace{socket: f.Socket, state: f.State, logs: f.Logs, config: f.Config, knobs: f.Knobs, instance: dir,
			audit: f.Audit, vault: f.Vault, vaultKey: f.VaultKey, restarted: f.Restarted}, nil
	}
	d := paths.Default()
	if err := d.Ensure(); err != nil {
		return hostPlace{}, err
	}
	return hostPlace{socket: d.Socket(), state: d.State, logs: d.Logs, config: d.Config,
		audit: d.AuditDir(), vault: d.VaultDir(), vaultKey: d.VaultKey()}, nil
}

// runHost is the native-messaging host that Chrome starts. Its stdout is the
// protocol: nothing else may be written there.
func runHost(ctx context.Context, args []string, stdio Stdio) int {
	// A write to a closed pipe must be an error, not a silent death.
	signal.Ignore(syscall.SIGPIPE)
	protocolOut := stdio.Out
	// Anything printed by accident goes to stderr, which Chrome logs.
	os.Stdout = os.Stderr
	keepMemorySmall()

	place, err := resolveHostPlace()
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall host:", err)
		return 1
	}
	log, closer, err := openLog(filepath.Join(place.logs, "host.log"))
	if err != nil {
		fmt.Fprintln(stdio.Err, "diwall host: log:", err)
		return 1
	}
	defer closer.Close()

	if !allowedCaller(args[0], place.instance == "") {
		log.Error("refusing a caller that is not the Diwall extension", "origin", args[0], "want", installer.ExtensionOrigin(extension.ID()))
		return 1
	}
	ready := func() {}
	if place.instance != "" {
		// The launcher waits for this file: it appears once the socket
		// serves, and names the process to end with the browser. It
		// appears whole (a reader never finds it empty).
		ready = func() {
			pid := []byte(strconv.Itoa(os.Getpid()))
			if err := atomicfile.Write(launch.HostPIDFile(place.instance), pid, 0o600); err != nil {
				log.Warn("could not record the host pid", "err", err)
			}
		}
	}
	opts := nativehost.Options{
		Stdin: stdio.In, Stdout: protocolOut,
		SocketPath: place.socket, StateDir: place.state, Log: log, Ready: ready,
		AskHeadless:      os.Getenv("DIWALL_TEST_PERSON") == "1",
		ExtensionVersion: extension.Version(),
		Restarted:        place.restarted,
	}
	if place.instance != "" {
		// The launched browser holds none of the person's data: sessions
		// that name no profile get the built-in launch profile.
		if opts.Profile, err = place.knobs.Profile(); err != nil {
			log.Error("bad launch profile", "err", err)
			return 1
		}
	} else {
		opts.DefaultProfile = policy.DefaultName
	}
	if place.config != "" {
		opts.Profiles = policy.NewStore(place.config, map[string]policy.Profile{policy.DefaultName: policy.Default()})
		opts.Remember = policy.Files(place.config)
	}
	if place.audit != "" {
		if opts.Audit, err = openAudit(place.audit, log); err != nil {
			log.Error("no audit log", "err", err)
			return 1
		}
	}
	if place.vault != "" {
		if opts.Vault, err = openVault(place.vault, place.vaultKey); err != nil {
			log.Error("no vault", "err", err)
			return 1
		}
	}
	log.Info("host starting", "pid", os.Getpid(), "launched", place.instance != "")
	err = nativehost.Run(ctx, opts)
	if err != nil {
		log.Error("host ended", "err", err)
		return 1
	}
	log.Info("host ended")
	return 0
}

// hostMemoryLimit is the host's soft memory limit: the garbage collector
// works harder as the heap nears it, so a huge page's observation (tens of
// megabytes of serializer output, read and parsed) does not leave the
// host holding twice that in garbage. GOMEMLIMIT, when set, wins.
const hostMemoryLimit = 96 << 20

func keepMemorySmall() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(hostMemoryLimit)
	}
}

// allowedCaller reports whether Chrome started the host for one of
// Diwall's extensions: the embedded one, the Chrome Web Store's once
// listed, and, for the everyday browser, those `diwall install
// --extension-id` let in (Chrome itself starts the host only for the
// extensions its manifest allows; this checks again).
func allowedCaller(origin string, everyday bool) bool {
	ids := extension.KnownIDs()
	if everyday {
		if rec, err := installer.LoadRecord(paths.Default()); err == nil {
			ids = append(ids, rec.ExtensionIDs...)
		}
	}
	for _, id := range ids {
		if origin == installer.ExtensionOrigin(id) {
			return true
		}
	}
	return false
}
