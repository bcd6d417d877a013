//go:build !linux && !darwin

package installer

// FindRunningBrowsers cannot list processes on this OS yet: ok is false.
func FindRunningBrowsers() (browsers []RunningBrowser, ok bool) { return nil, false }
