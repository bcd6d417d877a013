import assert from "node:assert/strict";
import { test } from "node:test";

import { ConnectedSessions, SESSIONS_KEY, parseSessions } from "../src/connected_sessions.js";
import { OPERATOR_PAGES } from "../src/operator_ports.js";
import { applyEvent, emptyModel } from "../src/operator_model.js";
import { displayName, handoffViews, popupView, tabIdFromQuery } from "../src/popup_view.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

/** @type {import("../src/connected_sessions.js").ConnectedSession[]} */
const SESSIONS = [
  { session: "k1", name: "Claude Code", color: "blue" },
  { session: "k2", name: "Cursor", color: "orange" },
];
const WEB_TAB = { id: 7, url: "https://example.com/a" };

test("a web tab that is not shared offers one share button per session", () => {
  const view = popupView({ sessions: SESSIONS, agentTabs: new Map(), tab: WEB_TAB });
  assert.equal(view.state, "shareable");
  assert.equal(view.canStop, false);
  assert.deepEqual(view.shares, [
    { session: "k1", label: "Share this tab with Claude Code", color: "blue" },
    { session: "k2", label: "Share this tab with Cursor", color: "orange" },
  ]);
  assert.deepEqual(view.connected, [
    { name: "Claude Code", color: "blue" },
    { name: "Cursor", color: "orange" },
  ]);
});

test("an http tab, and one still loading its first page, can be shared", () => {
  const http = popupView({ sessions: SESSIONS, agentTabs: new Map(), tab: { id: 1, url: "http://127.0.0.1:8080/" } });
  assert.equal(http.state, "shareable");
  const loading = popupView({ sessions: SESSIONS, agentTabs: new Map(), tab: { id: 1, url: "", pendingUrl: "https://a.test/" } });
  assert.equal(loading.state, "shareable");
});

test("an agent tab says whose it is and offers Stop sharing", () => {
  const view = popupView({ sessions: SESSIONS, agentTabs: new Map([[7, "k2"]]), tab: WEB_TAB });
  assert.equal(view.state, "shared");
  assert.equal(view.message, "Used by Cursor.");
  assert.equal(view.canStop, true);
  assert.deepEqual(view.shares, []);
});

test("an agent tab of a session that is gone can still be taken back", () => {
  for (const sessions of [SESSIONS, []]) {
    const view = popupView({ sessions, agentTabs: new Map([[7, "k9"]]), tab: WEB_TAB });
    assert.equal(view.state, "shared");
    assert.equal(view.message, "Used by an agent that is not connected now.");
    assert.equal(view.canStop, true);
  }
});

test("an agent tab on a page that is not http(s) can still be taken back", () => {
  const view = popupView({ sessions: SESSIONS, agentTabs: new Map([[7, "k1"]]), tab: { id: 7, url: "about:blank" } });
  assert.equal(view.state, "shared");
  assert.equal(view.canStop, true);
});

test("with no session connected, nothing can be shared", () => {
  const view = popupView({ sessions: [], agentTabs: new Map(), tab: WEB_TAB });
  assert.equal(view.state, "no_sessions");
  assert.equal(view.message, "No agent is connected.");
  assert.deepEqual(view.shares, []);
  assert.equal(view.canStop, false);
  assert.deepEqual(view.connected, []);
});

test("a tab that is not a web page says why it cannot be shared", () => {
  for (const url of ["chrome://settings/", "chrome-extension://abc/src/popup.html", "file:///etc/hosts", "about:blank", "", undefined, "not a url"]) {
    const view = popupView({ sessions: SESSIONS, agentTabs: new Map(), tab: { id: 3, url } });
    assert.equal(view.state, "not_shareable", String(url));
    assert.match(view.message, /Only web pages \(http or https\) can be shared/);
    assert.deepEqual(view.shares, []);
  }
});

test("no tab, or a tab that is gone", () => {
  const none = popupView({ sessions: SESSIONS, agentTabs: new Map(), tab: undefined });
  assert.equal(none.state, "no_tab");
  assert.equal(none.message, "There is no tab to share.");
  const gone = popupView({ sessions: SESSIONS, agentTabs: new Map(), tab: undefined, tabGone: true });
  assert.equal(gone.state, "no_tab");
  assert.equal(gone.message, "This tab no longer exists.");
  assert.equal(gone.canStop, false);
});

