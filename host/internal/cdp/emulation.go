package cdp

// Emulation domain commands.
const (
	// EmulationSetFocusEmulationEnabled makes the page believe it has the
	// focus. Chrome does it by holding the tab as if a capturer watched
	// it, shown: a tab in the background then renders frames, runs
	// requestAnimationFrame and its timers as a tab in front does, without
	// becoming the active tab or touching the person's keyboard focus.
	EmulationSetFocusEmulationEnabled Method = "Emulation.setFocusEmulationEnabled"
)

// SetFocusEmulationEnabledParams are Emulation.setFocusEmulationEnabled's.
type SetFocusEmulationEnabledParams struct {
	Enabled bool `json:"enabled"`
}
