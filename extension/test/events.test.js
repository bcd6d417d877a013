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
/** The tabs chrome.tabs.get knows, by id. @type {Map<number, any>} */
let liveTabs;

beforeEach(() => {
  liveTabs = new Map();
  chromeFake = {
    tabs: {
      onCreated: fakeEvent(),
      onUpdated: fakeEvent(),
      onActivated: fakeEvent(),
      onRemoved: fakeEvent(),
      get: async (/** @type {number} */ id) => {
        const tab = liveTabs.get(id);
        if (tab === undefined) {
          throw new Error(`No tab with id: ${id}.`);
        }
        return structuredClone(tab);
      },
    },
    webNavigation: { onCreatedNavigationTarget: fakeEvent() },
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
  await agentTabs.replace([
    { tab_id: 1, session: "k1" },
    { tab_id: 7, session: "k2" },
  ]);
  /** @type {[string, any][]} */
  const events = [];
  /** @type {number[]} */
  const forgotten = [];
  const sessions = /** @type {any} */ ({ forget: (/** @type {number} */ id) => forgotten.push(id) });
  registerEventForwarders({
    agentTabs,
    sessions,
    emit: (event, params) => events.push([event, structuredClone(params)]),
  });
  return { agentTabs, events, forgotten };
}

/**
 * A chrome.tabs.Tab; Chrome sets openerTabId to the active tab even for tabs the person opens.
 * @param {number} id
 * @param {{openerTabId?: number, url?: string, status?: string, title?: string}} [fields]
 */
const tab = (id, { openerTabId, url = "https://a.test/", status = "loading", title = "" } = {}) => ({
  id,
  openerTabId,
  windowId: 1,
  url,
  title,
  status,
  active: true,
});

/**
 * What Chrome does when a page opens a tab: onCreated, then onCreatedNavigationTarget.
 * @param {number} id
 * @param {number} source
 * @param {string} [url]
 */
function pageOpens(id, source, url = "https://a.test/child") {
  const created = tab(id, { openerTabId: source, url: "", status: "complete" });
  liveTabs.set(id, created);
  chromeFake.tabs.onCreated.fire(created);
  chromeFake.webNavigation.onCreatedNavigationTarget.fire({ sourceTabId: source, sourceFrameId: 0, tabId: id, url });
}

/**
 * Chrome's onUpdated for tab id, which changes to fields.
 * @param {number} id
 * @param {{url?: string, status?: string, title?: string}} change
 */
function update(id, change) {
  const now = { ...liveTabs.get(id), ...change };
  liveTabs.set(id, now);
  chromeFake.tabs.onUpdated.fire(id, change, structuredClone(now));
}

/** @param {[string, any][]} events */
const summary = (events) =>
  events.map(([event, params]) => [event, params.tab?.tab_id ?? params.tab_id, params.tab?.opener_tab_id]);

test("a tab the page of an agent tab opened joins its opener's session, and so does its own child", async () => {
  const { agentTabs, events } = await setup();
  pageOpens(2, 1);
  update(2, { status: "loading", url: "https://a.test/child" });
  pageOpens(3, 2);
  pageOpens(4, 7);
  await settle();
  assert.equal(await agentTabs.sessionOf(2), "k1");
  assert.equal(await agentTabs.sessionOf(3), "k1");
  assert.equal(await agentTabs.sessionOf(4), "k2");
  assert.deepEqual(summary(events), [
    ["tab.created", 2, 1],
    ["tab.updated", 2, undefined],
    ["tab.created", 3, 2],
    ["tab.created", 4, 7],
  ]);
  // Before its navigation started the tab has no URL: tab.created names the one it will load.
  assert.equal(events[0][1].tab.url, "https://a.test/child");
});

test("a tab the person opens while an agent tab is active stays the person's", async () => {
  const { agentTabs, events } = await setup();
  // Ctrl+T, or Target.createTarget over DevTools: Chrome names the active agent tab as the opener,
  // but no page opened the tab, so there is no onCreatedNavigationTarget.
  liveTabs.set(5, tab(5, { openerTabId: 1 }));
  chromeFake.tabs.onCreated.fire(liveTabs.get(5));
  update(5, { status: "complete", title: "My bank" });
  // And what that tab's page opens is the person's too.
  pageOpens(6, 5);
  await settle();
  assert.equal(await agentTabs.has(5), false);
  assert.equal(await agentTabs.has(6), false);
  assert.deepEqual(events, []);
});

test("the host sees tab.created before any tab.updated, even when Chrome reports updates first", async () => {
  const { events } = await setup();
  liveTabs.set(2, tab(2, { openerTabId: 1, url: "", status: "complete" }));
  chromeFake.tabs.onCreated.fire(liveTabs.get(2));
  update(2, { status: "loading", url: "https://a.test/child" });
  update(2, { title: "Child" });
  chromeFake.webNavigation.onCreatedNavigationTarget.fire({ sourceTabId: 1, sourceFrameId: 0, tabId: 2, url: "https://a.test/child" });
  update(2, { status: "complete" });
  await settle();
  assert.deepEqual(summary(events), [
    ["tab.created", 2, 1],
    ["tab.updated", 2, undefined],
  ]);
  // tab.created carries the tab's state when it is adopted, the updates before it included.
  assert.deepEqual(
    { url: events[0][1].tab.url, title: events[0][1].tab.title },
    { url: "https://a.test/child", title: "Child" },
  );
  assert.equal(events[1][1].tab.status, "complete");
});

test("a tab closed before it could be adopted is not", async () => {
  const { agentTabs, events } = await setup();
  chromeFake.webNavigation.onCreatedNavigationTarget.fire({ sourceTabId: 1, sourceFrameId: 0, tabId: 9, url: "https://a.test/" });
  await settle();
  assert.equal(await agentTabs.has(9), false);
  assert.deepEqual(events, []);
});

test("a tab that is an agent tab already keeps its session", async () => {
  const { agentTabs, events } = await setup();
  liveTabs.set(7, tab(7));
  chromeFake.webNavigation.onCreatedNavigationTarget.fire({ sourceTabId: 1, sourceFrameId: 0, tabId: 7, url: "https://a.test/" });
  await settle();
  assert.equal(await agentTabs.sessionOf(7), "k2");
  assert.deepEqual(events, []);
});

test("updates are forwarded for agent tabs only, and only for URL, title and status", async () => {
  const { events } = await setup();
  liveTabs.set(1, tab(1));
  liveTabs.set(8, tab(8));
  update(1, { title: "Agent" });
  update(1, { audible: true });
  update(8, { title: "Person" });
  await settle();
  assert.deepEqual(summary(events), [["tab.updated", 1, undefined]]);
  assert.equal("opener_tab_id" in events[0][1].tab, false);
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

test("CDP events: the tab's own session's allowed events, and the attach and detach of out-of-process frames, the tab's and theirs", async () => {
  const { events } = await setup();
  const fire = (/** @type {object} */ source, /** @type {string} */ method, /** @type {object} */ params) =>
    chromeFake.debugger.onEvent.fire(source, method, params);
  fire({ tabId: 1 }, "Page.loadEventFired", { timestamp: 1 });
  fire({ tabId: 1, sessionId: "S1" }, "Page.loadEventFired", { timestamp: 2 }); // a child session's own
  fire({ tabId: 1 }, "Network.requestWillBeSent", {});
  const attached = {
    sessionId: "S1",
    waitingForDebugger: false,
    targetInfo: { targetId: "F1", type: "iframe", url: "http://localhost:1/", title: "t", attached: true, browserContextId: "C" },
  };
  fire({ tabId: 1 }, "Target.attachedToTarget", attached);
  fire({ tabId: 1 }, "Target.attachedToTarget", { sessionId: "S2", targetInfo: { targetId: "W", type: "worker", url: "x" } });
  fire({ tabId: 1, sessionId: "S1" }, "Target.attachedToTarget", { ...attached, sessionId: "S3" }); // a grandchild
  fire({ tabId: 1, sessionId: "S1" }, "Target.attachedToTarget", { sessionId: "S4", targetInfo: { targetId: "W", type: "worker", url: "x" } });
  fire({ tabId: 1, sessionId: "S1" }, "Page.javascriptDialogOpening", { type: "alert", message: "hi" });
  fire({ tabId: 1, sessionId: "S1" }, "Network.requestWillBeSent", {});
  fire({ tabId: 1 }, "Target.detachedFromTarget", { sessionId: "S1", targetId: "F1" });
  await settle();
  assert.deepEqual(events, [
    ["cdp.event", { tab_id: 1, method: "Page.loadEventFired", params: { timestamp: 1 } }],
    [
      "cdp.event",
      {
        tab_id: 1,
        method: "Target.attachedToTarget",
        params: { sessionId: "S1", targetInfo: { targetId: "F1", type: "iframe", url: "http://localhost:1/" } },
      },
    ],
    [
      "cdp.event",
      {
        tab_id: 1,
        session_id: "S1",
        method: "Target.attachedToTarget",
        params: { sessionId: "S3", targetInfo: { targetId: "F1", type: "iframe", url: "http://localhost:1/" } },
      },
    ],
    ["cdp.event", { tab_id: 1, method: "Target.detachedFromTarget", params: { sessionId: "S1", targetId: "F1" } }],
  ]);
});

test("when the person brings a tab forward, each agent tab of that window says whether it is in front", async () => {
  const { events } = await setup();
  liveTabs.set(1, { ...tab(1, { status: "complete" }), active: false });
  liveTabs.set(7, { ...tab(7, { status: "complete" }), windowId: 2, active: false });
  liveTabs.set(1, { ...liveTabs.get(1), active: true });
  chromeFake.tabs.onActivated.fire({ tabId: 1, windowId: 1 });
  await settle();
  liveTabs.set(1, { ...liveTabs.get(1), active: false });
  chromeFake.tabs.onActivated.fire({ tabId: 99, windowId: 1 }); // the person's own tab
  await settle();
  assert.deepEqual(
    events.map(([event, params]) => [event, params.tab.tab_id, params.tab.active]),
    [
      ["tab.updated", 1, true],
      ["tab.updated", 1, false],
    ],
    "tab 7 is in another window: nothing of it",
  );
});
