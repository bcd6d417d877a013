import assert from "node:assert/strict";
import { test } from "node:test";

import { applyCommand, focusedPane, initialLayout, paneOf, withSession } from "../src/operator_layout.js";
import { KEPT_OPERATIONS, applyEvent, argsText, emptyModel } from "../src/operator_model.js";
import { OperatorPorts } from "../src/operator_ports.js";

/** @param {import("../src/operator_layout.js").Layout} layout */
const shape = (layout) => layout.rows.map((row) => row.map((p) => p.session));

test("screen commands arrange panes, the sidebar and the docked panels", () => {
  let l = withSession(initialLayout(), "a");
  assert.deepEqual(shape(l), [["a"]]);
  l = applyCommand(l, { action: "split_right", sessionKey: "b" });
  assert.deepEqual(shape(l), [["a", "b"]]);
  assert.equal(focusedPane(l)?.session, "b");
  l = applyCommand(l, { action: "split_down", sessionKey: "a" });
  assert.deepEqual(shape(l), [["a", "b"], ["a"]]);
  // focus goes to the session's pane; navigate shows a session in the focused pane.
  l = applyCommand(l, { action: "focus", sessionKey: "b" });
  assert.equal(focusedPane(l)?.session, "b");
  l = applyCommand(l, { action: "navigate", sessionKey: "c" });
  assert.deepEqual(shape(l), [["a", "c"], ["a"]]);
  // close_pane closes the session's pane; an empty row goes with it.
  l = applyCommand(l, { action: "close_pane", sessionKey: "c" });
  assert.deepEqual(shape(l), [["a"], ["a"]]);
  l = applyCommand(l, { action: "close_pane", sessionKey: "a" });
  l = applyCommand(l, { action: "close_pane", sessionKey: "a" });
  assert.deepEqual(shape(l), []);
  assert.equal(l.focused, undefined);
  l = applyCommand(l, { action: "focus", sessionKey: "d" });
  assert.deepEqual(shape(l), [["d"]]);

  l = applyCommand(l, { action: "sidebar_hide" });
  assert.equal(l.sidebar, false);
  l = applyCommand(l, { action: "terminal_show", dock: "right" });
  assert.deepEqual(l.terminal, { shown: true, dock: "right" });
  l = applyCommand(l, { action: "browser_hide" });
  assert.deepEqual(l.browser, { shown: false, dock: "right" });
  l = applyCommand(l, { action: "browser_show", dock: "bottom" });
  assert.deepEqual(l.browser, { shown: true, dock: "bottom" });
  // The old layout is untouched; an unknown action changes nothing.
  const before = structuredClone(l);
  assert.deepEqual(applyCommand(l, { action: "take_screenshot" }), before);
  assert.deepEqual(l, before);
  assert.equal(paneOf(l, "zz"), undefined);
});

test("the model keeps what the events say", () => {
  const m = emptyModel();
  const session = { key: "k1", name: "Claude", title: "Diwall · Claude", color: "blue", status: "running", acting: false, connected: true };
  applyEvent(m, { type: "state", sessions: [session], operations: [], images: [], log: [{ time: 1, level: "info", text: "hi" }] });
  assert.equal(m.sessions.get("k1")?.name, "Claude");
  assert.equal(m.log.length, 1);
  applyEvent(m, { type: "operation", operation: { id: "o1", session: "k1", tool: "observe", args: {}, phase: "running", ok: false, started_at: 5, duration_ms: 0 } });
  applyEvent(m, { type: "operation", operation: { id: "o1", session: "k1", tool: "observe", args: {}, phase: "done", ok: true, started_at: 5, duration_ms: 40 } });
  assert.deepEqual(m.operations.get("k1")?.map((o) => o.phase), ["done"]);
  applyEvent(m, { type: "image", image: { session: "k1", operation: "o1", mime: "image/jpeg", data: "AAAA" } });
  assert.equal(m.images.get("k1")?.data, "AAAA");
  for (let i = 0; i < KEPT_OPERATIONS + 5; i++) {
    applyEvent(m, { type: "operation", operation: { id: `x${i}`, session: "k1", tool: "read", args: {}, phase: "done", ok: true, started_at: i, duration_ms: 1 } });
  }
  assert.equal(m.operations.get("k1")?.length, KEPT_OPERATIONS);
  // A ui.command is handed back for the layout; malformed events change nothing.
  assert.deepEqual(applyEvent(m, { type: "ui.command", command: { action: "focus", sessionKey: "k1" }, from: "k1" }), { action: "focus", sessionKey: "k1" });
  assert.equal(applyEvent(m, "nonsense"), undefined);
  assert.equal(applyEvent(m, { type: "operation", operation: { id: 3 } }), undefined);
  // A new state replaces everything.
  applyEvent(m, { type: "state", sessions: [], operations: [], images: [], log: [] });
  assert.equal(m.sessions.size, 0);
  assert.equal(m.operations.size, 0);
  assert.equal(argsText({}), "");
  assert.equal(argsText({ url: "http://x" }), '{"url":"http://x"}');
});

/** A fake port. */
function fakePort() {
  /** @type {((m: unknown) => void)[]} */
  const onMessage = [];
  /** @type {(() => void)[]} */
  const onDisconnect = [];
  /** @type {unknown[]} */
  const posted = [];
  return {
    posted,
    postMessage: (/** @type {unknown} */ m) => void posted.push(m),
    onMessage: { addListener: (/** @type {(m: unknown) => void} */ f) => void onMessage.push(f) },
    onDisconnect: { addListener: (/** @type {() => void} */ f) => void onDisconnect.push(f) },
    say: (/** @type {unknown} */ m) => onMessage.forEach((f) => f(m)),
    drop: () => onDisconnect.forEach((f) => f()),
  };
}

test("side panels' messages go to the host, the host's events to the panel they name", () => {
  /** @type {[string, object][]} */
  const emitted = [];
  const ports = new OperatorPorts((event, params) => void emitted.push([event, params]));
  const a = fakePort();
  const b = fakePort();
  ports.accept(a);
  ports.accept(b);
  a.say({ type: "hello", capabilities: ["ui-commands"] });
  b.say({ type: "control", action: "pause", all: true });
  b.say({ type: "eval", code: "x" }); // not passed on
  b.say("pause");
  assert.deepEqual(emitted, [
    ["operator.message", { interface: "p-1", message: { type: "hello", capabilities: ["ui-commands"] } }],
    ["operator.message", { interface: "p-2", message: { type: "control", action: "pause", all: true } }],
  ]);
  assert.deepEqual(ports.deliver({ to: "p-2", event: { type: "log", line: { text: "x" } } }), {});
  assert.deepEqual(b.posted, [{ type: "log", line: { text: "x" } }]);
  assert.deepEqual(a.posted, []);
  assert.throws(() => ports.deliver({ to: "p-1", event: "x" }), /event must be an object/);
  assert.deepEqual(ports.deliver({ to: "p-9", event: { type: "log" } }), {}); // gone: no error

  // A new host hears each panel's hello again.
  emitted.length = 0;
  ports.hostConnected();
  assert.deepEqual(emitted, [["operator.message", { interface: "p-1", message: { type: "hello", capabilities: ["ui-commands"] } }]]);
  emitted.length = 0;
  a.drop();
  assert.deepEqual(emitted, [["operator.closed", { interface: "p-1" }]]);
  assert.equal(ports.size, 1);
});
