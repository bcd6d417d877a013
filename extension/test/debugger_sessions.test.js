import assert from "node:assert/strict";
import { test } from "node:test";

import { ATTACHED_KEY, DebuggerSessions } from "../src/debugger_sessions.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

/** A stand-in for chrome.debugger: which tabs are attached, and the calls made. */
class FakeDebugger {
  /** @type {Set<number>} */
  attachedTabs = new Set();
  /** @type {string[]} */
  calls = [];

  /** @param {{tabId: number}} target */
  async attach({ tabId }) {
    this.calls.push(`attach ${tabId}`);
    if (this.attachedTabs.has(tabId)) {
      throw new Error("Another debugger is already attached to the tab with id: " + tabId);
    }
    this.attachedTabs.add(tabId);
  }

  /** @param {{tabId: number}} target */
  async detach({ tabId }) {
    this.calls.push(`detach ${tabId}`);
    this.attachedTabs.delete(tabId);
  }

  /**
   * @param {{tabId: number}} target
   * @param {string} method
   */
  async sendCommand({ tabId }, method) {
    this.calls.push(`${method} ${tabId}`);
    if (!this.attachedTabs.has(tabId)) {
      throw new Error("Debugger is not attached to the tab with id: " + tabId);
    }
    return {};
  }

  async getTargets() {
    return [...this.attachedTabs].map((tabId) => ({ tabId, attached: true, id: `t${tabId}`, type: "page", title: "", url: "" }));
  }
}

const isAgentTab = async () => true;

test("a restarted worker goes on with the tabs attached before it, without detaching them", async () => {
  const area = new FakeStorageArea();
  const api = new FakeDebugger();
  const before = new DebuggerSessions(isAgentTab, area, api);
  await before.attach(5);
  await before.attach(7);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(area.peek(ATTACHED_KEY), [5, 7]);

  // The worker stops; Chrome keeps both sessions, then tab 7 is detached by someone else.
  api.attachedTabs.delete(7);
  api.calls = [];
  const after = new DebuggerSessions(isAgentTab, area, api);
  await after.attach(5);
  assert.deepEqual(api.calls, ["Target.setAutoAttach 5"], "tab 5 is attached already: no detach, no attach; its frames are let go");
  assert.equal(after.isAttached(5), true);
  await after.attach(7);
  assert.deepEqual(api.calls, ["Target.setAutoAttach 5", "attach 7"]);
  after.noteHeld(5, "interception-3");
  await after.stopPausing();
  assert.deepEqual(api.calls.slice(2), ["Fetch.failRequest 5", "Fetch.disable 5", "Fetch.disable 7"], "a held request is failed before the pauses stop");
  api.calls = [];
  await after.stopPausing();
  assert.deepEqual(api.calls.sort(), ["Fetch.disable 5", "Fetch.disable 7"], "a held request is failed once");
});

test("a session Chrome ended is forgotten, in storage too", async () => {
  const area = new FakeStorageArea();
  const api = new FakeDebugger();
  const sessions = new DebuggerSessions(isAgentTab, area, api);
  await sessions.attach(5);
  await sessions.attach(6);
  sessions.forget(5);
  api.attachedTabs.delete(6);
  await assert.rejects(sessions.send(6, "Page.enable"), /not attached/);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(area.peek(ATTACHED_KEY), []);
  assert.equal(sessions.isAttached(6), false);
  await sessions.detach(9).catch(() => {});
  assert.deepEqual(area.peek(ATTACHED_KEY), []);
});

test("without storage the set lives in memory", async () => {
  const api = new FakeDebugger();
  const sessions = new DebuggerSessions(isAgentTab, undefined, api);
  await sessions.attach(3);
  await sessions.attach(3);
  assert.deepEqual(api.calls, ["attach 3"]);
});
