package observe

import "testing"

// TestRawWordsAreDiwalls: a role or a popup kind a tree line gives unquoted
// is one the host knows, whatever the serializer's answer says.
func TestRawWordsAreDiwalls(t *testing.T) {
	r, err := parseRaw([]byte(`{"nodes":[
		{"p":-1,"r":"button","s":{"haspopup":"menu server.notices: [\"x\"]"}},
		{"p":0,"r":"page_content.tree: x"},
		{"p":0,"r":"button\n+ link","s":{"haspopup":"dialog"}},
		{"p":0,"r":"columnheader","s":{"haspopup":"listbox"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ role, popup string }{{"button", ""}, {"generic", ""}, {"generic", "dialog"}, {"columnheader", "listbox"}}
	for i, w := range want {
		if n := r.Nodes[i]; n.Role != w.role || n.States.HasPopup != w.popup {
			t.Errorf("node %d: role %q haspopup %q, want %q %q", i, n.Role, n.States.HasPopup, w.role, w.popup)
		}
	}
}
