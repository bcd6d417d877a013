package act

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

// TestSaysPurchase: a control that pays or orders, in the four languages of
// the sensitive cues, and none of the controls that only mention orders.
func TestSaysPurchase(t *testing.T) {
	for name, want := range map[string]bool{
		"Pay now": true, "Pay €12.00": true, "Buy": true, "Buy now": true, "Checkout": true, "Proceed to check out": true,
		"Place order": true, "Place your order": true, "Complete order": true, "Order now": true, "Purchase": true,
		"Jetzt kaufen": true, "Kostenpflichtig bestellen": true, "Zur Kasse": true, "Bezahlen": true,
		"Pagar": true, "Comprar ahora": true, "Finalizar compra": true, "Realizar pedido": true, "Tramitar pedido": true,
		"Finalizar o pedido": true, "Fazer pedido": true,
		"Order history": false, "Sort order": false, "Payment methods": false, "Buyer protection": false, "Submit": false,
		"Sign in": false, "Mis pedidos": false, "Bestellungen ansehen": false, "Display": false, "": false,
	} {
		if got := SaysPurchase(name); got != want {
			t.Errorf("SaysPurchase(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestEffects: what the page is asked of each kind of step before it runs.
func TestEffects(t *testing.T) {
	for _, c := range []struct {
		s    Step
		want []probe
	}{
		{Step{Action: "click", Mark: 1}, []probe{{mark: 1}}},
		{Step{Action: "click", Mark: 1, Double: true}, []probe{{mark: 1}}},
		{Step{Action: "upload", Mark: 2}, []probe{{mark: 2}}},
		{Step{Action: "type", Mark: 3, Submit: true}, []probe{{mark: 3, key: "enter"}}},
		{Step{Action: "type", Mark: 3, Text: "one\ntwo"}, []probe{{mark: 3, key: "enter"}}},
		{Step{Action: "type", Mark: 3, Text: "one"}, nil},
		{Step{Action: "press", Keys: "Enter"}, []probe{{key: "enter"}}},
		{Step{Action: "press", Keys: "Control+Enter"}, []probe{{key: "enter"}}},
		{Step{Action: "press", Keys: "Space"}, []probe{{key: "space"}}},
		{Step{Action: "press", Keys: "Tab"}, nil},
		{Step{Action: "check", Mark: 4}, []probe{{mark: 4, chooses: true}}},
		{Step{Action: "uncheck", Mark: 4}, []probe{{mark: 4, chooses: true}}},
		{Step{Action: "select", Mark: 5}, []probe{{mark: 5, chooses: true}}},
		{Step{Action: "drag", Mark: 1, DX: 1}, []probe{{mark: 1, chooses: true}}},
		{Step{Action: "drag", Mark: 1, ToMark: 2}, []probe{{mark: 1, chooses: true}, {mark: 2, chooses: true}}},
		{Step{Action: "hover", Mark: 1}, nil},
		{Step{Action: "scroll"}, nil},
		{Step{Action: "wait", MS: 10}, nil},
	} {
		if got := effectsOf(c.s); !slices.Equal(got, c.want) {
			t.Errorf("%+v: %+v, want %+v", c.s, got, c.want)
		}
	}
}

// TestBudgetStopsWhileAsking: a batch's time does not run while the person
// is asked, and it ends with errBudget as its cause once spent.
func TestBudgetStopsWhileAsking(t *testing.T) {
	b := newBudget(context.Background(), 500*time.Millisecond)
	b.pause()
	time.Sleep(700 * time.Millisecond) // longer than the whole budget

	if b.ctx.Err() != nil {
		t.Fatal("the budget ran out while paused")
	}
	b.resume()
	<-b.ctx.Done()
	if !b.spent() || !errors.Is(context.Cause(b.ctx), errBudget) {
		t.Errorf("cause %v", context.Cause(b.ctx))
	}
	b.stop()
	done := newBudget(context.Background(), time.Hour)
	done.stop()
	if done.spent() {
		t.Error("a stopped budget counts as spent")
	}
}
