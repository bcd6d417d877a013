// The page serializer (js/serializer.js with roles.js
// and accname.js), run as the host sends it (bundled), on pages in jsdom.
import assert from "node:assert/strict";
import { test } from "node:test";
import { gunzipSync } from "node:zlib";

import { page, pageConstants } from "./helpers/page_scripts.js";

/**
 * Serializes html and returns the page's answer and its element nodes.
 * @param {string} html
 * @param {object} [opts]
 */
function observe(html, opts = {}) {
  const p = page(html);
  const out = p.serialize({ snapshot: "s1", ...opts });
  return { p, out, elements: out.nodes.filter((n) => n.r !== "text") };
}

/** The node of the element with this id (ids are not in the output: by order). */
function nodeOf(p, out, id) {
  const el = p.document.getElementById(id);
  const i = p.window.__diwall.index.get(el);
  assert.ok(i !== undefined, `#${id} was not reported`);
  return out.nodes[i];
}

test("roles follow Chrome's mapping of tags, types and ARIA", () => {
  const { p, out } = observe(`
    <button id=button>b</button>
    <a id=link href="#">l</a><a id=anchor>a</a>
    <input id=checkbox type=checkbox><input id=range type=range><input id=number type=number>
    <input id=search type=search><input id=text><input id=listed list=dl><datalist id=dl></datalist>
    <input id=hidden type=hidden>
    <select id=one><option>x</option></select><select id=many multiple><option>x</option></select>
    <h3 id=h3>h</h3><nav id=nav></nav><section id=plain>s</section><section id=named aria-label="News">s</section>
    <div id=unknown role="bogus button">x</div><div id=conflict role=presentation tabindex=0>x</div>
    <ul role=none><li id=item>i</li></ul><div id=option role=option>o</div>
    <article><header id=inner>h</header></article><header id=banner>b</header>
    <details><summary id=summary>s</summary>d</details>`);
  const want = {
    button: "button", link: "link", anchor: "generic", checkbox: "checkbox", range: "slider", number: "spinbutton",
    search: "searchbox", text: "textbox", listed: "combobox", one: "combobox", many: "listbox", h3: "heading",
    nav: "navigation", plain: "generic", named: "region", unknown: "button", conflict: "generic", item: "none",
    option: "generic", inner: "generic", banner: "banner", summary: "button",
  };
  for (const [id, role] of Object.entries(want)) {
    assert.equal(nodeOf(p, out, id).r, role, `#${id}`);
  }
  assert.equal(nodeOf(p, out, "h3").s.level, 3);
  assert.ok(!out.nodes.some((n) => n.tg === "input" && n.cue?.t === "hidden"), "a hidden input is not reported");
});

test("tables are data tables or layout tables as Chrome decides", () => {
  const { p, out } = observe(`
    <table id=data><tr><th id=col>A</th><th>B</th></tr><tr><td id=cell>1</td><td>2</td></tr></table>
    <table id=layout><tr><td id=lcell>just</td><td>layout</td></tr></table>`);
  assert.equal(nodeOf(p, out, "data").r, "table");
  assert.equal(nodeOf(p, out, "col").r, "columnheader");
  assert.equal(nodeOf(p, out, "cell").r, "cell");
  assert.equal(nodeOf(p, out, "layout").r, "generic");
  assert.equal(nodeOf(p, out, "lcell").n, "just", "a layout table's cell is named from its content");
});

test("accessible names come from ARIA, labels, attributes and content", () => {
  const { p, out } = observe(`
    <span id=first>Billing</span><span id=second>address</span>
    <input id=labelledby aria-labelledby="first second">
    <input id=arialabel aria-label="  Search site ">
    <label for=forlabel>Email</label><input id=forlabel>
    <label>Wrapped <input id=wrapped></label>
    <input id=placeholder placeholder="Your name">
    <input id=titled title="Tip" placeholder="Ignored">
    <img id=img alt="A cat" src="x.png">
    <button id=content>Save <b>all</b><span style="display:none"> hidden</span></button>
    <input id=submit type=submit><input id=reset type=reset value="Start over">
    <fieldset id=fieldset><legend>Shipping</legend></fieldset>
    <table id=captioned><caption>Prices</caption><tr><th>a</th></tr></table>
    <div id=nameless>text only</div>
    <button id=upper style="text-transform: uppercase">quiet</button>`);
  const want = {
    labelledby: "Billing address", arialabel: "Search site", forlabel: "Email", wrapped: "Wrapped",
    placeholder: "Your name", titled: "Tip", img: "A cat", content: "Save all", submit: "Submit",
    reset: "Start over", fieldset: "Shipping", captioned: "Prices", nameless: "", upper: "QUIET",
  };
  for (const [id, name] of Object.entries(want)) {
    assert.equal(nodeOf(p, out, id).n, name, `#${id}`);
  }
  assert.equal(nodeOf(p, out, "content").nf, 1, "a name from content says so");
  assert.equal(nodeOf(p, out, "labelledby").nf, undefined);
});

