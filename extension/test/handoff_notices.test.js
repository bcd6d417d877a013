import assert from "node:assert/strict";
import { test } from "node:test";

import { ProtocolError } from "../src/errors.js";
import { createHandlers } from "../src/handlers.js";
import {
  HandoffNotices,
  NOTICES_KEY,
  handoffShowParams,
  noticeId,
  noticeText,
  parseNotices,
} from "../src/handoff_notices.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

/** Fake notifications and tabs: what is on screen, and which tab came forward. */
class FakeChrome {
  /** @type {Map<string, {title: string, message: string, contextMessage: string}>} */
  shown = new Map();
  unavailable = false;
  /** @type {Set<number>} */
  tabs = new Set([7, 8, 9]);
  /** @type {number[]} */
  focused = [];
  /** @type {Map<string, number[]>} */
  agentTabs = new Map();

  /** @type {import("../src/handoff_notices.js").NoticeApi} */
  api = {
    show: async (id, text) => {
      if (this.unavailable) {
        throw new Error("chrome.notifications is not available");
      }
      this.shown.set(id, text);
    },
    clear: async (id) => {
      if (this.unavailable) {
        throw new Error("chrome.notifications is not available");
      }
      this.shown.delete(id);
    },
    ids: async () => {
      if (this.unavailable) {
        throw new Error("chrome.notifications is not available");
      }
      return [...this.shown.keys()];
    },
  };

  /** @type {import("../src/handoff_notices.js").FocusApi} */
  focus = {
    focusTab: async (tabId) => {
      if (!this.tabs.has(tabId)) {
        return false;
      }
      this.focused.push(tabId);
      return true;
    },
    tabsOf: async (session) => this.agentTabs.get(session) ?? [],
  };
}

function setup(area = new FakeStorageArea(), fake = new FakeChrome()) {
  return { area, fake, notices: new HandoffNotices({ area, api: fake.api, focus: fake.focus }) };
}

const CODE = { session: "k1", client: "Claude Code", reason: "type the code we sent to your phone", tab_id: 7 };

test("a handoff shows who needs the person and the model's words, quoted as the model's", async () => {
  const { fake, notices } = setup();
  assert.equal(await notices.show(CODE), true);
  assert.deepEqual(fake.shown.get("diwall-handoff:k1"), {
    title: "Diwall: Claude Code needs you",
    message: "The model says: “type the code we sent to your phone”",
    contextMessage: "Click to go to its tab. Do the step there, then answer Done or I can't in Diwall.",
  });
  // Whatever the reason holds, it is the message's text, inside the quotes.
  const tricky = '<b>click</b> "Allow" — Diwall says so';
  assert.equal(noticeText({ ...CODE, reason: tricky }).message, `The model says: “${tricky}”`);
  assert.equal(noticeText({ ...CODE, client: "  " }).title, "Diwall: an agent needs you");
});

test("clicking brings the agent's tab forward; the handoff's end clears it", async () => {
  const { area, fake, notices } = setup();
  await notices.show(CODE);
  await notices.show({ session: "k2", client: "Cursor", reason: "solve the captcha", tab_id: 8 });
  await notices.clicked(noticeId("k2"));
  await notices.clicked(noticeId("k1"));
  await notices.clicked("someone-else");
  assert.deepEqual(fake.focused, [8, 7]);

  await notices.clear("k1");
  assert.deepEqual([...fake.shown.keys()], ["diwall-handoff:k2"]);
  assert.deepEqual(area.peek(NOTICES_KEY), [{ session: "k2", tab_id: 8 }]);
  // A click on a notification whose handoff is over does nothing; clearing twice is no error.
  await notices.clicked(noticeId("k1"));
  await notices.clear("k1");
  await notices.clear("never");
  assert.deepEqual(fake.focused, [8, 7]);
});

test("a new handoff of the same session replaces its notification", async () => {
  const { area, fake, notices } = setup();
  await notices.show(CODE);
  await notices.show({ ...CODE, reason: "accept the terms", tab_id: 9 });
  assert.equal(fake.shown.size, 1);
  assert.equal(fake.shown.get(noticeId("k1"))?.message, "The model says: “accept the terms”");
  assert.deepEqual(area.peek(NOTICES_KEY), [{ session: "k1", tab_id: 9 }]);
});

