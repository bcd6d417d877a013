// act's page helpers (js/act.js), run as the host sends
// them, on a snapshot the serializer took of a page in jsdom.
import assert from "node:assert/strict";
import { test } from "node:test";

import { page } from "./helpers/page_scripts.js";

/**
 * A page with a snapshot taken; index(id) is the node index of an element.
 * @param {string} html
 */
function snapshot(html) {
  const p = page(html);
  p.serialize({ snapshot: "s1" });
  const index = (id) => p.window.__diwall.index.get(p.document.getElementById(id));
  return { p, index, act: (op, args = {}) => p.act(op, { snapshot: "s1", ...args }) };
}

test("a helper of another snapshot answers stale, an unknown op says so", () => {
  const { p, act } = snapshot(`<button id=b>b</button>`);
  assert.deepEqual(p.act("locate", { snapshot: "old", i: 0 }), { stale: true });
  assert.deepEqual(act("nonsense"), { unknown: "nonsense" });
});

test("locate finds the snapshot's element and where a pointer lands on it", () => {
  const { p, index, act } = snapshot(`
    <button id=b data-box="10,20,100,40">b</button>
    <button id=off disabled>off</button>
    <label id=l>File <input id=f type=file></label>
    <div id=cover>over</div>
    <a id=a href="/go?c=1"><span id=inner>Go</span></a>`);
  assert.deepEqual(act("locate", { i: index("b") }), { x: 60, y: 40, disabled: false, file: false, href: "" });
  assert.equal(act("locate", { i: index("inner") }).href, new URL("/go?c=1", p.document.baseURI).href, "a link's URL, resolved, for the host's check");
  assert.equal(act("locate", { i: index("off") }).disabled, true);
  assert.equal(act("locate", { i: index("l") }).file, true, "a label of a file input opens a chooser");
  p.window.__hit = p.document.getElementById("cover");
  assert.equal(act("locate", { i: index("b") }).covered, index("cover"));
  p.document.getElementById("b").remove();
  assert.deepEqual(act("locate", { i: index("b") }), { gone: true });
});

test("an element the page relabelled is gone, and renamed", () => {
  const { p, index, act } = snapshot(`<button id=b>Keep</button>`);
  p.document.getElementById("b").textContent = "Delete all";
  assert.deepEqual(act("locate", { i: index("b") }), { gone: true, renamed: true });
});

test("typeTarget tells the kind of field, focuses it and places the caret", () => {
  const { p, index, act } = snapshot(`
    <input id=text value="abc"><input id=date type=date><textarea id=area></textarea>
    <div id=edit contenteditable>x</div><input id=ro readonly value=r><input id=check type=checkbox>
    <input id=masked data-mask="99/99"><input id=card autocomplete="cc-number"><input id=pat placeholder="DD/MM/YYYY">
    <form><button id=send>Send</button></form><a id=link href="/x"><span id=inlink>more</span></a><select id=sel><option>a</option></select>
    <div id=widget role=textbox tabindex=0>w</div><div id=fake role=button tabindex=0>b</div>`);
  const text = act("typeTarget", { i: index("text") });
  assert.equal(text.kind, "text");
  assert.equal(text.atEnd, true);
  assert.equal(text.empty, false);
  assert.equal(text.formatted, false);
  assert.deepEqual(text.seen, { bi: 0, ku: 0, cl: 0 });
  const input = p.document.getElementById("text");
  assert.equal(p.document.activeElement, input);
  assert.deepEqual([input.selectionStart, input.selectionEnd], [3, 3]);
  act("typeTarget", { i: index("text"), clear: true });
  assert.deepEqual([input.selectionStart, input.selectionEnd], [0, 3], "clear selects all to replace it");
  assert.equal(act("typeTarget", { i: index("date") }).kind, "segmented");
  assert.equal(act("typeTarget", { i: index("date") }).keyed, true);
  assert.equal(act("typeTarget", { i: index("area") }).empty, true);
  assert.equal(act("typeTarget", { i: index("edit") }).kind, "editable");
  assert.deepEqual(act("typeTarget", { i: index("ro") }), { readonly: true });
  // What takes no typed text is never pressed by a type step: it says what it is.
  for (const [id, what] of [["check", "checkbox input"], ["send", "button"], ["link", "a"], ["inlink", "span"], ["sel", "select"], ["fake", "button"]]) {
    assert.deepEqual(act("typeTarget", { i: index(id) }), { notText: what }, `#${id}`);
  }
  assert.equal(act("typeTarget", { i: index("widget") }).kind, "other", "a widget that takes keys");
  for (const id of ["masked", "card", "pat"]) {
    assert.equal(act("typeTarget", { i: index(id) }).formatted, true, `#${id}`);
  }
});

