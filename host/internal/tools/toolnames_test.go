package tools

import (
	"slices"
	"testing"

	"github.com/diwall/diwall/internal/policy"
)

// TestPolicyNamesEveryTool: the tools a profile may name (policy, which
// lies below the tools) are exactly the tools defined here, so a tool
// added here can be listed in a profile, and a profile never names one
// that is gone.
func TestPolicyNamesEveryTool(t *testing.T) {
	var defined []string
	for _, d := range Definitions() {
		defined = append(defined, d.Name)
	}
	named := policy.ToolNames()
	slices.Sort(defined)
	slices.Sort(named)
	if !slices.Equal(defined, named) {
		t.Errorf("tools defined %v, tools a profile may name %v", defined, named)
	}
}
