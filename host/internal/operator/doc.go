// Package operator is the person's side of Diwall while agents act (SPEC
// §7): a hub that every tool call reports to, and from which the control
// interfaces (the extension's side panel, and the local page `diwall
// watch` serves) receive one typed event stream: the sessions, their live
// operations, the latest marked image, a log. Through it the person
// pauses, resumes and stops a session, and an agent's `screen` tool
// arranges the interfaces that announced `ui-commands`.
//
// The hub holds no authority over what a session may see: it only takes
// authority away (a paused or stopped session's calls are refused where
// every call passes, tools.Server.runCall). It is told nothing the gate
// would not let the model see, except the URL and title of a session's own
// tab, which the person owns.
package operator
