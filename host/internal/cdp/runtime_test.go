package cdp

import (
	"encoding/json"
	"testing"
)

func TestExceptionMessagePrefersTheDescription(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"text":"Uncaught","exception":{"type":"object","subtype":"error","description":"TypeError: x is not a function\n    at <anonymous>:1:1"}}`,
			"TypeError: x is not a function\n    at <anonymous>:1:1"},
		{`{"text":"Uncaught","exception":{"type":"string","value":"thrown"}}`, "Uncaught"},
		{`{"text":"Uncaught SyntaxError"}`, "Uncaught SyntaxError"},
	} {
		var d ExceptionDetails
		if err := json.Unmarshal([]byte(c.json), &d); err != nil {
			t.Fatal(err)
		}
		if got := d.Message(); got != c.want {
			t.Errorf("%s: Message() = %q, want %q", c.json, got, c.want)
		}
	}
}

func TestObjectIDOnlyForAnObject(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`{"result":{"type":"object","subtype":"node","objectId":"7.1.2"}}`, "7.1.2"},
		{`{"result":{"type":"object","objectId":"7.1.3"}}`, "7.1.3"},
		{`{"result":{"type":"object","subtype":"null","value":null}}`, ""},
		{`{"result":{"type":"string","value":"x","objectId":"stray"}}`, ""},
		{`{"result":{"type":"undefined"}}`, ""},
	} {
		var r EvaluateResult
		if err := json.Unmarshal([]byte(c.json), &r); err != nil {
			t.Fatal(err)
		}
		if got := r.ObjectID(); got != c.want {
			t.Errorf("%s: ObjectID() = %q, want %q", c.json, got, c.want)
		}
	}
}
