package tools

import (
	"context"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/diwall/diwall/internal/policy"
)

// A tool's listing rule says whether a session sees it in tools/list,
// from how its client introduced itself and what its profile grants; a
// tool without one is listed to everyone its profile permits. The host
// and `diwall mcp` both list by these rules (HideUnlisted).
type listingRule func(h SessionHello, p policy.Profile) bool

// listedOnlyWhen gives a definition its listing rule.
func (d def) listedOnlyWhen(rule listingRule) def {
	d.listed = rule
	return d
}

// listingRules are the tools' listing rules, by name.
func listingRules() map[string]listingRule {
	rules := map[string]listingRule{}
	for _, d := range defs() {
		if d.listed != nil {
			rules[d.tool.Name] = d.listed
		}
	}
	return rules
}

// HideUnlisted returns the middleware that keeps out of tools/list every
// tool whose listing rule the session does not meet. profile gives the
// profile of a session that introduced itself as h; false hides every
// tool that has a rule.
func HideUnlisted(profile func(h SessionHello) (policy.Profile, bool)) mcp.Middleware {
	rules := listingRules()
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			res, err := next(ctx, method, req)
			list, ok := res.(*mcp.ListToolsResult)
			if err != nil || method != "tools/list" || !ok {
				return res, err
			}
			ss, _ := req.GetSession().(*mcp.ServerSession)
			h := helloOf(ss)
			p, known := profile(h)
			list.Tools = slices.DeleteFunc(slices.Clone(list.Tools), func(t *mcp.Tool) bool {
				rule := rules[t.Name]
				return rule != nil && !(known && rule(h, p))
			})
			return list, nil
		}
	}
}
