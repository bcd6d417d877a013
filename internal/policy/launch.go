package policy

import (
	"errors"
	"fmt"
)

// LaunchKnobs are what `diwall mcp --launch` lets the person set of the
// built-in launch profile (--sites, --tree-chars, --marks, --frames,
// --download-dir). They travel as one value: from the command line to the
// launcher, through the instance file (JSON) to the host that the launched
// browser starts, which builds its profile with Profile.
type LaunchKnobs struct {
	// Sites are comma-separated origin patterns the session may see;
	// empty: every http(s) site.
	Sites string `json:"sites,omitempty"`
	// TreeChars and Marks override the profile's budgets when > 0.
	TreeChars int `json:"tree_chars,omitempty"`
	Marks     int `json:"marks,omitempty"`
	// Frames is FramesMask or FramesSites; empty keeps the profile's.
	Frames string `json:"frames,omitempty"`
	// DownloadDir is the only folder downloads are saved in (an absolute
	// path); empty: every download is refused.
	DownloadDir string `json:"download_dir,omitempty"`
}

// IsZero says no knob is set.
func (k LaunchKnobs) IsZero() bool { return k == LaunchKnobs{} }

// Profile is the built-in launch profile with the knobs applied. A knob it
// cannot take is an error, never ignored.
func (k LaunchKnobs) Profile() (Profile, error) {
	p := Launch()
	if k.TreeChars < 0 || k.Marks < 0 {
		return p, errors.New("budgets must be positive")
	}
	if k.Frames != "" && k.Frames != FramesMask && k.Frames != FramesSites {
		return p, fmt.Errorf("frames %q: want %q or %q", k.Frames, FramesMask, FramesSites)
	}
	if k.Sites != "" {
		var err error
		if p, err = p.WithSites(k.Sites); err != nil {
			return p, err
		}
	}
	if k.TreeChars > 0 {
		p.TreeChars = k.TreeChars
	}
	if k.Marks > 0 {
		p.Marks = k.Marks
	}
	if k.Frames != "" {
		p.Frames = k.Frames
	}
	p.DownloadDir = k.DownloadDir
	return p, nil
}
