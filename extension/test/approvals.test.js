import assert from "node:assert/strict";
import { test } from "node:test";

import { stepImageKey } from "../src/approval_step.js";
import {
  APPROVALS_KEY,
  APPROVAL_WINDOW_SIZE,
  Approvals,
  STEP_WINDOW_SIZE,
  NotPendingError,
  approvalFromQuery,
  approvalPageUrl,
  parsePendingApprovals,
} from "../src/approvals.js";
import { ProtocolError } from "../src/errors.js";
import { FakeStorageArea } from "./helpers/fake_storage.js";

const PAGE = "chrome-extension://jnkblebobpkmgfmabfliknkpdffmpgob/src/approve.html";

/** Fake windows: ids from 100 up; `onOpen` runs while open is in progress. */
class FakeWindows {
  next = 100;
  /** @type {Map<number, string>} */
  open = new Map();
  /** @type {Map<number, {width: number, height: number}>} */
  sizes = new Map();
  /** @type {number[]} */
  closed = [];
  /** @type {((windowId: number) => void) | undefined} */
  onOpen;
  failOpen = false;

  windows = {
    /**
     * @param {string} url
     * @param {{width: number, height: number}} size
     */
    open: async (url, size) => {
      if (this.failOpen) {
        throw new Error("cannot open");
      }
      const id = this.next++;
      this.open.set(id, url);
      this.sizes.set(id, size);
      this.onOpen?.(id);
      return id;
    },
    /** @param {number} windowId */
    close: async (windowId) => {
      if (!this.open.delete(windowId)) {
        throw new Error(`No window with id: ${windowId}.`);
      }
      this.closed.push(windowId);
    },
  };
}

function setup(area = new FakeStorageArea(), fake = new FakeWindows()) {
  /** @type {[string, object][]} */
  const events = [];
  const approvals = new Approvals({
    area,
    windows: fake.windows,
    pageUrl: PAGE,
    emit: (event, params) => events.push([event, params]),
  });
  return { area, fake, events, approvals };
}

const ASK = { approval_id: "q1", client: "Claude Code", origin: "https://example.com" };

test("the page URL carries the question and reads back", () => {
  const tricky = { approval_id: "a_b-9", client: "A & B <script>?", origin: "https://x.test:8443/?q=1#h" };
  const url = approvalPageUrl(PAGE, tricky);
  assert.ok(url.startsWith(`${PAGE}?id=a_b-9&client=`));
  assert.deepEqual(approvalFromQuery(new URL(url).search), tricky);
  assert.equal(approvalFromQuery(""), undefined);
  assert.equal(approvalFromQuery("?id=bad id&client=c&origin=o"), undefined);
  assert.equal(approvalFromQuery("?id=q&client=&origin=o"), undefined);
});

test("ask opens one window and records it; a click answers and closes it", async () => {
  const { area, fake, events, approvals } = setup();
  await approvals.ask(ASK);
  assert.equal(fake.open.size, 1);
  assert.equal(fake.open.get(100), approvalPageUrl(PAGE, ASK));
  assert.deepEqual(fake.sizes.get(100), APPROVAL_WINDOW_SIZE);
  assert.deepEqual(area.peek(APPROVALS_KEY), [{ approval_id: "q1", window_id: 100 }]);
  assert.deepEqual(events, []);

  await approvals.answer("q1", "always");
  assert.deepEqual(events, [["approval.answered", { approval_id: "q1", decision: "always" }]]);
  assert.deepEqual(fake.closed, [100]);
  assert.deepEqual(area.peek(APPROVALS_KEY), []);

  // The window's closing, reported by Chrome after the click, is not a second answer.
  await approvals.windowClosed(100);
  assert.equal(events.length, 1);
});

test("closing the window without answering is a deny", async () => {
  const { fake, events, approvals } = setup();
  await approvals.ask(ASK);
  await approvals.ask({ ...ASK, approval_id: "q2" });
  fake.open.delete(101);
  await approvals.windowClosed(101);
  assert.deepEqual(events, [["approval.answered", { approval_id: "q2", decision: "deny" }]]);
  assert.deepEqual(await approvals.pending(), [{ approval_id: "q1", window_id: 100 }]);
  await approvals.windowClosed(555); // someone else's window
  assert.equal(events.length, 1);
});

