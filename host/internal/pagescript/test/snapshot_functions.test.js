// The host's small functions on a snapshot's references (js/guard_finish.js,
// frame_boxes.js, cover_questions.js, keys_within.js, element_of.js,
// hold_closed_root.js, set_snapshot_aside.js, put_snapshot_back.js, next_frame.js), run
// as the host sends them, on a snapshot the serializer took in jsdom.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page, scripts } from "./helpers/page_scripts.js";

/** @param {string} html */
function snapshot(html) {
  const p = page(html);
  p.serialize({ snapshot: "s1" });
  const index = (id) => p.window.__diwall.index.get(p.document.getElementById(id));
  return { p, index };
}

test("elementOf answers the snapshot's element of a node index", () => {
  const { p, index } = snapshot(`<button id=b>b</button>`);
  assert.equal(p.call("elementOf", index("b")), p.document.getElementById("b"));
});

test("keysWithin answers the nodes within the elements that listen for keys, of its snapshot only", () => {
  const { p, index } = snapshot(`<div id=box><input id=in></div><input id=out>`);
  const want = JSON.stringify({ snapshot: "s1", nodes: [index("in"), index("out"), index("box")] });
  const call = (snap) => p.run(`(${scripts.keysWithin})(${want.replace('"s1"', JSON.stringify(snap))}, document.getElementById("box"))`);
  assert.deepEqual(JSON.parse(call("s1")), [index("in"), index("box")]);
  assert.equal(call("old"), "[]");
});

test("frameBoxes answers a frame's content box, null for one gone", () => {
  const { p, index } = snapshot(`<iframe id=f data-box="10,20,300,200"></iframe><iframe id=g></iframe>`);
  const g = index("g");
  p.document.getElementById("g").remove();
  assert.deepEqual(JSON.parse(p.call("frameBoxes", [index("f"), g])), [[10, 20, 0, 0], null]);
});

test("coverQuestions answers what lies over a frame: nothing, the covering element, or none reported", () => {
  const { p, index } = snapshot(`<iframe id=f></iframe><div id=cover>over</div>`);
  const ask = () => JSON.parse(p.call("coverQuestions", [[index("f"), 5, 5]]));
  assert.deepEqual(ask(), [null], "no element at the point");
  p.window.__hit = p.document.getElementById("f");
  assert.deepEqual(ask(), [null], "the frame itself");
  p.window.__hit = p.document.getElementById("cover");
  assert.deepEqual(ask(), [index("cover")]);
  p.window.__hit = p.document.documentElement;
  assert.deepEqual(ask(), [-1]);
});

test("holdClosedRoot keeps a closed shadow root by its host", () => {
  const { p } = snapshot(`<div id=host></div>`);
  const host = p.document.getElementById("host");
  const root = host.attachShadow({ mode: "closed" });
  p.window.__root = root;
  p.run(`(${scripts.holdClosedRoot}).call(globalThis.__root, document.getElementById("host"))`);
  assert.equal(p.window.__diwallRoots.get(host), root);
});

test("a snapshot set aside comes back, once", () => {
  const { p } = snapshot(`<button>b</button>`);
  assert.equal(p.call("setSnapshotAside"), "");
  p.serialize({ snapshot: "s2" });
  assert.equal(p.window.__diwall.snapshot, "s2");
  assert.equal(p.call("putSnapshotBack"), "s1");
  assert.equal(p.window.__diwall.snapshot, "s1");
  assert.equal(p.call("putSnapshotBack"), "", "nothing set aside");
});

test("guardFinish finishes the guard it names, and says when it was gone", () => {
  const { p } = snapshot(`<input type=password>`);
  assert.deepEqual(JSON.parse(p.call("guardFinish", "g1")), { lost: true, why: "the guard was gone" });
  p.startGuard({ id: "g1", snapshot: "s1", extra: [] });
  assert.deepEqual(JSON.parse(p.call("guardFinish", "other")), { lost: true, why: "the guard was gone" });
  assert.equal(p.window.__diwallGuard.id, "g1", "another id leaves it running");
  const report = JSON.parse(p.call("guardFinish", "g1"));
  assert.ok(!report.lost, "not lost");
  assert.equal(report.boxes.length, 1);
  assert.equal(p.window.__diwallGuard, null);
});

test("nextFrame answers once two animation frames have come", async () => {
  const p = page(`<p>x</p>`);
  let frames = 0;
  const real = p.window.requestAnimationFrame.bind(p.window);
  p.window.requestAnimationFrame = (f) => real((t) => { frames++; f(t); });
  assert.equal(await p.run(`(${scripts.nextFrame})()`), "");
  assert.ok(frames >= 2, `only ${frames} frames came`);
  p.window.close();
});

test("nextFrame answers late when the page draws no frame", async () => {
  const p = page(`<p>x</p>`);
  p.run(`window.requestAnimationFrame = () => 0;`);
  assert.equal(await p.run(`(${scripts.nextFrame})()`), "late");
  p.window.close();
});
