// The capture guard (js/guard.js), run as the host
// sends it, on pages in jsdom: which fields it watches, and its report.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page, pageConstants } from "./helpers/page_scripts.js";

test("the guard watches sensitive fields and frames, by the same cues as the serializer", () => {
  const tokens = pageConstants.sensitiveAutocomplete;
  const p = page(`
    ${tokens.map((t) => `<input autocomplete="${t}">`).join("")}
    <input type=password>
    <span id=lb>Card number</span><input aria-labelledby=lb>
    <label for=f>Security code</label><input id=f>
    <label>Passwords <textarea></textarea></label>
    <input title="CVC">
    <iframe src="about:blank"></iframe>
    <input name=postcode><input name=city><input type=hidden name=password>`);
  const started = JSON.parse(p.startGuard({ id: "g1", snapshot: "none", extra: [] }));
  assert.deepEqual(started, { watched: tokens.length + 6, held: 0 });
  const report = JSON.parse(p.window.__diwallGuard.finish());
  assert.equal(report.boxes.length, tokens.length + 6);
  assert.equal(report.boxes.filter((b) => b.fr === 1).length, 1, "the frame");
  assert.equal(report.why, "");
  assert.ok(report.boxes.every((b) => b.i === -1), "no snapshot: no indexes");
  assert.deepEqual(report.vp, [1024, 768]);
});

test("the guard reports in the snapshot's indexes, watches what the host names, and sees fields appear and move", async () => {
  const p = page(`<input id=pw type=password data-box="5,5,50,10"><button id=b>Pay</button><div id=named>Name</div>`);
  p.serialize({ snapshot: "s1" });
  const index = (id) => p.window.__diwall.index.get(p.document.getElementById(id));
  p.startGuard({ id: "g2", snapshot: "s1", extra: [index("named")] });
  assert.equal(p.window.__diwallGuard.id, "g2");
  const added = p.document.createElement("input");
  added.type = "password";
  p.document.body.append(added);
  p.document.getElementById("pw").setAttribute("data-box", "5,105,50,10");
  p.document.body.setAttribute("data-moved", "1"); // a mutation: the guard measures
  await new Promise((resolve) => setTimeout(resolve, 0));
  const report = JSON.parse(p.window.__diwallGuard.finish());
  const pw = report.boxes.find((b) => b.i === index("pw"));
  assert.deepEqual(pw, { i: index("pw"), b: [5, 5, 50, 110], fr: 0, mv: 1 }, "every position it had");
  assert.ok(report.boxes.some((b) => b.i === -1), "the field added is watched");
  assert.ok(report.watched.includes(index("named")));
  assert.ok(!report.watched.includes(index("b")));
});