test("cancel closes the window and sends nothing; a late cancel or click is harmless", async () => {
  const { fake, events, approvals } = setup();
  await approvals.ask(ASK);
  await approvals.cancel("q1");
  assert.deepEqual(fake.closed, [100]);
  await approvals.windowClosed(100);
  await approvals.cancel("q1");
  await approvals.cancel("never-asked");
  assert.deepEqual(events, []);
  await assert.rejects(approvals.answer("q1", "once"), NotPendingError);
  assert.deepEqual(events, []);
});

test("a second answer to the same question is refused", async () => {
  const { events, approvals } = setup();
  await approvals.ask(ASK);
  await approvals.answer("q1", "once");
  await assert.rejects(approvals.answer("q1", "deny"), /no longer open/);
  assert.deepEqual(events, [["approval.answered", { approval_id: "q1", decision: "once" }]]);
});

test("the same approval_id cannot be asked twice at once", async () => {
  const { fake, approvals } = setup();
  await approvals.ask(ASK);
  await assert.rejects(approvals.ask(ASK), (err) => err instanceof ProtocolError && err.code === "invalid_argument");
  assert.equal(fake.open.size, 1);
  await approvals.answer("q1", "deny");
  await approvals.ask(ASK); // once answered, the id may be asked again
  assert.equal(fake.open.size, 1);
});

test("a window closed while it is still being opened is a deny, not a lost question", async () => {
  const { fake, events, approvals } = setup();
  /** @type {Promise<void> | undefined} */
  let closing;
  fake.onOpen = (id) => {
    fake.open.delete(id);
    closing = approvals.windowClosed(id);
  };
  await approvals.ask(ASK);
  await closing;
  assert.deepEqual(events, [["approval.answered", { approval_id: "q1", decision: "deny" }]]);
  assert.deepEqual(await approvals.pending(), []);
});

test("a restarted worker still knows the open questions", async () => {
  const area = new FakeStorageArea();
  const fake = new FakeWindows();
  await setup(area, fake).approvals.ask(ASK);
  await setup(area, fake).approvals.ask({ ...ASK, approval_id: "q2" });

  const restarted = setup(area, fake);
  await restarted.approvals.answer("q1", "once");
  fake.open.delete(101);
  await restarted.approvals.windowClosed(101);
  assert.deepEqual(restarted.events, [
    ["approval.answered", { approval_id: "q1", decision: "once" }],
    ["approval.answered", { approval_id: "q2", decision: "deny" }],
  ]);
});

test("a window that cannot be opened leaves nothing on record", async () => {
  const { fake, approvals } = setup();
  fake.failOpen = true;
  await assert.rejects(approvals.ask(ASK), /cannot open/);
  assert.deepEqual(await approvals.pending(), []);
});

test("a question that cannot be recorded does not stay on screen", async () => {
  const { area, fake, approvals } = setup();
  area.failNextSet = true;
  await assert.rejects(approvals.ask(ASK), /quota/);
  assert.deepEqual(fake.closed, [100]);
  assert.equal(fake.open.size, 0);
});

test("a gone host's questions are closed unanswered and forgotten", async () => {
  const { area, fake, events, approvals } = setup();
  await approvals.ask(ASK);
  await approvals.ask({ ...ASK, approval_id: "q2" });
  fake.open.delete(101); // the person closed one just now; Chrome has not told us yet
  await approvals.dismissAll();
  assert.deepEqual(fake.closed, [100]);
  assert.equal(fake.open.size, 0);
  assert.deepEqual(area.peek(APPROVALS_KEY), []);
  // Chrome reports the windows closed: no deny goes to the new host, which never asked.
  await approvals.windowClosed(100);
  await approvals.windowClosed(101);
  await assert.rejects(approvals.answer("q1", "once"), NotPendingError);
  assert.deepEqual(events, []);
  // The new host may ask again, under the same id.
  await approvals.ask(ASK);
  assert.deepEqual(await approvals.pending(), [{ approval_id: "q1", window_id: 102 }]);
});

test("dismissing with no question open writes nothing", async () => {
  const { area, approvals } = setup();
  await approvals.dismissAll();
  assert.equal(area.sets, 0);
});

