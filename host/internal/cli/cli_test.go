package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func run(args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code = Run(context.Background(), args, Stdio{In: io.NopCloser(strings.NewReader("")), Out: nopWriteCloser{&o}, Err: &e})
	return code, o.String(), e.String()
}

func TestUsageAndUnknownCommands(t *testing.T) {
	if code, _, errOut := run(); code != 2 || !strings.Contains(errOut, "Usage") {
		t.Errorf("no args: code %d, stderr %q", code, errOut)
	}
	if code, _, errOut := run("fly"); code != 2 || !strings.Contains(errOut, `unknown command "fly"`) {
		t.Errorf("unknown: code %d, stderr %q", code, errOut)
	}
	if code, out, _ := run("version"); code != 0 || !strings.HasPrefix(out, "diwall ") {
		t.Errorf("version: code %d, %q", code, out)
	}
	if code, _, errOut := run("mcp", "--launch=sideways"); code != 2 || !strings.Contains(errOut, "--launch=headless") {
		t.Errorf("bad --launch: code %d, %q", code, errOut)
	}
}

func TestLaunchFlag(t *testing.T) {
	for in, want := range map[string]launchFlag{
		"true": {on: true}, "headless": {on: true, headless: true}, "headful": {on: true}, "false": {},
	} {
		var f launchFlag
		if err := f.Set(in); err != nil || f != want {
			t.Errorf("Set(%q) = %+v, %v", in, f, err)
		}
	}
}
