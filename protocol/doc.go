// Package protocol is the wire contract between the diwall host and its
// browser extension: Chrome native-messaging framing with size limits and
// chunking, the request, response and event types, and the error codes that
// tools report to the model (docs/contract.md §9).
//
// It imports nothing of the project. PROTOCOL.md beside this file documents
// the format.
package protocol
