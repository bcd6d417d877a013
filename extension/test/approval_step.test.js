import assert from "node:assert/strict";
import { test } from "node:test";

import {
  STEP_IMAGE_MAX,
  STEP_KINDS,
  STEP_TEXT_MAX,
  isBase64,
  stepElementText,
  stepImageKey,
  stepParam,
  stepWords,
} from "../src/approval_step.js";
import { approvalAskParams, approvalFromQuery, approvalPageUrl } from "../src/approvals.js";
import { rejectsInvalid as rejects } from "./helpers/invalid.js";

const PAGE = "chrome-extension://jnkblebobpkmgfmabfliknkpdffmpgob/src/approve.html";
const JPEG = "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDA==";
const STEP = { kind: "purchase", action: "click", role: "button", name: "Place order", detail: "Total: 12,00 €", image: JPEG };

test("a step is checked: its kind is one of five, its text bounded, its image base64", () => {
  assert.deepEqual(stepParam({ step: STEP }), STEP);
  assert.equal(stepParam({}), undefined);
  assert.equal(stepParam({ step: null }), undefined);
  for (const kind of STEP_KINDS) {
    assert.deepEqual(stepParam({ step: { kind, action: "press Enter" } }), { kind, action: "press Enter" });
  }
  // Empty optional fields are absent; extra fields are not carried.
  assert.deepEqual(stepParam({ step: { kind: "submit", action: "click", role: "", name: "", detail: "", image: "", x: 1 } }), {
    kind: "submit",
    action: "click",
  });
  const long = "x".repeat(STEP_TEXT_MAX);
  assert.equal(stepParam({ step: { kind: "upload", action: long, detail: long } })?.detail, long);

  rejects(() => stepParam({ step: "purchase" }), /^step must be an object/);
  rejects(() => stepParam({ step: [STEP] }), /^step must be an object/);
  rejects(() => stepParam({ step: { ...STEP, kind: "delete" } }), /^step\.kind must be one of purchase, submit, upload, download, login, share/);
  rejects(() => stepParam({ step: { ...STEP, kind: undefined } }), /^step\.kind/);
  rejects(() => stepParam({ step: { ...STEP, action: "" } }), /^step\.action must be a string of 1\.\.500/);
  rejects(() => stepParam({ step: { ...STEP, action: `${long}x` } }), /^step\.action/);
  for (const field of ["role", "name", "detail"]) {
    rejects(() => stepParam({ step: { ...STEP, [field]: `${long}x` } }), new RegExp(`^step\\.${field} must be a string of 0\\.\\.500`));
    rejects(() => stepParam({ step: { ...STEP, [field]: 3 } }), new RegExp(`^step\\.${field}`));
  }
});

test("a step's image is padded standard base64 of at most 700,000 characters, and nothing else", () => {
  const biggest = "A".repeat(STEP_IMAGE_MAX);
  assert.equal(stepParam({ step: { ...STEP, image: biggest } })?.image.length, STEP_IMAGE_MAX);
  rejects(() => stepParam({ step: { ...STEP, image: `${biggest}AAAA` } }), /^step\.image must be a string of at most 700000/);
  rejects(() => stepParam({ step: { ...STEP, image: 42 } }), /^step\.image/);
  for (const bad of [
    "data:image/jpeg;base64,/9j/",
    "/9j/4AAQ\n",
    "/9j/4AA",
    "/9j/4A==AA",
    "/9j-4AAQ",
    "/9j_4AAQ",
    'AAAA"onerror="x',
    "AAA)",
    "====",
  ]) {
    rejects(() => stepParam({ step: { ...STEP, image: bad } }), /^step\.image must be standard base64/);
    assert.equal(isBase64(bad), false, bad);
  }
  for (const good of ["AAAA", "AA==", "AAA=", "+/+/", JPEG]) {
    assert.equal(isBase64(good), true, good);
  }
  assert.equal(isBase64(""), false);
  assert.equal(isBase64(undefined), false);
});

test("approval.ask's params carry the step; a question without one is as before", () => {
  const site = { approval_id: "q1", client: "Claude Code", origin: "https://shop.test" };
  assert.deepEqual(approvalAskParams(site), site);
  assert.deepEqual(approvalAskParams({ ...site, step: STEP }), { ...site, step: STEP });
  rejects(() => approvalAskParams({ ...site, step: { kind: "pay", action: "click" } }), /^step\.kind/);
});

test("a step's question reads back from the page's URL, without its image", () => {
  const text = { ...STEP };
  delete text.image;
  const asked = { approval_id: "s-1", client: 'A & B <img src=x onerror="alert(1)">', origin: "https://shop.test", step: STEP };
  const url = approvalPageUrl(PAGE, asked);
  const values = [...new URL(url).searchParams.values()];
  assert.ok(!values.some((v) => v.includes(JPEG)), "the image is in the URL");
  assert.ok(url.length < 1000, `a URL of ${url.length} characters`);
  assert.deepEqual(approvalFromQuery(new URL(url).search), { ...asked, step: text });

  // Only the fields given travel; the site question's URL is unchanged.
  const bare = { ...asked, step: { kind: "login", action: "submit" } };
  assert.deepEqual(approvalFromQuery(new URL(approvalPageUrl(PAGE, bare)).search), bare);
  const site = { approval_id: "q1", client: "c", origin: "https://o.test" };
  assert.equal(approvalPageUrl(PAGE, site), `${PAGE}?id=q1&client=c&origin=https%3A%2F%2Fo.test`);
  assert.deepEqual(approvalFromQuery(new URL(approvalPageUrl(PAGE, site)).search), site);

  // A query with a step that does not check out asks nothing.
  assert.equal(approvalFromQuery("?id=q&client=c&origin=o&kind=delete&action=click"), undefined);
  assert.equal(approvalFromQuery("?id=q&client=c&origin=o&kind=submit"), undefined);
  assert.equal(approvalFromQuery(`?id=q&client=c&origin=o&kind=submit&action=click&name=${"n".repeat(STEP_TEXT_MAX + 1)}`), undefined);
  // An image smuggled into the query is not taken.
  assert.deepEqual(approvalFromQuery("?id=q&client=c&origin=o&kind=submit&action=click&image=AAAA")?.step, { kind: "submit", action: "click" });
});

test("the kind in words, the element as text, and where the image waits", () => {
  assert.deepEqual(
    STEP_KINDS.map((k) => stepWords(k)),
    ["pay or place an order", "submit a form", "upload files", "download a file", "log in", "send text it read on a private site"],
  );
  assert.equal(stepElementText({ kind: "purchase", action: "click", role: "button", name: "Place order" }), "button “Place order”");
  assert.equal(stepElementText({ kind: "submit", action: "press Enter", role: "textbox" }), "textbox");
  assert.equal(stepElementText({ kind: "submit", action: "click", name: 'say "hi"' }), "“say \"hi\"”");
  assert.equal(stepElementText({ kind: "download", action: "click" }), "");
  assert.equal(stepImageKey("q_1"), "approval_image:q_1");
});
