package socket

import (
	"regexp"
	"testing"
)

func TestPipeName(t *testing.T) {
	a := PipeName(`C:\Users\u\AppData\Local\Diwall\state\diwall.sock`)
	if !regexp.MustCompile(`^\\\\\.\\pipe\\diwall-[0-9a-f]{16}$`).MatchString(a) {
		t.Fatalf("PipeName = %s", a)
	}
	if b := PipeName(`c:\users\U\appdata\local\diwall\STATE\diwall.sock`); b != a {
		t.Errorf("the same folder in another case gives %s, want %s", b, a)
	}
	if b := PipeName(`D:\other\state\diwall.sock`); b == a {
		t.Error("two folders share a pipe")
	}
}

func TestOwnerOnlySDDL(t *testing.T) {
	sid := "S-1-5-21-1004336348-1177238915-682003330-512"
	got := OwnerOnlySDDL(sid)
	// Owner the user; a protected DACL (D:P, nothing inherited) with one
	// ACE: allow (A) generic all (GA) to that SID, and nobody else.
	if want := "O:" + sid + "D:P(A;;GA;;;" + sid + ")"; got != want {
		t.Fatalf("OwnerOnlySDDL = %s, want %s", got, want)
	}
	if n := len(regexp.MustCompile(`\(`).FindAllString(got, -1)); n != 1 {
		t.Errorf("%d ACEs, want exactly one", n)
	}
}
