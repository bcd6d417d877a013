// Package downloads keeps the downloads of each session's tabs: which
// responses are downloads, the safe name a download is saved under in the
// profile's download folder (and nowhere else), the session's list with its
// budgets, and the text of a finished download for the model to read.
//
// The bytes never pass through Chrome's download manager: the host reads a
// download's body from the paused response (Fetch) or from the page itself,
// and writes it only into the folder the person chose.
package downloads