test("a session without a name is still named", () => {
  assert.equal(displayName({ session: "k", name: "  ", color: "grey" }), "an unnamed agent");
  const view = popupView({ sessions: [{ session: "k", name: "", color: "grey" }], agentTabs: new Map(), tab: WEB_TAB });
  assert.equal(view.shares[0].label, "Share this tab with an unnamed agent");
});

test("names are passed through as text, whatever they contain", () => {
  const name = '<img src=x onerror="alert(1)">';
  const view = popupView({ sessions: [{ session: "k", name, color: "red" }], agentTabs: new Map(), tab: WEB_TAB });
  assert.equal(view.shares[0].label, `Share this tab with ${name}`);
});

test("the tab to act on comes from ?tab=N", () => {
  assert.equal(tabIdFromQuery(""), undefined);
  assert.equal(tabIdFromQuery("?x=1"), undefined);
  assert.equal(tabIdFromQuery("?tab=0"), 0);
  assert.equal(tabIdFromQuery("?tab=123&x=1"), 123);
  for (const bad of ["?tab=", "?tab=-1", "?tab=1.5", "?tab=abc", "?tab=1e3", "?tab=9999999999999999"]) {
    assert.equal(tabIdFromQuery(bad), null, bad);
  }
});

test("the connected sessions round-trip through storage; malformed ones are skipped", async () => {
  const area = new FakeStorageArea();
  const store = new ConnectedSessions(area);
  assert.deepEqual(await store.list(), []);
  await store.replace(SESSIONS);
  assert.deepEqual(await new ConnectedSessions(area).list(), SESSIONS);
  await store.replace([]);
  assert.deepEqual(await store.list(), []);

  assert.deepEqual(parseSessions("x"), []);
  assert.deepEqual(
    parseSessions([
      { session: "a", name: "A", color: "blue" },
      { session: "", name: "B", color: "blue" },
      { session: "c", name: 3, color: "blue" },
      { session: "d", name: "D", color: "black" },
      null,
    ]),
    [{ session: "a", name: "A", color: "blue" }],
  );
  assert.equal(SESSIONS_KEY, "sessions");
});

/** @type {import("../src/operator_model.js").Session} */
const RUNNING = { key: "k1", name: "Claude Code", title: "Diwall · Claude Code", color: "blue", status: "running", acting: true, connected: true };

test("the popup lists the steps handed to the person, oldest first, with the model's words as they are", () => {
  const model = emptyModel();
  const reason = '<b>solve</b> the captcha "now"';
  applyEvent(model, {
    type: "state",
    sessions: [
      { ...RUNNING, handoff: { reason, since: 2000, tab_id: "ab12" } },
      { ...RUNNING, key: "k2", name: "  ", color: "red", handoff: { reason: "type the code", since: 1000 } },
      { ...RUNNING, key: "k3", name: "Idle" },
    ],
  });
  assert.deepEqual(handoffViews(model.sessions.values()), [
    { session: "k2", name: "an unnamed agent", color: "red", reason: "type the code", since: 1000 },
    { session: "k1", name: "Claude Code", color: "blue", reason, since: 2000 },
  ]);
  // The person answered: the host's next session event has no handoff.
  applyEvent(model, { type: "session", session: { ...RUNNING } });
  assert.deepEqual(handoffViews(model.sessions.values()).map((h) => h.session), ["k2"]);
  // Malformed handoffs show nothing rather than something wrong.
  applyEvent(model, { type: "session", session: { ...RUNNING, handoff: { reason: 5, since: 1 } } });
  applyEvent(model, { type: "session", session: { ...RUNNING, key: "k2", handoff: null } });
  assert.deepEqual(handoffViews(model.sessions.values()), []);
  assert.deepEqual(handoffViews([{ ...RUNNING, handoff: { reason: "r", since: NaN } }])[0].since, 0);
});

test("the popup may connect to the operator's stream, as the side panel does", () => {
  assert.deepEqual(OPERATOR_PAGES, ["src/panel.html", "src/popup.html"]);
});
