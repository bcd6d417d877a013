package act

import (
	"context"
	"errors"
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

// TestConfirmable: the steps that may be asked about, and what the page is
// asked of them.
func TestConfirmable(t *testing.T) {
	for _, c := range []struct {
		s   Step
		key string
		ok  bool
	}{
		{Step{Action: "click"}, "", true},
		{Step{Action: "upload"}, "", true},
		{Step{Action: "type", Submit: true}, "enter", true},
		{Step{Action: "type"}, "", false},
		{Step{Action: "press", Keys: "Enter"}, "enter", true},
		{Step{Action: "press", Keys: "Control+Enter"}, "enter", true},
		{Step{Action: "press", Keys: "Space"}, "space", true},
		{Step{Action: "press", Keys: "Tab"}, "", false},
		{Step{Action: "select"}, "", false},
		{Step{Action: "drag"}, "", false},
	} {
		key, ok := confirmable(c.s)
		if key != c.key || ok != c.ok {
			t.Errorf("%+v: %q %v, want %q %v", c.s, key, ok, c.key, c.ok)
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