test("a helper sent behind input runs only once the page has counted it, and behind a step only if it succeeded", () => {
  const { p, index, act } = snapshot(`<input id=c type=checkbox checked><button id=b>b</button>`);
  assert.deepEqual(act("locate", { i: index("b"), after: { bi: 0, ku: 0, cl: 1 } }), { notYet: true });
  // The counters count the page's trusted events only (jsdom makes none).
  p.document.getElementById("b").dispatchEvent(new p.window.MouseEvent("click", { bubbles: true }));
  assert.deepEqual(act("locate", { i: index("b"), after: { bi: 0, ku: 0, cl: 1 } }), { notYet: true });
  assert.equal(act("locate", { i: index("b"), after: { bi: 0, ku: 0, cl: 0 } }).notYet, undefined);

  assert.deepEqual(act("locate", { i: index("b"), okAfter: 7 }), { notYet: true });
  assert.deepEqual(act("checkTarget", { i: index("c"), only: true, want: true, token: 7 }), { checked: true });
  assert.equal(act("locate", { i: index("b"), okAfter: 7 }).notYet, undefined);
  assert.deepEqual(act("checkTarget", { i: index("c"), only: true, want: false, token: 8 }), { checked: true });
  assert.deepEqual(act("locate", { i: index("b"), okAfter: 8 }), { notYet: true }, "a check that did not hold leaves no token");
});

test("checkTarget reads native and ARIA states", () => {
  const { index, act } = snapshot(`
    <input id=box type=checkbox><div id=aria role=switch aria-checked="true">s</div>
    <button id=pressed aria-pressed="false">p</button><div id=plain>p</div>`);
  assert.equal(act("checkTarget", { i: index("box") }).checked, false);
  assert.equal(act("checkTarget", { i: index("aria") }).checked, true);
  assert.equal(act("checkTarget", { i: index("pressed") }).checked, false);
  assert.deepEqual(act("checkTarget", { i: index("plain") }), { checked: null });
});

test("selectNative chooses options by label or value, as a person would", async () => {
  const { p, index, act } = snapshot(`
    <select id=s><option value="de">Germany</option><option value="fr">  France </option></select>
    <select id=m multiple><option>A</option><option>B</option></select><div id=d>d</div>`);
  const events = [];
  const select = p.document.getElementById("s");
  select.addEventListener("input", () => events.push("input"));
  select.addEventListener("change", () => events.push("change"));
  assert.deepEqual(await act("selectNative", { i: index("s"), values: ["france"] }), { chosen: ["France"] });
  assert.equal(select.value, "fr");
  assert.deepEqual(events, ["input", "change"]);
  assert.deepEqual(await act("selectNative", { i: index("s"), values: ["de"] }), { chosen: ["Germany"] });
  assert.deepEqual(act("selectNative", { i: index("s"), values: ["Spain"] }), { missing: "Spain", options: ["Germany", "France"] });
  assert.deepEqual(act("selectNative", { i: index("s"), values: ["de", "fr"] }), { single: true });
  assert.deepEqual(await act("selectNative", { i: index("m"), values: ["A", "B"] }), { chosen: ["A", "B"] });
  assert.equal(act("selectNative", { i: index("d"), values: ["x"] }).notSelect, true);
});

