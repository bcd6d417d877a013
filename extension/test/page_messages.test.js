import assert from "node:assert/strict";
import { test } from "node:test";

import { NotPendingError } from "../src/approvals.js";
import { ProtocolError } from "../src/errors.js";
import { handlePageMessage, parsePageMessage, senderPage } from "../src/page_messages.js";
import { RefusedError } from "../src/sharing.js";

const ID = "jnkblebobpkmgfmabfliknkpdffmpgob";
const ROOT = `chrome-extension://${ID}/`;

test("only this extension's own pages are senders", () => {
  assert.equal(senderPage({ id: ID, url: `${ROOT}src/popup.html?tab=3` }, ID, ROOT), "src/popup.html");
  assert.equal(senderPage({ id: ID, url: `${ROOT}src/approve.html?id=q` }, ID, ROOT), "src/approve.html");
  assert.equal(senderPage({ id: "otherextensionidotherextensionid", url: `${ROOT}src/popup.html` }, ID, ROOT), undefined);
  assert.equal(senderPage({ id: ID, url: "https://example.com/src/popup.html" }, ID, ROOT), undefined);
  assert.equal(senderPage({ id: ID, url: `chrome-extension://${ID}.evil/src/popup.html` }, ID, ROOT), undefined);
  assert.equal(senderPage({ id: ID }, ID, ROOT), undefined);
  assert.equal(senderPage({ url: `${ROOT}src/popup.html` }, ID, ROOT), undefined);
});

test("each message is checked for its shape", () => {
  assert.deepEqual(parsePageMessage({ type: "share_tab", tab_id: 3, session: "k" }, "src/popup.html"), {
    type: "share_tab",
    tab_id: 3,
    session: "k",
  });
  assert.deepEqual(parsePageMessage({ type: "stop_sharing", tab_id: 0 }, "src/popup.html"), {
    type: "stop_sharing",
    tab_id: 0,
  });
  assert.deepEqual(parsePageMessage({ type: "approval_answer", approval_id: "q1", decision: "always" }, "src/approve.html"), {
    type: "approval_answer",
    approval_id: "q1",
    decision: "always",
  });
  assert.throws(() => parsePageMessage("share", "src/popup.html"), /not an object/);
  assert.throws(() => parsePageMessage({ type: "hack" }, "src/popup.html"), /unknown message type "hack"/);
  assert.throws(() => parsePageMessage({ type: "share_tab", tab_id: "3", session: "k" }, "src/popup.html"), /tab_id/);
  assert.throws(() => parsePageMessage({ type: "share_tab", tab_id: 3 }, "src/popup.html"), /session/);
  assert.throws(() => parsePageMessage({ type: "approval_answer", approval_id: "q1", decision: "maybe" }, "src/approve.html"), /decision/);
  assert.throws(() => parsePageMessage({ type: "approval_answer", decision: "once" }, "src/approve.html"), /approval_id/);
});

test("each message is accepted only from its own page", () => {
  assert.throws(
    () => parsePageMessage({ type: "approval_answer", approval_id: "q1", decision: "once" }, "src/popup.html"),
    /approval_answer is accepted only from src\/approve.html/,
  );
  assert.throws(() => parsePageMessage({ type: "share_tab", tab_id: 3, session: "k" }, "src/approve.html"), /only from src\/popup.html/);
  assert.throws(() => parsePageMessage({ type: "stop_sharing", tab_id: 3 }, "src/other.html"), /only from src\/popup.html/);
});

function recorder() {
  /** @type {string[]} */
  const calls = [];
  /** @type {unknown} */
  let failWith;
  /** @type {import("../src/page_messages.js").PageActions} */
  /** @param {string} call */
  const run = async (call) => {
    calls.push(call);
    if (failWith !== undefined) {
      throw failWith;
    }
  };
  const actions = {
    share: (tabId, session) => run(`share ${tabId} ${session}`),
    stopSharing: (tabId) => run(`stop ${tabId}`),
    answer: (approvalId, decision) => run(`answer ${approvalId} ${decision}`),
  };
  return { calls, actions, fail: (/** @type {unknown} */ err) => (failWith = err) };
}

test("messages run their action and answer {ok: true}", async () => {
  const r = recorder();
  assert.deepEqual(await handlePageMessage({ type: "share_tab", tab_id: 3, session: "k" }, "src/popup.html", r.actions), { ok: true });
  assert.deepEqual(await handlePageMessage({ type: "stop_sharing", tab_id: 3 }, "src/popup.html", r.actions), { ok: true });
  assert.deepEqual(
    await handlePageMessage({ type: "approval_answer", approval_id: "q1", decision: "deny" }, "src/approve.html", r.actions),
    { ok: true },
  );
  assert.deepEqual(r.calls, ["share 3 k", "stop 3", "answer q1 deny"]);
});

test("a malformed message runs nothing", async () => {
  const r = recorder();
  const reply = await handlePageMessage({ type: "share_tab", tab_id: -3, session: "k" }, "src/popup.html", r.actions);
  assert.equal(reply.ok, false);
  assert.match(/** @type {{error: string}} */ (reply).error, /^Not a valid request: tab_id must be a non-negative integer$/);
  assert.deepEqual(r.calls, []);
});

test("failures answer {ok: false, error} with a sentence for the person", async (t) => {
  t.mock.method(console, "warn", () => {});
  const r = recorder();
  const share = { type: "share_tab", tab_id: 3, session: "k" };
  r.fail(new RefusedError("This tab no longer exists."));
  assert.deepEqual(await handlePageMessage(share, "src/popup.html", r.actions), { ok: false, error: "This tab no longer exists." });
  r.fail(new NotPendingError("q1"));
  assert.deepEqual(
    await handlePageMessage({ type: "approval_answer", approval_id: "q1", decision: "once" }, "src/approve.html", r.actions),
    { ok: false, error: "The question q1 is no longer open." },
  );
  r.fail(new ProtocolError("internal", "storage is full"));
  assert.deepEqual(await handlePageMessage(share, "src/popup.html", r.actions), {
    ok: false,
    error: "Something went wrong: internal: storage is full",
  });
  r.fail("plain string");
  assert.deepEqual(await handlePageMessage(share, "src/popup.html", r.actions), { ok: false, error: "Something went wrong: plain string" });
});
