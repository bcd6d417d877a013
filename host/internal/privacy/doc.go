// Package privacy keeps what a session read on private sites (a profile's
// private key) and finds it in what the session is about to send to
// another origin: text typed into a page, a URL opened (docs/contract.md
// §11).
//
// Text is compared as runs of letters, digits and @._-, without case or
// spacing: "Code: 482 913" and "code482913" hold the same run "482913";
// any other character ends a run. A run of at least MinRun characters of
// outgoing text that is also in the text read on a private site is a
// match. The index holds the last MaxBytes of such text, per session, in
// memory only: nothing of it is ever written to disk or to a log.
package privacy
