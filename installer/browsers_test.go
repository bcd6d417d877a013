package installer

import (
	"errors"
	"slices"
	"testing"
)

func TestTargets(t *testing.T) {
	type want struct{ browser, userData, manifestDir, key string }
	tests := []struct {
		goos, home string
		env        map[string]string
		want       []want
	}{
		{"linux", "/home/u", nil, []want{
			{Chrome, "/home/u/.config/google-chrome", "/home/u/.config/google-chrome/NativeMessagingHosts", ""},
			{Chromium, "/home/u/.config/chromium", "/home/u/.config/chromium/NativeMessagingHosts", ""},
			{Edge, "/home/u/.config/microsoft-edge", "/home/u/.config/microsoft-edge/NativeMessagingHosts", ""},
			{Brave, "/home/u/.config/BraveSoftware/Brave-Browser", "/home/u/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts", ""},
		}},
		{"linux", "/home/u", map[string]string{"XDG_CONFIG_HOME": "/xdg"}, []want{
			{Chrome, "/xdg/google-chrome", "/xdg/google-chrome/NativeMessagingHosts", ""},
			{Chromium, "/xdg/chromium", "/xdg/chromium/NativeMessagingHosts", ""},
			{Edge, "/xdg/microsoft-edge", "/xdg/microsoft-edge/NativeMessagingHosts", ""},
			{Brave, "/xdg/BraveSoftware/Brave-Browser", "/xdg/BraveSoftware/Brave-Browser/NativeMessagingHosts", ""},
		}},
		{"linux", "/home/u", map[string]string{"XDG_CONFIG_HOME": "/xdg", "CHROME_CONFIG_HOME": "/cch"}, []want{
			{Chrome, "/cch/google-chrome", "/cch/google-chrome/NativeMessagingHosts", ""},
			{Chromium, "/cch/chromium", "/cch/chromium/NativeMessagingHosts", ""},
			{Edge, "/cch/microsoft-edge", "/cch/microsoft-edge/NativeMessagingHosts", ""},
			{Brave, "/cch/BraveSoftware/Brave-Browser", "/cch/BraveSoftware/Brave-Browser/NativeMessagingHosts", ""},
		}},
		{"linux", "/home/u", map[string]string{"XDG_CONFIG_HOME": "relative"}, []want{
			{Chrome, "/home/u/.config/google-chrome", "/home/u/.config/google-chrome/NativeMessagingHosts", ""},
			{Chromium, "/home/u/.config/chromium", "/home/u/.config/chromium/NativeMessagingHosts", ""},
			{Edge, "/home/u/.config/microsoft-edge", "/home/u/.config/microsoft-edge/NativeMessagingHosts", ""},
			{Brave, "/home/u/.config/BraveSoftware/Brave-Browser", "/home/u/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts", ""},
		}},
		{"darwin", "/Users/u", map[string]string{"XDG_CONFIG_HOME": "/ignored"}, []want{
			{Chrome, "/Users/u/Library/Application Support/Google/Chrome",
				"/Users/u/Library/Application Support/Google/Chrome/NativeMessagingHosts", ""},
			{Chromium, "/Users/u/Library/Application Support/Chromium",
				"/Users/u/Library/Application Support/Chromium/NativeMessagingHosts", ""},
			{Edge, "/Users/u/Library/Application Support/Microsoft Edge",
				"/Users/u/Library/Application Support/Microsoft Edge/NativeMessagingHosts", ""},
			{Brave, "/Users/u/Library/Application Support/BraveSoftware/Brave-Browser",
				"/Users/u/Library/Application Support/BraveSoftware/Brave-Browser/NativeMessagingHosts", ""},
		}},
		{"windows", `C:\Users\u`, nil, []want{
			{Chrome, `C:\Users\u\AppData\Local\Google\Chrome\User Data`, "",
				`Software\Google\Chrome\NativeMessagingHosts\com.diwall.host`},
			{Chromium, `C:\Users\u\AppData\Local\Chromium\User Data`, "",
				`Software\Chromium\NativeMessagingHosts\com.diwall.host`},
			{Edge, `C:\Users\u\AppData\Local\Microsoft\Edge\User Data`, "",
				`Software\Microsoft\Edge\NativeMessagingHosts\com.diwall.host`},
			{Brave, `C:\Users\u\AppData\Local\BraveSoftware\Brave-Browser\User Data`, "",
				`Software\Chromium\NativeMessagingHosts\com.diwall.host`},
		}},
		{"windows", `C:\Users\u`, map[string]string{"LOCALAPPDATA": `D:\Local\`}, []want{
			{Chrome, `D:\Local\Google\Chrome\User Data`, "", `Software\Google\Chrome\NativeMessagingHosts\com.diwall.host`},
			{Chromium, `D:\Local\Chromium\User Data`, "", `Software\Chromium\NativeMessagingHosts\com.diwall.host`},
			{Edge, `D:\Local\Microsoft\Edge\User Data`, "", `Software\Microsoft\Edge\NativeMessagingHosts\com.diwall.host`},
			{Brave, `D:\Local\BraveSoftware\Brave-Browser\User Data`, "", `Software\Chromium\NativeMessagingHosts\com.diwall.host`},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.goos, func(t *testing.T) {
			got := Targets(tt.goos, tt.home, func(k string) string { return tt.env[k] })
			// The Snap and Flatpak ones follow (TestSandboxedTargets).
			got = slices.DeleteFunc(got, func(t Target) bool { return t.Sandbox != "" })
			if len(got) != len(tt.want) {
				t.Fatalf("got %d targets, want %d", len(got), len(tt.want))
			}
			for i, w := range tt.want {
				g := got[i]
				if g.Browser != w.browser || g.UserDataDir != w.userData ||
					g.ManifestDir != w.manifestDir || g.RegistryKey != w.key {
					t.Errorf("target %d:\n got  %+v\n want %+v", i, g, w)
				}
				if len(g.Executables) == 0 {
					t.Errorf("%s: no executables to find it by", g.Browser)
				}
			}
		})
	}
}

func TestTargetsNilGetenv(t *testing.T) {
	got := Targets("linux", "/home/u", nil)
	if got[0].ManifestPath() != "/home/u/.config/google-chrome/NativeMessagingHosts/com.diwall.host.json" {
		t.Errorf("ManifestPath = %q", got[0].ManifestPath())
	}
	if p := Targets("windows", `C:\Users\u`, nil)[0].ManifestPath(); p != "" {
		t.Errorf("Windows ManifestPath = %q, want empty", p)
	}
}

func TestSelectTargets(t *testing.T) {
	all := Targets("linux", "/home/u", nil)
	got, err := selectTargets(all, []string{Brave, Chrome, Brave})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Browser != Chrome || got[1].Browser != Brave {
		t.Errorf("got %+v, want chrome then brave", got)
	}
	if _, err := selectTargets(all, []string{"firefox"}); !errors.Is(err, ErrUnknownBrowser) {
		t.Errorf("firefox: err = %v, want ErrUnknownBrowser", err)
	}
}
