import assert from "node:assert/strict";
import { test } from "node:test";

import { AGENT_TABS_KEY, AgentTabs, parseAgentTabs, readAgentTabs } from "../src/agent_tabs.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

test("the map is stored as a list of {tab_id, session}", async () => {
  const area = new FakeStorageArea();
  const tabs = new AgentTabs(area);
  await tabs.replace([
    { tab_id: 5, session: "a" },
    { tab_id: 9, session: "b" },
  ]);
  assert.deepEqual(area.peek(AGENT_TABS_KEY), [
    { tab_id: 5, session: "a" },
    { tab_id: 9, session: "b" },
  ]);
  assert.deepEqual(await tabs.list(), [
    { tab_id: 5, session: "a" },
    { tab_id: 9, session: "b" },
  ]);
  assert.equal(await tabs.sessionOf(5), "a");
  assert.equal(await tabs.sessionOf(6), undefined);
  assert.equal(await tabs.has(9), true);
  assert.equal(await tabs.has(6), false);
});

test("a restarted worker reads the map back", async () => {
  const area = new FakeStorageArea();
  const before = new AgentTabs(area);
  await before.replace([{ tab_id: 5, session: "a" }]);
  await before.add(7, "b");
  await before.add(8, "a");
  await before.remove(5);

  const after = new AgentTabs(area);
  assert.deepEqual(await after.list(), [
    { tab_id: 7, session: "b" },
    { tab_id: 8, session: "a" },
  ]);
  assert.deepEqual([...(await readAgentTabs(area))], [
    [7, "b"],
    [8, "a"],
  ]);
});

test("replace drops tabs not listed; add moves a tab to another session", async () => {
  const area = new FakeStorageArea();
  const tabs = new AgentTabs(area);
  await tabs.replace([
    { tab_id: 1, session: "a" },
    { tab_id: 2, session: "a" },
  ]);
  await tabs.replace([{ tab_id: 2, session: "b" }]);
  assert.deepEqual(await tabs.list(), [{ tab_id: 2, session: "b" }]);
  await tabs.add(2, "c");
  assert.equal(await tabs.sessionOf(2), "c");
  assert.deepEqual(area.peek(AGENT_TABS_KEY), [{ tab_id: 2, session: "c" }]);
});

test("add of the same tab and session, and remove of a stranger, write nothing", async () => {
  const area = new FakeStorageArea();
  const tabs = new AgentTabs(area);
  await tabs.add(3, "a");
  const writes = area.sets;
  await tabs.add(3, "a");
  assert.equal(await tabs.remove(4), false);
  assert.equal(area.sets, writes);
  assert.equal(await tabs.remove(3), true);
  assert.deepEqual(area.peek(AGENT_TABS_KEY), []);
});

test("a failed write rejects, and the writes after it still land", async () => {
  const area = new FakeStorageArea();
  const tabs = new AgentTabs(area);
  area.failNextSet = true;
  await assert.rejects(tabs.add(1, "a"), /quota/);
  await tabs.add(2, "a");
  assert.deepEqual(area.peek(AGENT_TABS_KEY), [
    { tab_id: 1, session: "a" },
    { tab_id: 2, session: "a" },
  ]);
});

test("a storage area that cannot be read leaves an empty map", async (t) => {
  t.mock.method(console, "warn", () => {});
  const broken = {
    get: async () => {
      throw new Error("no storage");
    },
    set: async () => {},
  };
  const tabs = new AgentTabs(/** @type {any} */ (broken));
  assert.deepEqual(await tabs.list(), []);
});

test("malformed stored entries are skipped", () => {
  assert.deepEqual([...parseAgentTabs(undefined)], []);
  assert.deepEqual([...parseAgentTabs({ 1: "a" })], []);
  // The old format (a list of ids) is not read: no migration.
  assert.deepEqual([...parseAgentTabs([1, 2])], []);
  assert.deepEqual(
    [
      ...parseAgentTabs([
        { tab_id: 1, session: "a" },
        { tab_id: -1, session: "a" },
        { tab_id: 2.5, session: "a" },
        { tab_id: 3, session: "" },
        { tab_id: 4 },
        null,
        { tab_id: 5, session: "b" },
      ]),
    ],
    [
      [1, "a"],
      [5, "b"],
    ],
  );
});
