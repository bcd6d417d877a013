package launch

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/diwall/diwall/internal/paths"
)

// fakeLaunch starts a launch of a shell script standing in for the
// browser.
func fakeLaunch(t *testing.T, script string) *Instance {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake browser is a shell script")
	}
	home := t.TempDir()
	fake := filepath.Join(home, "fake-browser")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	dirs := paths.Resolve(func(k string) string {
		if k == "DIWALL_HOME" {
			return home
		}
		return ""
	}, home)
	inst, err := Start(context.Background(), Options{
		Browser: fake, Headless: true, Dirs: dirs, Self: fake,
		ExtensionID: "jnkblebobpkmgfmabfliknkpdffmpgob", Log: slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { inst.Close() })
	return inst
}

// A browser that dies is started again on the same profile, and the new
// host reads why in the instance file.
func TestKeeperRestartsADeadBrowser(t *testing.T) {
	// Stands in for the browser and its host: records a start in the
	// profile, then serves (the host's pid file) until killed.
	inst := fakeLaunch(t, `echo start >> "$DIWALL_INSTANCE/profile/starts"
echo $$ > "$DIWALL_INSTANCE/host.pid.new" && mv "$DIWALL_INSTANCE/host.pid.new" "$DIWALL_INSTANCE/host.pid"
exec sleep 600
`)
	k := NewKeeper(inst, slog.New(slog.DiscardHandler), 5*time.Second)
	if err := inst.WaitHost(context.Background()); err != nil {
		t.Fatal(err)
	}
	// A running browser whose host serves is left alone.
	ln, err := net.Listen("unix", inst.SocketPath)
	if err != nil {
		t.Fatal(err)
	}
	if restarted, err := k.Revive(context.Background()); restarted || err != nil {
		t.Fatalf("a running browser: restarted %v, %v", restarted, err)
	}
	ln.Close()
	pid := inst.current().cmd.Process.Pid
	if err := inst.current().cmd.Process.Kill(); err != nil { // SIGKILL, on every OS
		t.Fatal(err)
	}
	<-inst.current().exited
	restarted, err := k.Revive(context.Background())
	if !restarted || err != nil {
		t.Fatalf("a dead browser: restarted %v, %v", restarted, err)
	}
	if prefs, _ := os.ReadFile(filepath.Join(inst.Profile, "Default", "Preferences")); !strings.Contains(string(prefs), `"developer_mode":true`) {
		t.Errorf("the profile's preferences: %s", prefs)
	}
	if starts, _ := os.ReadFile(filepath.Join(inst.Profile, "starts")); string(starts) != "start\nstart\n" {
		t.Errorf("the profile folder holds %q: not the same profile?", starts)
	}
	f, err := ReadInstance(inst.Dir)
	if err != nil || f.Restarted != "the browser Diwall launched exited (signal: killed)" {
		t.Errorf("instance file: %+v, %v", f, err)
	}
	if inst.ExitErr() != nil || inst.current().cmd.Process.Pid == pid {
		t.Error("the browser is not running again")
	}
	data, _ := os.ReadFile(HostPIDFile(inst.Dir))
	if got, _ := strconv.Atoi(strings.TrimSpace(string(data))); got != inst.current().cmd.Process.Pid {
		t.Errorf("host.pid %s is the old one", data)
	}
}

// A browser that dies again at once is started again until it has died
// three times within a minute: the first call after its death then gets
// why, and so does every later call.
func TestKeeperGivesUp(t *testing.T) {
	inst := fakeLaunch(t, "echo start >> \"$DIWALL_INSTANCE/profile/starts\"\necho '[9:9:0101/000000.1:FATAL:chrome/browser/x.cc:1] Something broke: here.' >&2\nexit 3\n")
	k := NewKeeper(inst, slog.New(slog.DiscardHandler), 5*time.Second)
	<-inst.current().exited
	for i := range 2 {
		restarted, err := k.Revive(context.Background())
		var gave *GaveUpError
		if restarted != (i == 0) || !errors.As(err, &gave) || gave.Deaths != MaxDeaths || gave.Last.Reason != "Something broke: here." || k.GaveUp() != gave {
			t.Fatalf("call %d: restarted %v, %v", i+1, restarted, err)
		}
		if !strings.Contains(err.Error(), "exited 3 times within 1m0s") || !strings.Contains(err.Error(), "Something broke: here.") {
			t.Errorf("message: %v", err)
		}
	}
	if starts, _ := os.ReadFile(filepath.Join(inst.Profile, "starts")); string(starts) != "start\nstart\nstart\n" {
		t.Errorf("started %q: want the launch and two restarts", starts)
	}
}

// Deaths more than a minute apart do not add up.
func TestKeeperCountsDeathsWithinAMinute(t *testing.T) {
	k := &Keeper{}
	base := time.Now()
	for _, at := range []time.Duration{0, 30 * time.Second, 61 * time.Second, 62 * time.Second} {
		k.count(base.Add(at))
	}
	if len(k.deaths) != 3 {
		t.Errorf("deaths within the minute before the last: %v", k.deaths)
	}
	k.count(base.Add(62 * time.Second)) // the same death, seen again
	if len(k.deaths) != 3 {
		t.Errorf("a death counted twice: %v", k.deaths)
	}
	k.count(base.Add(200 * time.Second))
	if len(k.deaths) != 1 {
		t.Errorf("after a quiet while: %v", k.deaths)
	}
}

// AwaitLost returns once the browser's exit is known, or its host no
// longer serves, and otherwise waits at most reviveGrace.
func TestKeeperAwaitLost(t *testing.T) {
	inst := fakeLaunch(t, "exec sleep 600\n")
	k := NewKeeper(inst, slog.New(slog.DiscardHandler), 5*time.Second)
	ln, err := net.Listen("unix", inst.SocketPath)
	if err != nil {
		t.Fatal(err)
	}
	// A browser that runs and a host that serves: the bound.
	start := time.Now()
	k.AwaitLost(context.Background())
	if took := time.Since(start); took < reviveGrace {
		t.Fatalf("returned after %v while the browser ran and its host served", took)
	}
	// The browser dies (its host still serving a moment): its exit.
	go func() {
		time.Sleep(100 * time.Millisecond)
		_ = inst.current().cmd.Process.Kill()
	}()
	start = time.Now()
	k.AwaitLost(context.Background())
	if exit, _ := inst.Exited(); exit == nil || time.Since(start) >= reviveGrace {
		t.Fatalf("after the browser died: exit %v, after %v", exit, time.Since(start))
	}
	ln.Close()
}