test("a name never carries a secret value: a labelling field that may hold one gives nothing", () => {
  const { p, out } = observe(`
    <input id=secret type=password value="hunter2">
    <input id=plain value="Berlin">
    <div id=a role=checkbox aria-labelledby="a plain">City</div>
    <div id=b role=checkbox aria-labelledby="b secret">Key</div>`);
  assert.equal(nodeOf(p, out, "a").n, "City Berlin");
  assert.equal(nodeOf(p, out, "b").n, "Key");
});

test("the values of fields whose cues say secret are withheld on the page", () => {
  const tokens = pageConstants.sensitiveAutocomplete;
  const fields = tokens.map((t, k) => `<input id=ac${k} autocomplete="section-a ${t}" value="v${k}">`).join("");
  const { p, out } = observe(`${fields}
    <input id=password type=password value="p">
    <input id=camel name="billingCardNumber" value="4111">
    <input id=snake name="card_code" value="123">
    <label for=labelled>Security code</label><input id=labelled value="999">
    <input id=postcode name="post_code" value="10115">
    <input id=city name="city" value="Berlin">
    <div id=editable contenteditable aria-label="Password notes">secret words</div>`);
  for (let k = 0; k < tokens.length; k++) {
    const n = nodeOf(p, out, `ac${k}`);
    assert.equal(n.sx, 1, `autocomplete ${tokens[k]}`);
    assert.equal(n.v, undefined, `autocomplete ${tokens[k]}`);
  }
  for (const id of ["password", "camel", "snake", "labelled"]) {
    assert.equal(nodeOf(p, out, id).sx, 1, `#${id}`);
    assert.equal(nodeOf(p, out, id).v, undefined, `#${id}`);
  }
  assert.equal(nodeOf(p, out, "postcode").v, "10115", "a postcode is not a code");
  assert.equal(nodeOf(p, out, "city").v, "Berlin");
  assert.deepEqual(nodeOf(p, out, "city").cue, { t: "", ac: "", nm: "city", id: "city", ph: "" });
  const editable = nodeOf(p, out, "editable");
  assert.equal(editable.sx, 1);
  assert.ok(!out.nodes.some((n) => n.tx && n.tx.includes("secret words")), "the text of a secret editable region is not walked");
});

test("the action bits are page_constants.json's", () => {
  const act = pageConstants.act;
  const { p, out } = observe(`
    <button id=interactive>b</button>
    <div id=tabindex tabindex=0>t</div>
    <div id=onclick onclick="void 0">o</div>
    <div id=pointer style="cursor: pointer">p</div>
    <div id=editable contenteditable>e</div>
    <div role=listbox><div id=roving role=option tabindex=-1>r</div></div>
    <div id=draggable draggable=true>d</div>
    <div id=none>n</div>`);
  assert.equal(nodeOf(p, out, "interactive").a, act.interactive);
  assert.equal(nodeOf(p, out, "tabindex").a, act.tabIndex);
  assert.equal(nodeOf(p, out, "onclick").a, act.onClick);
  assert.equal(nodeOf(p, out, "pointer").a, act.pointer);
  assert.equal(nodeOf(p, out, "editable").a, act.editable);
  assert.equal(nodeOf(p, out, "roving").a, act.interactive | act.roving);
  assert.equal(nodeOf(p, out, "draggable").a, act.draggable);
  assert.equal(nodeOf(p, out, "none").a, undefined);
  assert.ok(nodeOf(p, out, "editable").cue, "an editable region's cues are reported");
});

test("text is collapsed and cut to size without splitting a character", () => {
  const { out } = observe(`<p>  many\n\n   spaces  </p><p>${"😀".repeat(10)}</p>`, { maxText: 6 });
  const texts = out.nodes.filter((n) => n.r === "text").map((n) => n.tx);
  assert.equal(texts[0], "many …");
  assert.ok(texts[1].endsWith("…"));
  assert.ok(texts[1].length <= 6, texts[1]);
  assert.doesNotMatch(texts[1], /[\ud800-\udbff](?![\udc00-\udfff])/, "no half of a surrogate pair");
});

test("names reach the host whole up to four times the name bound", () => {
  const { out } = observe(`<button>${"x".repeat(100)}</button>`, { maxName: 10 });
  assert.equal(out.nodes.find((n) => n.r === "button").n.length, 40);
});

test("what a person cannot perceive is left out and counted", () => {
  const { out } = observe(`
    <div aria-hidden="true">aria hidden</div>
    <div hidden>hidden attribute</div>
    <div style="display: none">not displayed</div>
    <div style="clip-path: inset(50%)">clipped away</div>
    <div style="transform: scale(0)" data-box="0,0,0,0">squashed</div>
    <div inert><button>inert</button></div>
    <p>shown</p>`);
  const texts = out.nodes.filter((n) => n.r === "text").map((n) => n.tx);
  assert.deepEqual(texts, ["shown"]);
  assert.equal(out.hidden, 5);
  assert.equal(out.inert, 1);
});

