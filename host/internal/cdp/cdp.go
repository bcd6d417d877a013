// Package cdp types the Chrome DevTools Protocol as the host uses it: the
// name of every command it sends and every event it reads, and their
// parameters and results, a file per domain. It holds only what the host
// uses, not the whole protocol; the extension's allow-list is exactly this
// set (allowlist_test.go).
package cdp

// Method names a CDP command the host sends. Every command the host sends
// is one of this package's Method constants.
type Method string

// Events are plain string constants, not a type: the host's waiters see
// them among the browser package's own event names.
