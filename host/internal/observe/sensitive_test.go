package observe

import "testing"

func TestSensitive(t *testing.T) {
	yes := []Cues{
		{Type: "password"},
		{Type: "PASSWORD"},
		{Autocomplete: "cc-number"},
		{Autocomplete: "section-pay billing cc-csc"},
		{Autocomplete: "cc-exp-month"},
		{Autocomplete: "one-time-code"},
		{Autocomplete: "new-password"},
		{Name: "cardNumber"},
		{Name: "billing_card_number"},
		{ID: "card-cvc"},
		{Label: "CVV"},
		{Label: "Security code"},
		{Label: "PIN"},
		{Label: "Enter the OTP"},
		{Label: "Verification code"},
		{Label: "Expiry date"},
		{Label: "Número de tarjeta"},
		{Label: "Código de seguridad"},
		{Label: "Código de verificación"},
		{Label: "Contraseña"},
		{Label: "Fecha de caducidad"},
		{Label: "Kartennummer"},
		{Label: "Prüfziffer"},
		{Label: "Passwort"},
		{Label: "Gültig bis"},
		{Label: "Número do cartão"},
		{Label: "Código de segurança"},
		{Label: "Senha"},
		{Label: "Validade"},
		{Placeholder: "1234 5678 9012 3456", Label: "Credit card"},
	}
	no := []Cues{
		{Type: "text", Name: "email"},
		{Label: "Full name"},
		{Label: "Postcode"},
		{Label: "ZIP code"},
		{Label: "Promo code"},
		{Label: "Código postal"},
		{Label: "Postleitzahl"},
		{Label: "Shipping address"},
		{Label: "Passport holder"},
		{Name: "discard_reason"},
		{Label: "Spinner speed"},
		{Autocomplete: "email"},
		{Autocomplete: "cc-name"},
	}
	for _, c := range yes {
		if !Sensitive(c) {
			t.Errorf("not sensitive, should be: %+v", c)
		}
	}
	for _, c := range no {
		if Sensitive(c) {
			t.Errorf("sensitive, should not be: %+v", c)
		}
	}
}
