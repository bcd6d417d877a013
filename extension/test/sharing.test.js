import assert from "node:assert/strict";
import { test } from "node:test";

import { AgentTabs } from "../src/agent_tabs.js";
import { RefusedError, shareTab, stopSharing } from "../src/sharing.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

/**
 * @param {{tabs?: Record<number, string>, detachError?: string}} [options]
 */
async function setup({ tabs = { 5: "https://example.com/", 6: "chrome://settings/", 7: "http://127.0.0.1:9000/" }, detachError } = {}) {
  const agentTabs = new AgentTabs(new FakeStorageArea());
  /** @type {[string, object][]} */
  const events = [];
  /** @type {string[]} */
  const calls = [];
  /** @type {import("../src/sharing.js").SharingDeps} */
  const deps = {
    agentTabs,
    sessions: async () => [
      { session: "k1", name: "Claude Code", color: "blue" },
      { session: "k2", name: "Cursor", color: "red" },
    ],
    getTab: async (tabId) => (tabId in tabs ? { url: tabs[tabId] } : undefined),
    detach: async (tabId) => {
      calls.push(`detach ${tabId}`);
      if (detachError !== undefined) {
        throw new Error(detachError);
      }
    },
    ungroup: async (tabId) => {
      calls.push(`ungroup ${tabId}`);
      throw new Error("Tab is not in a group");
    },
    emit: (event, params) => events.push([event, params]),
  };
  return { deps, agentTabs, events, calls };
}

test("sharing adds the tab to the session and tells the host", async () => {
  const { deps, agentTabs, events } = await setup();
  await shareTab(deps, 5, "k2");
  assert.equal(await agentTabs.sessionOf(5), "k2");
  assert.deepEqual(events, [["tab.shared", { tab_id: 5, session: "k2" }]]);
  await shareTab(deps, 7, "k1");
  assert.equal(await agentTabs.sessionOf(7), "k1");
});

test("sharing again with the same session changes nothing", async () => {
  const { deps, events } = await setup();
  await shareTab(deps, 5, "k1");
  await shareTab(deps, 5, "k1");
  assert.equal(events.length, 1);
});

test("sharing is refused for a session not connected, a gone tab, a non-web tab, another session's tab", async () => {
  const { deps, agentTabs, events } = await setup();
  await assert.rejects(shareTab(deps, 5, "k9"), new RefusedError("That agent is no longer connected."));
  await assert.rejects(shareTab(deps, 99, "k1"), new RefusedError("This tab no longer exists."));
  await assert.rejects(shareTab(deps, 6, "k1"), new RefusedError("Only web pages (http or https) can be shared."));
  await agentTabs.add(5, "k2");
  await assert.rejects(shareTab(deps, 5, "k1"), /already used by another agent/);
  assert.equal(await agentTabs.sessionOf(5), "k2");
  assert.deepEqual(events, []);
});

test("stop sharing detaches, ungroups, drops the tab and tells the host", async () => {
  const { deps, agentTabs, events, calls } = await setup();
  await agentTabs.add(5, "k1");
  await stopSharing(deps, 5);
  assert.deepEqual(calls, ["detach 5", "ungroup 5"]);
  assert.equal(await agentTabs.has(5), false);
  assert.deepEqual(events, [["tab.unshared", { tab_id: 5 }]]);
});

test("stop sharing works on a tab the debugger is not attached to, or whose page is gone", async (t) => {
  const warn = t.mock.method(console, "warn", () => {});
  const { deps, agentTabs, events } = await setup({ detachError: "Debugger is not attached to the tab with id: 5." });
  await agentTabs.add(5, "k1");
  await stopSharing(deps, 5);
  assert.equal(warn.mock.callCount(), 0);
  assert.deepEqual(events, [["tab.unshared", { tab_id: 5 }]]);

  const other = await setup({ detachError: "something else" });
  await other.agentTabs.add(5, "k1");
  await stopSharing(other.deps, 5);
  assert.equal(warn.mock.callCount(), 1);
  assert.equal(await other.agentTabs.has(5), false);
});

test("stop sharing a tab that is not shared is refused and touches nothing", async () => {
  const { deps, events, calls } = await setup();
  await assert.rejects(stopSharing(deps, 5), new RefusedError("This tab is not shared with an agent."));
  assert.deepEqual(calls, []);
  assert.deepEqual(events, []);
});
