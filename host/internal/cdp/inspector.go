package cdp

// Inspector domain events.
const (
	// InspectorTargetCrashed: the renderer gave up on the tab's page.
	InspectorTargetCrashed = "Inspector.targetCrashed"
)