test("a DOM thousands of elements deep is walked to its bottom, in reading order", () => {
  const { p } = observe(`<p>Top</p><div id=root></div><p>After</p>`);
  let at = p.document.getElementById("root");
  for (let i = 0; i < 3000; i++) {
    const d = p.document.createElement("div");
    at.append(d);
    at = d;
  }
  at.innerHTML = "<button>Bottom button</button> bottom text";
  const out = p.serialize({ snapshot: "deep" });
  const texts = out.nodes.filter((n) => n.r === "text").map((n) => n.tx);
  assert.deepEqual(texts, ["Top", "Bottom button", "bottom text", "After"]);
  const button = out.nodes.findIndex((n) => n.r === "button");
  assert.equal(out.nodes[button].n, "Bottom button");
  let depth = 0;
  for (let i = button; i >= 0; i = out.nodes[i].p) { depth++; }
  assert.equal(depth, 3002, "the button hangs under every div");
});

test("the focused element and the page's facts are reported", () => {
  const { p } = observe(`<input id=f><button>b</button>`);
  p.document.getElementById("f").focus();
  const out = p.serialize({ snapshot: "s2" });
  assert.equal(out.nodes[out.focus].tg, "input");
  assert.equal(out.title, "Test page");
  assert.equal(out.url, "http://127.0.0.1/test");
  assert.deepEqual([out.vp.w, out.vp.h], [1024, 768]);
});

test("read walks a region of the snapshot without changing it, and knows a stale or gone one", () => {
  const { p, out } = observe(`<div id=region><button>One</button></div><button id=other>Two</button>`);
  const region = p.window.__diwall.index.get(p.document.getElementById("region"));
  const read = p.serialize({ snapshot: "s1", read: true, root: region });
  assert.deepEqual(read.nodes.map((n) => n.m), [region, region + 1, undefined], "elements say their index in the snapshot");
  assert.equal(read.nodes[1].n, "One");
  assert.equal(p.window.__diwall.snapshot, "s1");
  assert.equal(p.window.__diwall.els.length, out.nodes.length, "the snapshot is kept as it was");
  assert.deepEqual(p.serialize({ snapshot: "old", read: true, root: -1 }), { stale: true });
  p.document.getElementById("region").remove();
  assert.deepEqual(p.serialize({ snapshot: "s1", read: true, root: region }), { gone: true });
});

test("a control the page relabelled is renamed; one whose numbers changed is not", () => {
  const { p } = observe(`<button id=keep>Keep 3 files</button><button id=other>Other</button>`);
  const kept = p.window.__diwall;
  const i = kept.index.get(p.document.getElementById("keep"));
  p.document.getElementById("keep").textContent = "Keep 4 files";
  assert.equal(kept.renamed(i), false);
  p.document.getElementById("keep").textContent = "Delete everything";
  assert.equal(kept.renamed(i), true);
});

test("a long answer goes packed: gzip in base64 after gz:, the same JSON once unpacked", async () => {
  const html = Array.from({ length: 40 }, (_, i) => `<p><a href="#${i}">Link number ${i}</a> and some text</p>`).join("");
  const plain = page(html).serializeAnswer({ snapshot: "s1" });
  const p = page(html);
  // jsdom has none of what pack uses; node has all of it.
  Object.assign(p.window, { Blob, Response, CompressionStream });
  const packed = await p.serializeAnswer({ snapshot: "s1", packOver: 1000 });
  assert.ok(packed.startsWith("gz:"), "packed past packOver");
  assert.equal(gunzipSync(Buffer.from(packed.slice(3), "base64")).toString("utf8"), plain);
  assert.ok(packed.length < plain.length / 2, `packed ${packed.length} of ${plain.length} characters`);
  assert.equal(typeof page(html).serializeAnswer({ snapshot: "s1", packOver: plain.length }), "string", "not packed up to packOver");
});

test("files says whether the page holds a file input, hidden or in a shadow root", () => {
  assert.equal(observe(`<button>Upload</button>`).out.files, 0);
  assert.equal(observe(`<label>Photo <input type=file hidden></label>`).out.files, 1);
  assert.equal(observe(`<input type=FILE style="display:none"><button>Upload</button>`).out.files, 1);
  const p = page(`<div id=host></div>`);
  p.document.getElementById("host").attachShadow({ mode: "open" }).innerHTML = `<input type=file>`;
  assert.equal(p.serialize({ snapshot: "s1" }).files, 1);
  assert.equal(p.serialize({ snapshot: "s1", read: true, root: -1 }).files, undefined, "read does not look");
});

test("an answer that cannot be packed goes as it is", async () => {
  const html = Array.from({ length: 40 }, (_, i) => `<p><a href="#${i}">Link number ${i}</a></p>`).join("");
  const p = page(html);
  p.window.CompressionStream = class { constructor() { throw new Error("no compression here"); } };
  const answer = await p.serializeAnswer({ snapshot: "s1", packOver: 100 });
  assert.equal(JSON.parse(answer).nodes.length > 40, true);
});
