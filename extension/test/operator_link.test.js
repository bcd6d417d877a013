import assert from "node:assert/strict";
import { test } from "node:test";

import { HELLO, connectOperator } from "../src/operator_link.js";

/** Runs connectOperator as an extension page does, with a fake chrome.runtime.connect. */
function connectAsExtensionPage(/** @type {object | undefined} */ hello) {
  /** @type {unknown[]} */
  const posted = [];
  /** @type {string[]} */
  const names = [];
  const port = {
    postMessage: (/** @type {unknown} */ m) => void posted.push(m),
    onMessage: { addListener() {} },
    onDisconnect: { addListener() {} },
  };
  const saved = { location: globalThis.location, chrome: globalThis.chrome };
  Object.assign(globalThis, {
    location: { protocol: "chrome-extension:" },
    chrome: { runtime: { connect: (/** @type {{name: string}} */ info) => (names.push(info.name), port) } },
  });
  try {
    const link = connectOperator({ onEvent() {}, onStatus() {} }, hello);
    return { posted, names, link };
  } finally {
    Object.assign(globalThis, saved);
  }
}

test("the side panel announces ui-commands; a view that passes its own hello announces that", () => {
  const panel = connectAsExtensionPage(undefined);
  assert.deepEqual(panel.names, ["operator"]);
  assert.deepEqual(panel.posted, [HELLO]);
  assert.deepEqual(HELLO, { type: "hello", capabilities: ["ui-commands"] });

  const popup = connectAsExtensionPage({ type: "hello", capabilities: [] });
  assert.deepEqual(popup.posted, [{ type: "hello", capabilities: [] }]);
  assert.equal(popup.link.send({ type: "control", action: "handoff_done", session: "k1" }), true);
  assert.deepEqual(popup.posted[1], { type: "control", action: "handoff_done", session: "k1" });
});
