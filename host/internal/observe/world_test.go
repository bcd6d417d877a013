package observe

import (
	"context"
	"fmt"
	"testing"

	"github.com/diwall/diwall/host/internal/browser/browsertest"
	"github.com/diwall/diwall/host/internal/cdp"
	"github.com/diwall/diwall/internal/policy"
)

// pageFunctionCalls returns, for each call of the serializer and of the
// guard's library, whether it carried the source (defined it).
func pageFunctionCalls(p *obsPage) map[string][]bool {
	out := map[string][]bool{}
	for _, r := range p.ext.Requests(string(cdp.RuntimeCallFunctionOn)) {
		switch c := browsertest.CallOf(r); c.Global {
		case serializer.Global, guardStart.Global:
			out[c.Global] = append(out[c.Global], c.Defines)
		}
	}
	return out
}

// TestTheSerializerAndGuardAreDefinedOncePerWorld: the second observation
// calls them by name; one in a world that lost them (a new document)
// sends their sources again.
func TestTheSerializerAndGuardAreDefinedOncePerWorld(t *testing.T) {
	p := newObsPage(t)
	ctx := context.Background()
	for range 2 {
		if _, err := Observe(ctx, p.tab, policy.Default(), PathAuto, nil, nil); err != nil {
			t.Fatal(err)
		}
	}
	p.page.Worlds.Forget()
	if _, err := Observe(ctx, p.tab, policy.Default(), PathAuto, nil, nil); err != nil {
		t.Fatal(err)
	}
	calls := pageFunctionCalls(p)
	for _, g := range []string{serializer.Global, guardStart.Global} {
		if got := fmt.Sprint(calls[g]); got != "[true false false true]" {
			t.Errorf("%s: %s, want defined, by name, by name (Missing), defined again", g, got)
		}
	}
}
