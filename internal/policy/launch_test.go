package policy

import (
	"strings"
	"testing"
)

// TestLaunchKnobsShapeTheLaunchProfile: each knob of diwall mcp --launch
// lands in the built-in launch profile; none set keeps its defaults; a bad
// one is refused, not ignored.
func TestLaunchKnobsShapeTheLaunchProfile(t *testing.T) {
	p, err := LaunchKnobs{Sites: "http://127.0.0.1:*", TreeChars: 900, Marks: 12, Frames: FramesSites, DownloadDir: "/tmp/dl"}.Profile()
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != LaunchName || len(p.Sites) != 1 || p.Sites[0].Host != "127.0.0.1" || p.TreeChars != 900 || p.Marks != 12 ||
		p.Frames != FramesSites || p.DownloadDir != "/tmp/dl" {
		t.Errorf("profile %+v", p)
	}
	var none LaunchKnobs
	if !none.IsZero() || (LaunchKnobs{Marks: 1}).IsZero() {
		t.Error("IsZero")
	}
	def, err := none.Profile()
	if err != nil {
		t.Fatal(err)
	}
	want := Launch()
	if len(def.Sites) != len(want.Sites) || def.TreeChars != DefaultTreeChars || def.Marks != DefaultMarks || def.Frames != FramesMask || def.DownloadDir != "" {
		t.Errorf("no knobs: %+v, want the launch profile's defaults", def)
	}
	for _, c := range []struct {
		k    LaunchKnobs
		want string
	}{
		{LaunchKnobs{Frames: "all"}, `frames "all"`},
		{LaunchKnobs{Sites: "ftp://x"}, "ftp"},
		{LaunchKnobs{TreeChars: -1}, "positive"},
		{LaunchKnobs{Marks: -5}, "positive"},
	} {
		if _, err := c.k.Profile(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error that says %q", c.k, err, c.want)
		}
	}
}
