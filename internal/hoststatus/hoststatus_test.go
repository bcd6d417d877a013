package hoststatus

import (
	"os"
	"testing"
	"time"
)

func TestRecordsOfRunningHosts(t *testing.T) {
	state := t.TempDir()
	remove, err := Write(state, Record{PID: os.Getpid(), HostVersion: "1.0.0", ExtensionVersion: "1.0.0", Since: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	// A host that died without removing its record.
	if _, err := Write(state, Record{PID: 1 << 30, HostVersion: "1.0.0"}); err != nil {
		t.Fatal(err)
	}
	got := Running(state)
	if len(got) != 1 || got[0].PID != os.Getpid() || got[0].ExtensionVersion != "1.0.0" {
		t.Fatalf("Running = %+v, want this process only", got)
	}
	remove()
	if got := Running(state); len(got) != 0 {
		t.Fatalf("after remove: %+v", got)
	}
}

func TestRefusal(t *testing.T) {
	state := t.TempDir()
	if _, ok := LastRefusal(state); ok {
		t.Fatal("a refusal before any")
	}
	if err := Refuse(state, Refusal{ExtensionVersion: "2.0.0", Message: "another major"}); err != nil {
		t.Fatal(err)
	}
	if r, ok := LastRefusal(state); !ok || r.Message != "another major" {
		t.Fatalf("LastRefusal = %+v, %v", r, ok)
	}
	ClearRefusal(state)
	if _, ok := LastRefusal(state); ok {
		t.Fatal("the refusal outlived ClearRefusal")
	}
}
