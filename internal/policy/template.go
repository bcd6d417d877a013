package policy

import (
	"fmt"
	"os"
	"strings"
)

// template is the commented file Create writes: no sites, and every site is
// asked for; every other key is shown, commented out, with its default.
func template(name string) string {
	return fmt.Sprintf(`# Diwall profile %q: what an AI session using it may do in your browser.
# The Diwall host reads this file again whenever it changes. Every key is
# optional; a key that is commented out or missing takes the default shown.

# The sites the session may see and act on, as origin patterns:
# scheme://host[:port]. The host may be * or start with *. (the domain and
# every subdomain); the port may be * (none means the scheme's usual port).
# For example: sites = ["https://*.example.com", "http://127.0.0.1:*"]
# Clicking "Always" in the browser's prompt adds a site here.
sites = []

# Ask in the browser (Allow once, Always, Deny) for a site not on the list,
# instead of refusing it. Default: false.
ask = true

# The tools the session may call, among:
#   %s.
# Missing: every tool. tools = [] allows none.
# tools = ["observe", "act", "read", "navigate", "tabs", "dialog"]

# The vault ids the login tool may use. Default: none.
# credentials = ["work-gitlab"]

# "mask": the text of frames is never read. "sites": the text of frames whose
# origin is on sites may be read.
# frames = %q

# Let the session's client arrange the operator's view (the screen tool).
# operator_write = false

# The only folder files may be uploaded from, as an absolute path; "" means
# no uploads.
# upload_dir = ""

# The only folder downloads of the session's tabs are saved in, as an
# absolute path; "" means every download is refused.
# download_dir = ""

# Kinds of step you approve each time, in the browser, before the agent
# takes them: "purchase" (paying or ordering: a form with a card field, or a
# control named pay, buy, order or checkout), "submit" (any form), "upload",
# "download", "login". "Always for this site and kind" adds an entry to
# confirm_always, which names the kinds and sites not to ask about again.
confirm = ["purchase"]
# confirm_always = ["purchase https://shop.example.com"]

# Private sites: what the agent reads there (your mail, say) does not leave
# for another site without your approval. Before it types text read on a
# private site into another site's page, or opens another site's address
# carrying it, the browser asks you ("share"), showing both sites and the
# text, masked. "Always" adds "share FROM TO" to confirm_always. Answers a
# page that talks the agent into carrying a code or an account number away.
# private = ["https://mail.example.com"]

# Read-only sites: the agent may look, read and follow links there, but not
# type, choose, upload, log in, download, submit a form or send data.
# Answers a page, or a mistake, that would change something on a site you
# only wanted read (your bank, say).
# read_only = ["https://*.bank.example"]

# Keep the masked image of every observation in the audit log
# (diwall audit export shows them).
# audit_images = true

# The most one observation and one tool call may take.
[budgets]
# tree_chars = %d        # characters of page text, %d to %d
# marks = %d               # numbered elements, %d to %d
# image_long_edge = %d    # pixels, %d to %d
# call_timeout_ms = %d   # milliseconds, %d to %d
# download_bytes = %d  # bytes of one download, %d to %d
# downloads = %d           # downloads of one session, %d to %d
# handoff_s = %d          # seconds a handoff waits for you, %d to %d
`, name, strings.Join(toolNames, ", "), FramesMask,
		DefaultTreeChars, MinTreeChars, MaxTreeChars,
		DefaultMarks, MinMarks, MaxMarks,
		DefaultImageLongSide, MinImageLongSide, MaxImageLongSide,
		DefaultCallTimeout.Milliseconds(), MinCallTimeout.Milliseconds(), MaxCallTimeout.Milliseconds(),
		DefaultDownloadBytes, MinDownloadBytes, int64(MaxDownloadBytes),
		DefaultDownloads, MinDownloads, MaxDownloads,
		int64(DefaultHandoff.Seconds()), int64(MinHandoff.Seconds()), int64(MaxHandoff.Seconds()))
}

// Create writes a new profile file for name under configDir, from a
// commented template that lists no sites and asks for every site, and
// returns its path. It never overwrites: when the file exists the error
// wraps fs.ErrExist. The file is readable by its owner only (0600), in a
// folder only its owner can open (0700).
func Create(configDir, name string) (path string, err error) {
	if err := ValidName(name); err != nil {
		return "", err
	}
	path = FilePath(configDir, name)
	if err := os.MkdirAll(profilesDir(configDir), 0o700); err != nil {
		return "", fmt.Errorf("profile %s: %w", name, err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", fmt.Errorf("profile %s: %w", name, err)
	}
	_, err = f.WriteString(template(name))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return "", fmt.Errorf("profile %s: %w", name, err)
	}
	return path, nil
}
