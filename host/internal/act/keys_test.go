package act

import "testing"

func TestParseChord(t *testing.T) {
	cases := map[string]chord{
		"Enter":        {0, key{"Enter", "Enter", 13, "\r"}},
		"Control+A":    {modCtrl, key{"A", "KeyA", 65, ""}},
		"Shift+Tab":    {modShift, key{"Tab", "Tab", 9, ""}},
		"ctrl+shift+k": {modCtrl | modShift, key{"k", "KeyK", 75, ""}},
		"a":            {0, key{"a", "KeyA", 65, "a"}},
		"F5":           {0, key{"F5", "F5", 116, ""}},
		"Meta+ArrowUp": {modMeta, key{"ArrowUp", "ArrowUp", 38, ""}},
	}
	for in, want := range cases {
		got, err := parseChord(in)
		if err != nil || got != want {
			t.Errorf("parseChord(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"Hyper+A", "Control+", "NotAKey", "Control+Foo"} {
		if _, err := parseChord(bad); err == nil {
			t.Errorf("parseChord(%q) accepted", bad)
		}
	}
}