test("findOption finds an ARIA option in the popup its combobox controls", () => {
  const { index, act } = snapshot(`
    <input id=combo role=combobox aria-controls="list">
    <div id=list role=listbox><div role=option data-value="nl" data-box="0,50,100,20">Netherlands</div></div>
    <div role=option>Elsewhere</div>`);
  assert.deepEqual(act("findOption", { i: index("combo"), value: "netherlands" }), { x: 50, y: 60 });
  assert.deepEqual(act("findOption", { i: index("combo"), value: "nl" }), { x: 50, y: 60 });
  assert.deepEqual(act("findOption", { i: index("combo"), value: "Elsewhere" }), { missing: "Elsewhere", options: ["Netherlands"] });
});

test("file helpers find the file input an element stands for", () => {
  const { p, index, act } = snapshot(`
    <input id=f type=file multiple accept=".png">
    <label id=l>Upload <input type=file></label>
    <div id=zone><span>Drop here</span><input type=file disabled></div>
    <div id=two><input type=file><input type=file></div>`);
  assert.deepEqual(act("fileTarget", { i: index("f") }), { multiple: true, accept: ".png" });
  assert.equal(p.window.__diwall.fileInput, p.document.getElementById("f"));
  assert.deepEqual(act("fileTarget", { i: index("l") }), { multiple: false, accept: "" });
  assert.deepEqual(act("fileTarget", { i: index("zone") }), { disabled: true });
  assert.deepEqual(act("fileTarget", { i: index("two") }), { notFile: true });
  assert.equal(p.window.__diwall.fileInput, null);
  const found = act("fileInputs", { is: [index("f"), index("l"), index("two")] }).found;
  assert.deepEqual(found.map((f) => [f.i, f.self]), [[index("f"), true], [index("l"), false]]);
});

test("hasText looks in the page's text, in a frame only in the snapshot's document", async () => {
  const { p, act } = snapshot(`<p>Order placed</p>`);
  assert.deepEqual(act("hasText", { text: "ORDER PLACED" }), { found: true });
  assert.deepEqual(act("hasText", { text: "shipped" }), { found: false });
  assert.deepEqual(p.act("hasText", { snapshot: "other", own: true, text: "Order" }), { found: false });
  const later = act("hasText", { text: "shipped", wait: 2000 });
  p.document.body.append("Order shipped");
  assert.deepEqual(await later, { found: true });
});

test("pays says whether the page holds a card or payment field anywhere, with or without a snapshot", () => {
  const { p, act } = snapshot(`<form><input name=q></form><label>Card number <input id=n></label>`);
  assert.deepEqual(act("pays"), { pays: true }, "a labelled card field outside any form");
  assert.deepEqual(p.act("pays", {}), { pays: true }, "no snapshot needed");
  assert.deepEqual(page(`<input autocomplete="cc-exp">`).act("pays", {}), { pays: true });
  assert.deepEqual(page(`<iframe title="Secure payment input frame"></iframe>`).act("pays", {}), { pays: true });
  assert.deepEqual(page(`<form><input name=email><button>Subscribe</button></form>`).act("pays", {}), { pays: false });
});

test("consequence tells a submission, a payment form and a native choice", () => {
  const { index, act } = snapshot(`
    <form><input id=cc autocomplete="cc-number"><input id=box type=checkbox><button id=pay>Pay</button><button id=other type=button>Help</button></form>`);
  const pay = act("consequence", { i: index("pay"), key: "" });
  assert.equal(pay.submits, true);
  assert.equal(pay.pays, true);
  assert.equal(pay.native, false);
  assert.equal(act("consequence", { i: index("other"), key: "" }).submits, false);
  assert.equal(act("consequence", { i: index("box"), key: "" }).native, true);
  assert.equal(act("consequence", { i: index("cc"), key: "enter" }).submits, true, "Enter in a one-line field submits its form");
});
