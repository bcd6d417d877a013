import assert from "node:assert/strict";
import { test } from "node:test";

import { ProtocolError } from "../src/errors.js";
import { groupStateParams, groupTab, hostTitle, showGroupState, shownTitle, tabGroupParams } from "../src/tab_groups.js";

/**
 * A fake browser: windows with a type, tabs in windows, groups with titles.
 * @param {{windows: Record<number, string>, tabs: Record<number, number>, groups?: {id: number, windowId: number, title?: string}[]}} state
 */
function fakeBrowser(state) {
  const groups = state.groups ?? [];
  /** @type {Map<number, number>} tab id -> group id */
  const membership = new Map();
  /** @type {string[]} */
  const calls = [];
  let nextGroup = 500;
  /** @type {import("../src/tab_groups.js").GroupApi} */
  const api = {
    async getTab(tabId) {
      if (!(tabId in state.tabs)) {
        throw new Error(`No tab with id: ${tabId}.`);
      }
      return { windowId: state.tabs[tabId], groupId: membership.get(tabId) ?? -1 };
    },
    async getWindow(windowId) {
      return { type: state.windows[windowId] };
    },
    async groupsIn(windowId) {
      return groups.filter((g) => g.windowId === windowId);
    },
    async group(tabId, target) {
      calls.push(`group ${tabId} ${JSON.stringify(target)}`);
      const id = "groupId" in target ? target.groupId : nextGroup++;
      if (!("groupId" in target)) {
        groups.push({ id, windowId: target.windowId });
      }
      membership.set(tabId, id);
      return id;
    },
    async update(groupId, props) {
      calls.push(`update ${groupId} ${JSON.stringify(props)}`);
      const group = groups.find((g) => g.id === groupId);
      Object.assign(/** @type {object} */ (group), props);
    },
    async allGroups() {
      return groups;
    },
  };
  return { api, calls, groups, membership };
}

test("a tab joins the group of its window with that title", async () => {
  const b = fakeBrowser({
    windows: { 1: "normal", 2: "normal" },
    tabs: { 10: 1 },
    groups: [
      { id: 7, windowId: 2, title: "Diwall · Claude Code" },
      { id: 8, windowId: 1, title: "Diwall · Cursor" },
      { id: 9, windowId: 1, title: "Diwall · Claude Code" },
    ],
  });
  const id = await groupTab({ tab_id: 10, title: "Diwall · Claude Code", color: "blue", state: "idle" }, b.api);
  assert.equal(id, 9);
  assert.deepEqual(b.calls, ['group 10 {"groupId":9}']);
});

test("with no such group in the window, one is created with the title and colour", async () => {
  const b = fakeBrowser({
    windows: { 1: "normal", 2: "normal" },
    tabs: { 10: 1, 11: 1 },
    groups: [{ id: 7, windowId: 2, title: "Diwall · Claude Code" }],
  });
  const id = await groupTab({ tab_id: 10, title: "Diwall · Claude Code", color: "green", state: "idle" }, b.api);
  assert.equal(id, 500);
  assert.deepEqual(b.calls, ['group 10 {"windowId":1}', 'update 500 {"title":"Diwall · Claude Code","color":"green"}']);
  // The next tab of that window joins it.
  assert.equal(await groupTab({ tab_id: 11, title: "Diwall · Claude Code", color: "green", state: "idle" }, b.api), 500);
});

test("titles are compared exactly, not as patterns", async () => {
  const b = fakeBrowser({
    windows: { 1: "normal" },
    tabs: { 10: 1 },
    groups: [{ id: 7, windowId: 1, title: "Diwall · Claude" }],
  });
  assert.equal(await groupTab({ tab_id: 10, title: "Diwall · *", color: "red", state: "idle" }, b.api), 500);
});

test("a tab already in its group is left as it is", async () => {
  const b = fakeBrowser({ windows: { 1: "normal" }, tabs: { 10: 1 }, groups: [{ id: 7, windowId: 1, title: "T" }] });
  b.membership.set(10, 7);
  assert.equal(await groupTab({ tab_id: 10, title: "T", color: "red", state: "idle" }, b.api), 7);
  assert.deepEqual(b.calls, []);
});

test("a tab in a popup or app window answers invalid_argument", async () => {
  for (const type of ["popup", "app", "devtools"]) {
    const b = fakeBrowser({ windows: { 1: type }, tabs: { 10: 1 } });
    await assert.rejects(groupTab({ tab_id: 10, title: "T", color: "red", state: "idle" }, b.api), (err) => {
      assert.ok(err instanceof ProtocolError);
      assert.equal(err.code, "invalid_argument");
      assert.match(err.message, new RegExp(`tab 10 is in a ${type} window, which cannot hold tab groups`));
      return true;
    });
    assert.deepEqual(b.calls, []);
  }
});

test("a tab that is gone fails with Chrome's words", async () => {
  const b = fakeBrowser({ windows: { 1: "normal" }, tabs: {} });
  await assert.rejects(groupTab({ tab_id: 10, title: "T", color: "red", state: "idle" }, b.api), /^Error: No tab with id: 10\.$/);
});

test("a group shows what its session is doing before its title", async () => {
  assert.equal(shownTitle("Diwall · Claude", "acting"), "▶ Diwall · Claude");
  assert.equal(shownTitle("Diwall · Claude", "idle"), "Diwall · Claude");
  for (const state of /** @type {const} */ (["idle", "acting", "paused", "stopped"])) {
    assert.equal(hostTitle(shownTitle("Diwall · Claude", state)), "Diwall · Claude");
  }
  const b = fakeBrowser({
    windows: { 1: "normal", 2: "normal" },
    tabs: { 10: 1 },
    groups: [
      { id: 7, windowId: 2, title: "Diwall · Claude" },
      { id: 8, windowId: 1, title: "⏸ Diwall · Claude" },
      { id: 9, windowId: 1, title: "Diwall · Cursor" },
    ],
  });
  assert.equal(await showGroupState({ title: "Diwall · Claude", state: "acting" }, b.api), 2);
  assert.deepEqual(
    b.groups.map((g) => g.title),
    ["▶ Diwall · Claude", "▶ Diwall · Claude", "Diwall · Cursor"],
  );
  // A tab joins the group whatever its sign, and a new group shows the state at once.
  assert.equal(await groupTab({ tab_id: 10, title: "Diwall · Claude", color: "blue", state: "acting" }, b.api), 8);
  assert.equal(await groupTab({ tab_id: 10, title: "Diwall · Cursor", color: "red", state: "paused" }, b.api), 9);
  assert.equal(b.groups.find((g) => g.id === 9)?.title, "⏸ Diwall · Cursor");
});

test("group states are checked", () => {
  assert.deepEqual(groupStateParams({ title: "T", state: "paused" }), { title: "T", state: "paused" });
  assert.throws(() => groupStateParams({ title: "T", state: "asleep" }), /state/);
  assert.equal(tabGroupParams({ tab_id: 1, title: "T", color: "red" }).state, "idle");
});
