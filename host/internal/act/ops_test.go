package act

import (
	"testing"

	"github.com/diwall/diwall/host/internal/pagescript/pageops"
)

// TestOpsAreTheScriptsOps: act.js's ops as Go defines them (ops.go) are
// those page_ops.d.ts declares (ActOps), with the same arguments and
// answers, field by field.
func TestOpsAreTheScriptsOps(t *testing.T) {
	var defined []pageops.Op
	for _, o := range ops {
		defined = append(defined, pageops.Op{Name: o.Name, Args: o.Args, Answer: o.Answer})
	}
	for _, err := range pageops.Check("ActOps", defined) {
		t.Error(err)
	}
}
