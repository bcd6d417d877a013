// Package policy holds what a session may do: the sites it may see and act
// on, the tools it may call, the credentials it may use, and its budgets.
//
// Profiles are small TOML files a person edits, <config>/profiles/NAME.toml,
// where NAME is [a-z0-9][a-z0-9_-]{0,63}. The host reads them; neither the
// model, the page nor the extension can change them. The one exception is the
// person's own "Always" click in the browser, which AllowSite writes.
//
// # The file
//
// Every key is optional; the comment after each gives the value a missing key
// takes:
//
//	sites = ["https://*.example.com", "http://127.0.0.1:*"]  # none
//	ask = true                 # false: a site not on sites is refused
//	tools = ["observe", "act", "read", "navigate", "tabs", "dialog"]  # every tool
//	credentials = ["work-gitlab"]  # none
//	frames = "mask"            # "mask"
//	operator_write = false     # false
//	upload_dir = ""            # "": no uploads
//	download_dir = ""          # "": every download refused
//	confirm = ["purchase"]     # none (the built-in default: ["purchase"])
//	confirm_always = ["purchase https://shop.example.com"]  # none
//	private = ["https://mail.example.com"]  # none
//	read_only = ["https://*.bank.example"]  # none
//	audit_images = true        # true
//
//	[budgets]
//	tree_chars = 24000         # 24000, from 1000 to 1000000
//	marks = 250                # 250, from 1 to 5000
//	image_long_edge = 1568     # 1568 pixels, from 256 to 4096
//	call_timeout_ms = 60000    # 60000, from 1000 to 600000
//	download_bytes = 104857600 # 100 MB, from 1 to 10 GiB
//	downloads = 50             # 50 a session, from 0 to 10000
//	handoff_s = 600            # 600, from 5 to 86400
//
// sites are origin patterns, scheme://host[:port]: the scheme is http or
// https, the host may be * or start with *. (the domain and every subdomain),
// the port may be * (a missing port is the scheme's default one). ask lets
// the browser ask the person about a site not on sites: Allow once, Always
// (which adds it to sites) or Deny. tools are names from ToolNames; a missing
// tools key permits every tool and tools = [] permits none. credentials are
// ids of the vault ([A-Za-z0-9._-], at most 64) the login tool may use.
// frames is "mask" (the text of frames is never read) or "sites" (frames whose
// origin is on sites may be read). operator_write lets the session's client
// arrange the operator's view (the screen tool). upload_dir is the absolute
// folder files may be uploaded from. download_dir is the absolute folder
// downloads of the session's tabs are saved in (nowhere else). audit_images
// keeps the masked image of every observation in the audit log (the
// built-in launch profile keeps none). confirm lists the kinds of
// step the person approves in the browser each time before they run
// (purchase, submit, upload, download, login; share is asked whenever
// private lists sites, listed or not); confirm_always holds "kind
// origin-pattern" entries the person allowed for good ("Always for this
// site and kind"), and "share from-pattern to-pattern" entries for text of a
// private site allowed to go to another. The built-in default profile
// confirms purchases. private lists the sites whose text does not leave for
// another origin without the person's approval (a share question); read_only
// the sites the session may look at but not change (flow.go).
//
// Keys are case-sensitive, and an unknown key is an error, like a value of
// the wrong type or out of range: the error names the file, the line and the
// key. A profile that cannot be read is never replaced by a default.
//
// When default.toml does not exist the host uses Default(): no sites, and
// every site is asked for. `diwall install` writes default.toml with the same
// content, commented, for the person to edit.
package policy