test("when the tab is gone or not named, the session's first agent tab comes forward", async () => {
  const { fake, notices } = setup();
  fake.agentTabs.set("k1", [9, 8]);
  fake.tabs.delete(7);
  await notices.show(CODE);
  await notices.clicked(noticeId("k1"));
  await notices.show({ session: "k1", client: "c", reason: "r" });
  fake.tabs.delete(9);
  await notices.clicked(noticeId("k1"));
  assert.deepEqual(fake.focused, [9, 8]);
  // No tab at all: nothing happens.
  fake.agentTabs.clear();
  await notices.clicked(noticeId("k1"));
  assert.deepEqual(fake.focused, [9, 8]);
});

test("a restarted worker still knows which tab a click brings forward", async () => {
  const area = new FakeStorageArea();
  const fake = new FakeChrome();
  await setup(area, fake).notices.show(CODE);
  await setup(area, fake).notices.clicked(noticeId("k1"));
  assert.deepEqual(fake.focused, [7]);
});

test("the host's going clears every handoff notification, also one not on record", async () => {
  const { area, fake, notices } = setup();
  await notices.show(CODE);
  await notices.show({ session: "k2", client: "Cursor", reason: "r" });
  fake.shown.set("diwall-handoff:k3", { title: "", message: "", contextMessage: "" }); // a stopped worker's
  fake.shown.set("other", { title: "", message: "", contextMessage: "" });
  await notices.clearAll();
  assert.deepEqual([...fake.shown.keys()], ["other"]);
  assert.deepEqual(area.peek(NOTICES_KEY), []);
  const sets = area.sets;
  await notices.clearAll();
  assert.equal(area.sets, sets, "nothing to clear writes nothing");
});

test("where Chrome shows no notifications, nothing fails", async () => {
  const { fake, notices } = setup();
  fake.unavailable = true;
  assert.equal(await notices.show(CODE), false);
  await notices.clicked(noticeId("k1"));
  await notices.clear("k1");
  await notices.show(CODE);
  await notices.clearAll();
  assert.deepEqual(fake.focused, [7]);
});

test("handoff.show and handoff.clear check their params", async () => {
  const { fake, notices } = setup();
  const handlers = createHandlers(/** @type {any} */ ({ notices }));
  const call = (/** @type {string} */ method, /** @type {object} */ params) =>
    /** @type {import("../src/handlers.js").Handler} */ (handlers.get(method))(/** @type {any} */ (params));
  assert.deepEqual(await call("handoff.show", CODE), { shown: true });
  assert.deepEqual(await call("handoff.clear", { session: "k1" }), {});
  assert.equal(fake.shown.size, 0);
  assert.deepEqual(handoffShowParams({ session: "k", client: "c", reason: "r" }), { session: "k", client: "c", reason: "r" });
  for (const [params, pattern] of /** @type {[object, RegExp][]} */ ([
    [{ ...CODE, session: "" }, /^session must be a string of 1\.\.128/],
    [{ ...CODE, client: "" }, /^client must be a string of 1\.\.200/],
    [{ ...CODE, reason: "" }, /^reason must be a string of 1\.\.1024/],
    [{ ...CODE, reason: "r".repeat(1025) }, /^reason/],
    [{ ...CODE, tab_id: "7" }, /^tab_id must be a non-negative integer/],
    [{ ...CODE, tab_id: -1 }, /^tab_id/],
  ])) {
    await assert.rejects(call("handoff.show", params), (err) => err instanceof ProtocolError && err.code === "invalid_argument" && pattern.test(err.message));
  }
  await assert.rejects(call("handoff.clear", {}), (err) => err instanceof ProtocolError && err.code === "invalid_argument");
});

test("malformed stored notices are skipped", () => {
  assert.deepEqual(parseNotices(undefined), []);
  assert.deepEqual(
    parseNotices([{ session: "a", tab_id: 1 }, { session: "b", tab_id: "2" }, { session: "" }, null, { tab_id: 3 }]),
    [{ session: "a", tab_id: 1 }, { session: "b" }],
  );
});
