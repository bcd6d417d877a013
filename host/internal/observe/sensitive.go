package observe

import (
	"regexp"
	"strings"

	"github.com/diwall/diwall/host/internal/pagescript"
)

// The cues that make a field sensitive, in English, Spanish, German and
// Portuguese. They are matched against a field's name, id, label,
// placeholder and aria-label after normalizeCue, here and (the same
// sources) in the page serializer, which withholds such values before they
// leave the page. The host's check below is the one that decides.
const (
	sensitiveSource = `\b(pass ?words?|passwd|pwd|passcode|pass ?phrase|contrase[nñ]a|clave|passwort|kennwort|senha|` +
		`card ?(number|num|no|code|cvc|cvv|pin|verification)|credit ?card|debit ?card|cc ?(num|number|csc|cvc|cvv|exp)|` +
		`cvc2?|cvv2?|cvn|csc|cid|security ?code|verification ?code|` +
		`tarjeta|c[oó]digo|karte|kartennummer|kreditkarte|pr[uü]fziffer|pr[uü]fnummer|pr[uü]fcode|sicherheitscode|best[aä]tigungscode|einmalcode|geheimzahl|` +
		`cart[aã]o|code|pin|otp|totp|tan|mfa|2fa|one time|auth code|` +
		`expiry|expiration|exp date|exp month|exp year|caducidad|vencimiento|validade|ablaufdatum|g[uü]ltig bis)\b`
	// Codes that are not secrets; removed from a cue before matching.
	notSensitiveSource = `\b(post ?code|postal ?code|zip ?code|promo ?code|coupon ?code|discount ?code|voucher ?code|gift ?code|` +
		`referral ?code|country ?code|area ?code|language ?code|currency ?code|c[oó]digo postal|c[oó]digo promocional|` +
		`c[oó]digo de desconto|c[oó]digo de descuento|c[oó]digo do pa[ií]s|gutscheincode|rabattcode|postleitzahl)\b`
)

var (
	sensitiveRe    = regexp.MustCompile(`(?i)` + sensitiveSource)
	notSensitiveRe = regexp.MustCompile(`(?i)` + notSensitiveSource)
	cueSplitter    = regexp.MustCompile(`([a-z])([A-Z])`)
	cueSeparators  = strings.NewReplacer("_", " ", "-", " ", ".", " ", "[", " ", "]", " ")
)

// normalizeCue turns "billingCardNumber" or "card_cvc" into words.
func normalizeCue(s string) string {
	return cueSeparators.Replace(cueSplitter.ReplaceAllString(s, "$1 $2"))
}

// sensitiveAutocomplete holds the autocomplete tokens of secrets.
var sensitiveAutocomplete = func() map[string]bool {
	m := map[string]bool{}
	for _, tok := range pagescript.Shared.SensitiveAutocomplete {
		m[tok] = true
	}
	return m
}()

// Cues are what the page says about a field.
type Cues struct {
	Type, Autocomplete, Name, ID, Placeholder, Label string
}

// Sensitive reports whether a field's value must be withheld.
func Sensitive(c Cues) bool {
	if strings.EqualFold(c.Type, "password") {
		return true
	}
	for _, tok := range strings.Fields(strings.ToLower(c.Autocomplete)) {
		if sensitiveAutocomplete[tok] {
			return true
		}
	}
	text := normalizeCue(strings.Join([]string{c.Name, c.ID, c.Label, c.Placeholder}, " "))
	text = notSensitiveRe.ReplaceAllString(text, " ")
	return sensitiveRe.MatchString(text)
}
