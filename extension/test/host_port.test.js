import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { BACKOFF_FIRST_MS, HostPort } from "../src/host_port.js";

/** A chrome.events.Event that remembers its listeners. */
function fakeEvent() {
  /** @type {((...args: any[]) => void)[]} */
  const listeners = [];
  return {
    /** @param {(...args: any[]) => void} fn */
    addListener: (fn) => listeners.push(fn),
    /** @param {...any} args */
    fire: (...args) => listeners.forEach((fn) => fn(...args)),
  };
}

/** What happened, in order: "gone", "connect", "post <type>". @type {string[]} */
let log;
/** The ports connectNative returned. @type {any[]} */
let ports;

beforeEach((t) => {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  log = [];
  ports = [];
  /** @type {any} */ (globalThis).chrome = {
    runtime: {
      lastError: undefined,
      connectNative: () => {
        log.push("connect");
        const port = {
          onDisconnect: fakeEvent(),
          onMessage: fakeEvent(),
          /** @param {any} message */
          postMessage: (message) => log.push(`post ${message.event ?? message.type}`),
        };
        ports.push(port);
        return port;
      },
    },
  };
});

afterEach(() => {
  delete (/** @type {any} */ (globalThis).chrome);
});

/** Lets pending promise callbacks run (setImmediate is not mocked). */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** @param {import("node:test").TestContext} t */
function newPort(t) {
  t.mock.method(console, "warn", () => {});
  return new HostPort({
    hello: async () => ({ type: "event", event: "hello", params: {} }),
    onMessage: () => {},
    hostGone: () => log.push("gone"),
  });
}

test("what the last host left open is dropped before each connection and when one drops", async (t) => {
  const host = newPort(t);
  host.ensureConnected();
  await flush();
  assert.deepEqual(log, ["gone", "connect", "post hello"]);

  ports[0].onDisconnect.fire();
  assert.deepEqual(log.slice(3), ["gone"]);
  assert.equal(host.connected, false);

  t.mock.timers.tick(BACKOFF_FIRST_MS);
  await flush();
  assert.deepEqual(log.slice(4), ["gone", "connect", "post hello"]);
  assert.equal(host.connected, true);
});

test("a failing hostGone does not stop the connection", async (t) => {
  const warn = t.mock.method(console, "warn", () => {});
  const host = new HostPort({
    hello: async () => ({ type: "event", event: "hello", params: {} }),
    onMessage: () => {},
    hostGone: () => {
      throw new Error("boom");
    },
  });
  host.ensureConnected();
  await flush();
  assert.equal(host.connected, true);
  assert.match(String(warn.mock.calls[0].arguments[0]), /boom/);
});