test("malformed stored entries are skipped", () => {
  assert.deepEqual(parsePendingApprovals(undefined), []);
  assert.deepEqual(parsePendingApprovals({ q1: 3 }), []);
  assert.deepEqual(
    parsePendingApprovals([
      { approval_id: "ok", window_id: 1 },
      { approval_id: "bad id", window_id: 2 },
      { approval_id: "x", window_id: "3" },
      null,
    ]),
    [{ approval_id: "ok", window_id: 1 }],
  );
});

const IMAGE = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA==";
const STEP_ASK = { ...ASK, approval_id: "s1", step: { kind: "submit", action: "click", role: "button", name: "Send", image: IMAGE } };

test("a step's image waits in storage for its page, outside the page's URL, in a larger window", async () => {
  const { area, fake, approvals } = setup();
  await approvals.ask(STEP_ASK);
  assert.equal(area.peek(stepImageKey("s1")), IMAGE);
  const url = /** @type {string} */ (fake.open.get(100));
  assert.ok(!decodeURIComponent(url).includes(IMAGE));
  assert.deepEqual(approvalFromQuery(new URL(url).search)?.step, { kind: "submit", action: "click", role: "button", name: "Send" });
  assert.deepEqual(fake.sizes.get(100), STEP_WINDOW_SIZE);
  assert.deepEqual(area.peek(APPROVALS_KEY), [{ approval_id: "s1", window_id: 100 }]);
  // A step without an image stores none.
  await approvals.ask({ ...ASK, approval_id: "s2", step: { kind: "login", action: "submit" } });
  assert.equal(area.peek(stepImageKey("s2")), undefined);
});

test("a step's image is removed however its question ends", async () => {
  const { area, fake, events, approvals } = setup();
  const ask = (/** @type {string} */ id) => approvals.ask({ ...STEP_ASK, approval_id: id });
  await ask("answered");
  await ask("cancelled");
  await ask("closed");
  await approvals.answer("answered", "once");
  await approvals.cancel("cancelled");
  fake.open.delete(102);
  await approvals.windowClosed(102);
  for (const id of ["answered", "cancelled", "closed"]) {
    assert.equal(area.peek(stepImageKey(id)), undefined, id);
  }
  assert.deepEqual(events, [
    ["approval.answered", { approval_id: "answered", decision: "once" }],
    ["approval.answered", { approval_id: "closed", decision: "deny" }],
  ]);

  // Dismissed with the others, and an image a stopped worker left behind with no question.
  await ask("dismissed");
  await area.set({ [stepImageKey("orphan")]: IMAGE, other: 1 });
  await approvals.dismissAll();
  assert.deepEqual([...area.items.keys()].sort(), [APPROVALS_KEY, "other"]);
});

test("a step question that cannot be shown leaves no image behind", async () => {
  const { area, fake, approvals } = setup();
  fake.failOpen = true;
  await assert.rejects(approvals.ask(STEP_ASK), /cannot open/);
  assert.equal(area.peek(stepImageKey("s1")), undefined);

  fake.failOpen = false;
  // The image is stored, then the record of the question fails.
  const set = area.set.bind(area);
  let calls = 0;
  area.set = async (items) => {
    if (++calls === 2) {
      throw new Error("storage quota exceeded");
    }
    return set(items);
  };
  await assert.rejects(approvals.ask(STEP_ASK), /quota/);
  assert.equal(fake.open.size, 0);
  assert.equal(area.peek(stepImageKey("s1")), undefined);

  // An image that does not fit in storage: nothing is shown.
  area.set = set;
  area.failNextSet = true;
  await assert.rejects(approvals.ask(STEP_ASK), /quota/);
  assert.equal(fake.open.size, 0);
  assert.deepEqual(await approvals.pending(), []);
});

test("asking again under an id still asked leaves that question's image alone", async () => {
  const { area, approvals } = setup();
  await approvals.ask(STEP_ASK);
  await assert.rejects(approvals.ask({ ...STEP_ASK, step: { ...STEP_ASK.step, image: "AAAA" } }), /already being asked/);
  assert.equal(area.peek(stepImageKey("s1")), IMAGE);
});
