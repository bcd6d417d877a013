package observe

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"strings"
	"testing"
)

func packForTest(t *testing.T, text string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return packedPrefix + base64.StdEncoding.EncodeToString(buf.Bytes())
}

func TestUnpack(t *testing.T) {
	answer := `{"vp":{"w":1280},"nodes":[` + strings.Repeat(`{"p":-1,"r":"text","tx":"é ünïcødé"},`, 500) + `{"p":-1}]}`
	for name, in := range map[string]string{"plain": answer, "packed": packForTest(t, answer)} {
		got, err := unpackWithin(in, 1<<20)
		if err != nil || got != answer {
			t.Errorf("%s: unpack = %d characters, %v; want the answer back", name, len(got), err)
		}
	}
}

func TestUnpackRefusesWhatIsNotAPackedAnswer(t *testing.T) {
	big := strings.Repeat("a", 4096)
	for name, in := range map[string]string{
		"not base64":      packedPrefix + "!!!!",
		"not gzip":        packedPrefix + base64.StdEncoding.EncodeToString([]byte("plain text, not gzip")),
		"cut short":       packForTest(t, big)[:40],
		"past the bound":  packForTest(t, big),
		"empty after gz:": packedPrefix,
	} {
		if got, err := unpackWithin(in, 1024); err == nil {
			t.Errorf("%s: unpack = %d characters, no error", name, len(got))
		} else if !strings.HasPrefix(err.Error(), "page serializer: packed answer") {
			t.Errorf("%s: error %q does not say what it was", name, err)
		}
	}
}

// FuzzUnpack feeds unpack with anything: it answers the text as it is, or
// unpacked within its bound, or an error that says what it was; never a
// panic, never more than the bound.
func FuzzUnpack(f *testing.F) {
	f.Add(`{"nodes":[]}`)
	f.Add(packedPrefix)
	f.Add(packedPrefix + "H4sIAAAAAAACA6tWystPSS1WsoqOrQUAMZZP2QwAAAA=") // {"nodes":[]}
	f.Fuzz(func(t *testing.T, text string) {
		const limit = 1 << 16
		got, err := unpackWithin(text, limit)
		switch {
		case err != nil:
			if !strings.HasPrefix(text, packedPrefix) {
				t.Fatalf("an answer that is not packed was refused: %v", err)
			}
		case !strings.HasPrefix(text, packedPrefix) && got != text:
			t.Fatal("an answer that is not packed was changed")
		case len(got) > limit:
			t.Fatalf("%d bytes unpacked past the bound of %d", len(got), limit)
		}
	})
}
