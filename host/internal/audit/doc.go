// Package audit is Diwall's audit log (docs/contract.md §8): one record per tool call,
// appended to one file per MCP session, and the artifact store that keeps
// the masked images a person reads afterwards.
//
// # Layout
//
// Under the audit folder (<state>/audit):
//
//	sessions/<session key>.cbor   the session's records, a CBOR sequence (RFC 8742)
//	artifacts/<sha-256 in hex>    images, named by the hash of their bytes
//
// Every file is readable by its owner only (0600, in 0700 folders).
//
// # Crash safety
//
// A record is encoded in memory and written with one append, then synced:
// a crash loses at most the record being written. A record cut short by a
// crash (a torn record) can only be the last one of its file; Read skips it
// and says so, and the next append to that file cuts it off first, so the
// records before it and after it are never harmed.
//
// # What is never written
//
// A record holds what the host decided to keep: the tool's arguments with
// the text typed into sensitive fields withheld (the Withheld marker in its
// place), and never a login's username or password, which no tool argument
// carries. The package stores what it is given; the caller withholds.
package audit
