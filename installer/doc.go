// Package installer registers Diwall's native-messaging host with the current
// user's Chromium-based browsers, writes Diwall into MCP clients' own
// configuration files (merging into their JSON or TOML in place), removes
// both again, says how to load the extension, and checks the result: the
// work behind `diwall install`, `diwall uninstall` and `diwall doctor`.
//
// Everything is per user and needs no administrator rights. On Linux and macOS
// a host manifest file goes into each browser's NativeMessagingHosts folder; on
// Windows one manifest goes into Diwall's data folder and a key under
// HKEY_CURRENT_USER names it for each browser. Where each browser looks is data
// (Targets), so every OS's layout is tested on any OS, and the Windows
// registry sits behind an interface (Registry) that tests replace.
//
// The package writes no output of its own: it returns reports and checks, and
// formats them on the io.Writer it is given.
package installer
