import assert from "node:assert/strict";
import { test } from "node:test";

import { agentTabsParam } from "../src/agent_tabs.js";
import { approvalAskParams, approvalIdParam } from "../src/approvals.js";
import { sessionsParam } from "../src/connected_sessions.js";
import { GROUP_COLORS, tabGroupParams } from "../src/tab_groups.js";
import { rejectsInvalid as rejects } from "./helpers/invalid.js";

test("agent_tabs.set takes a list of {tab_id, session}", () => {
  assert.deepEqual(agentTabsParam({ tabs: [] }), []);
  assert.deepEqual(
    agentTabsParam({
      tabs: [
        { tab_id: 0, session: "s1" },
        { tab_id: 12, session: "x".repeat(128), extra: true },
      ],
    }),
    [
      { tab_id: 0, session: "s1" },
      { tab_id: 12, session: "x".repeat(128) },
    ],
  );
});

test("agent_tabs.set refuses malformed tabs, naming the field", () => {
  rejects(() => agentTabsParam({}), /^tabs must be a list$/);
  rejects(() => agentTabsParam({ tab_ids: [1, 2] }), /^tabs must be a list$/);
  rejects(() => agentTabsParam({ tabs: [3] }), /^tabs\[0\] must be an object$/);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: 1, session: "a" }, null] }), /^tabs\[1\] must be an object$/);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: -1, session: "a" }] }), /^tabs\[0\]\.tab_id must be a non-negative integer$/);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: 1.5, session: "a" }] }), /^tabs\[0\]\.tab_id /);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: "1", session: "a" }] }), /^tabs\[0\]\.tab_id /);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: 1 }] }), /^tabs\[0\]\.session must be a string of 1\.\.128 characters$/);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: 1, session: "" }] }), /^tabs\[0\]\.session /);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: 1, session: 7 }] }), /^tabs\[0\]\.session /);
  rejects(() => agentTabsParam({ tabs: [{ tab_id: 1, session: "x".repeat(129) }] }), /^tabs\[0\]\.session /);
  rejects(
    () => agentTabsParam({ tabs: [{ tab_id: 4, session: "a" }, { tab_id: 4, session: "b" }] }),
    /^tabs\[1\]\.tab_id 4 is listed twice$/,
  );
});

test("sessions.set takes a list of {session, name, color}", () => {
  assert.deepEqual(sessionsParam({ sessions: [] }), []);
  assert.deepEqual(
    sessionsParam({
      sessions: [
        { session: "k1", name: "Claude Code", color: "blue" },
        { session: "k2", name: "", color: "orange" },
      ],
    }),
    [
      { session: "k1", name: "Claude Code", color: "blue" },
      { session: "k2", name: "", color: "orange" },
    ],
  );
  for (const color of ["grey", "blue", "red", "yellow", "green", "pink", "purple", "cyan", "orange"]) {
    assert.equal(sessionsParam({ sessions: [{ session: "k", name: "n", color }] })[0].color, color);
  }
});

test("sessions.set refuses malformed sessions, naming the field", () => {
  rejects(() => sessionsParam({}), /^sessions must be a list$/);
  rejects(() => sessionsParam({ sessions: [{ name: "n", color: "blue" }] }), /^sessions\[0\]\.session /);
  rejects(() => sessionsParam({ sessions: [{ session: "k", color: "blue" }] }), /^sessions\[0\]\.name must be a string of 0\.\.100 characters$/);
  rejects(() => sessionsParam({ sessions: [{ session: "k", name: "x".repeat(101), color: "blue" }] }), /^sessions\[0\]\.name /);
  rejects(() => sessionsParam({ sessions: [{ session: "k", name: "n" }] }), /^sessions\[0\]\.color must be one of grey, blue, /);
  rejects(() => sessionsParam({ sessions: [{ session: "k", name: "n", color: "gray" }] }), /^sessions\[0\]\.color /);
  rejects(() => sessionsParam({ sessions: [{ session: "k", name: "n", color: "Blue" }] }), /^sessions\[0\]\.color /);
  rejects(
    () =>
      sessionsParam({
        sessions: [
          { session: "k", name: "a", color: "blue" },
          { session: "k", name: "b", color: "red" },
        ],
      }),
    /^sessions\[1\]\.session "k" is listed twice$/,
  );
});

test("tab.group takes tab_id, title, a chrome.tabGroups colour and the session's state", () => {
  assert.deepEqual(tabGroupParams({ tab_id: 3, title: "Diwall · Claude Code", color: "cyan" }), {
    tab_id: 3,
    title: "Diwall · Claude Code",
    color: "cyan",
    state: "idle",
  });
  assert.equal(GROUP_COLORS.length, 9);
  rejects(() => tabGroupParams({ title: "t", color: "blue" }), /^tab_id /);
  rejects(() => tabGroupParams({ tab_id: 3, color: "blue" }), /^title /);
  rejects(() => tabGroupParams({ tab_id: 3, title: "", color: "blue" }), /^title /);
  rejects(() => tabGroupParams({ tab_id: 3, title: "t", color: "black" }), /^color /);
});

test("approval ids are 1..64 characters of [A-Za-z0-9_-]", () => {
  for (const id of ["a", "A-b_9", "x".repeat(64), "__proto__"]) {
    assert.equal(approvalIdParam({ approval_id: id }), id);
  }
  for (const id of ["", "x".repeat(65), "a b", "a/b", "é", "a.b", 5, undefined, null]) {
    rejects(() => approvalIdParam({ approval_id: id }), /^approval_id must be 1\.\.64 characters of A-Z, a-z, 0-9, _ and -$/);
  }
});

test("approval.ask takes approval_id, client and origin", () => {
  const ask = { approval_id: "q1", client: "Claude Code", origin: "https://example.com" };
  assert.deepEqual(approvalAskParams({ ...ask, extra: 1 }), ask);
  rejects(() => approvalAskParams({ ...ask, client: "" }), /^client /);
  rejects(() => approvalAskParams({ ...ask, client: 3 }), /^client /);
  rejects(() => approvalAskParams({ ...ask, origin: undefined }), /^origin /);
  rejects(() => approvalAskParams({ ...ask, approval_id: "no way" }), /^approval_id /);
});
