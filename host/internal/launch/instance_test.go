package launch

import (
	"testing"

	"github.com/diwall/diwall/internal/policy"
)

// TestInstanceFileCarriesTheKnobs: the launch's knobs reach the host's side
// of the instance file as they left, and a launch without any writes none.
func TestInstanceFileCarriesTheKnobs(t *testing.T) {
	for _, knobs := range []policy.LaunchKnobs{
		{Sites: "https://*.example.com,http://127.0.0.1:*", TreeChars: 5000, Marks: 40, Frames: policy.FramesSites, DownloadDir: "/tmp/d"},
		{},
	} {
		dir := t.TempDir()
		if err := writeInstance(dir, InstanceFile{Socket: "/s", State: "/st", Logs: "/l", Knobs: knobs}); err != nil {
			t.Fatal(err)
		}
		f, err := ReadInstance(dir)
		if err != nil {
			t.Fatal(err)
		}
		if f.Knobs != knobs {
			t.Errorf("read %+v, wrote %+v", f.Knobs, knobs)
		}
	}
}
