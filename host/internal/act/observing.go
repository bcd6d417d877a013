package act

import "github.com/diwall/diwall/host/internal/observe"

// Observing are the options every observation is made with, whoever asks
// for it (observe, an act that brings one, login): while it is made, act
// learns which of its fields listen for keys (LearnKeys) and marks its
// file inputs (MarkFileInputs).
func Observing() []observe.Option {
	return []observe.Option{observe.WhenMarked(LearnKeys), observe.WithFileInputs(MarkFileInputs)}
}
