package observe

import (
	"regexp"
	"strings"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// What holds a payment: a field for a card (autocomplete cc-*, or its
// name, id, label or placeholder says so), or a payment provider's frame.
// The words are page_constants.json's, which act's page helper reads too
// (act.js paymentIn): an observation tells act, at no cost, whether the
// page it acts on holds a card field (the request guard's reading).
var (
	paymentCueRe   = regexp.MustCompile(`(?i)` + pagescript.Shared.PaymentCue)
	paymentFrameRe = regexp.MustCompile(`(?i)` + pagescript.Shared.PaymentFrame)
)

// paysNode reports whether a serialized node is a card field or a payment
// provider's frame.
func paysNode(n *rawNode) bool {
	if n.Cues != nil {
		for _, tok := range strings.Fields(strings.ToLower(n.Cues.Autocomplete)) {
			if strings.HasPrefix(tok, "cc-") {
				return true
			}
		}
		if n.Tag == "input" || n.Tag == "select" {
			cue := normalizeCue(strings.Join([]string{n.Cues.Name, n.Cues.ID, n.Name, n.Cues.Placeholder}, " "))
			if paymentCueRe.MatchString(cue) {
				return true
			}
		}
	}
	return n.Tag == "iframe" && paymentFrameRe.MatchString(n.Name)
}
