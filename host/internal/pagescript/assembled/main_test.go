package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// What the tests read is the host's text, every script of it, and the
// constants as the host reads them.
func TestWritesTheHostsText(t *testing.T) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		t.Fatal(err)
	}
	var got printed
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	all := pagescript.All()
	if len(got.Scripts) != len(all) {
		t.Errorf("%d scripts printed, %d sent", len(got.Scripts), len(all))
	}
	for _, s := range all {
		if got.Scripts[s.Name] != s.Text {
			t.Errorf("%s printed is not the text the host sends", s.Name)
		}
	}
	var c pagescript.Constants
	if err := json.Unmarshal(got.Constants, &c); err != nil || c.Act != pagescript.Shared.Act || len(c.SensitiveAutocomplete) != len(pagescript.Shared.SensitiveAutocomplete) {
		t.Errorf("constants %s: %v", got.Constants, err)
	}
}

// failingWriter refuses every write, as a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("closed pipe") }

// A reader that went away is an error the command reports, not a
// silent, partial print.
func TestWriteFailureIsReported(t *testing.T) {
	if err := write(failingWriter{}); err == nil || err.Error() != "closed pipe" {
		t.Fatalf("write to a closed pipe: %v", err)
	}
}

// The command itself prints one JSON object on its standard output.
func TestMainPrintsOneObject(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out.json"))
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = f
	main()
	os.Stdout = stdout
	f.Close()
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	var got printed
	if err := json.Unmarshal(data, &got); err != nil || len(got.Scripts) != len(pagescript.All()) {
		t.Fatalf("printed %d bytes: %v", len(data), err)
	}
}
