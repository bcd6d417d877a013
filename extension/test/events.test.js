import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";

import { AgentTabs } from "../src/agent_tabs.js";
import { registerEventForwarders } from "../src/events.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

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

/** @type {Record<string, any>} */
let chromeFake;

beforeEach(() => {
  chromeFake = {
    tabs: { onCreated: fakeEvent(), onUpdated: fakeEvent(), onRemoved: fakeEvent() },
    debugger: { onDetach: fakeEvent(), onEvent: fakeEvent() },
  };
  /** @type {any} */ (globalThis).chrome = chromeFake;
});

afterEach(() => {
  delete (/** @type {any} */ (globalThis).chrome);
});

/** Lets the forwarders' queue run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setup() {
  const agentTabs = new AgentTabs(new FakeStorageArea());
  await agentTabs.replace([{ tab_id: 1, session: "k1" }]);
  /** @type {[string, any][]} */
  const events = [];
  /** @type {number[]} */
  const forgotten = [];
  const sessions = /** @type {any} */ ({ forget: (/** @type {number} */ id) => forgotten.push(id) });
  registerEventForwarders({ agentTabs, sessions, emit: (event, params) => events.push([event, params]) });
  return { agentTabs, events, forgotten };
}

/** @param {number} id @param {number} [openerTabId] */
const tab = (id, openerTabId) => ({ id, openerTabId, windowId: 1, url: "https://a.test/", title: "", status: "loading", active: true });

test("a tab opened by an agent tab joins its opener's session", async () => {
  const { agentTabs, events } = await setup();
  chromeFake.tabs.onCreated.fire(tab(2, 1));
  chromeFake.tabs.onCreated.fire(tab(3, 2));
  await settle();
  assert.equal(await agentTabs.sessionOf(2), "k1");
  assert.equal(await agentTabs.sessionOf(3), "k1");
  assert.deepEqual(
    events.map(([event, params]) => [event, params.tab.tab_id, params.tab.opener_tab_id]),
    [
      ["tab.created", 2, 1],
      ["tab.created", 3, 2],
    ],
  );
});

test("a tab opened by a person's tab, or by no tab, stays the person's", async () => {
  const { agentTabs, events } = await setup();
  chromeFake.tabs.onCreated.fire(tab(4, 9));
  chromeFake.tabs.onCreated.fire(tab(5));
  await settle();
  assert.equal(await agentTabs.has(4), false);
  assert.equal(await agentTabs.has(5), false);
  assert.deepEqual(events, []);
});

test("a closed agent tab leaves the map and is reported", async () => {
  const { agentTabs, events, forgotten } = await setup();
  chromeFake.tabs.onRemoved.fire(1);
  chromeFake.tabs.onRemoved.fire(8);
  await settle();
  assert.equal(await agentTabs.has(1), false);
  assert.deepEqual(forgotten, [1, 8]);
  assert.deepEqual(events, [["tab.closed", { tab_id: 1 }]]);
});
