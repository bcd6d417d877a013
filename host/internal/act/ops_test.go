package act

import (
	"testing"

	"github.com/diwall/diwall/host/internal/pagescript/pageops"
)

// TestOpsAreTheScriptsOps: act.js's ops as Go defines them (ops.go) are
// those page_ops.d.ts declares (ActOps), with the same arguments and
// answers, field by field.
func TestOpsAreTheScriptsOps(t *testing.T) {
	for _, err := range pageops.Check("ActOps", ops) {
		t.Error(err)
	}
}
