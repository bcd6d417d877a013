// @ts-check
// Diwall's page serializer. The host runs it in an isolated world of the
// tab's main frame (Runtime.callFunctionOn) and gets back ONE JSON string:
// the viewport, and every node a person can perceive, in reading order, with
// the facts the host needs to decide roles, names, marks and masks (a long
// one packed: see pack at the end). Page scripts cannot see or change this
// world's objects.
//
// It never reads frame contents, and never reads the value of a field that
// may be sensitive (the host passes the cues). It keeps references to the
// nodes it reported in globalThis.__diwall, for the host's later actions.
//
// It is a module whose default export the host calls with its options
// (SerializerOptions in page_scripts.d.ts):
//   {maxName: int, maxText: int, sensitive: "<regexp source>",
//    notSensitive: "<regexp source>", snapshot: "<id>", read: bool, root: int,
//    since: "<id>", packOver: int}
// With read set it serves `read`: it walks the subtree of the snapshot's
// element root (or the whole page when root is -1), reports for each node
// its index in the snapshot (m), and leaves the snapshot as it was. With
// since set to the id of the snapshot the world keeps, it makes a new one
// and reports for each node that was in that one its index there (m), and
// follows: 1, so that the host keeps the marks of what stayed.

import { names } from "./accname.js";
import { labelsFinder } from "./labels.js";
import constants from "./page_constants.json";
import { roles } from "./roles.js";
import { cueTest, secretByKind } from "./sensitive.js";

// The action bits, shared with the host.
const actBit = constants.act;

/** @param {SerializerOptions} opts */
export default function serialize(opts) {
  const sensitiveText = cueTest(opts);
  const win = window;
  const doc = document;
  const vw = win.innerWidth, vh = win.innerHeight;
  const sx = win.scrollX, sy = win.scrollY;
  /** @type {RawNode[]} */
  const nodes = [];
  /** @type {(PageElement | null)[]} */
  const els = []; // element of each node index (null for text)
  /** @type {Map<Node, number>} */
  const index = new Map(); // element -> node index
  let hidden = 0;
  const prior = globalThis.__diwall;
  if (opts.read && (!prior || prior.snapshot !== opts.snapshot)) { return JSON.stringify({ stale: true }); }
  const follows = !opts.read && opts.since !== undefined && Boolean(prior) && /** @type {KeptSnapshot} */ (prior).snapshot === opts.since;
  const priorIndex = opts.read || follows ? new Map(/** @type {KeptSnapshot} */ (prior).els.map((e, i) => [e, i])) : null;

  const skipTags = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE", "HEAD", "META", "LINK", "TITLE", "BASE"]);
  const frameTags = new Set(["IFRAME", "FRAME", "OBJECT", "EMBED", "PORTAL", "FENCEDFRAME"]);
  // Roles a person acts on. (A grid's cell is not one by itself: it is
  // when it takes the focus, with a tabindex, as Chrome says; a cell
  // without one is acted on through what it holds, a link or a button.)
  const interactiveRoles = new Set(["button", "link", "checkbox", "radio", "switch", "tab", "menuitem",
    "menuitemcheckbox", "menuitemradio", "option", "combobox", "textbox", "searchbox", "slider",
    "spinbutton", "listbox", "treeitem", "scrollbar"]);

  // Closed shadow roots the host found for us (DOM.describeNode with
  // pierce), keyed by their host element.
  const closedRoots = globalThis.__diwallRoots || new WeakMap();
  /** @type {number[]} */
  const closedCandidates = [];
  // The shadow roots walked, where file inputs are looked for too.
  /** @type {Set<ShadowRoot>} */
  const shadows = new Set();

  const labelsFor = labelsFinder();

  /** @param {string} s @param {number} max */
  const clip = (s, max) => {
    s = s.replace(/\s+/g, " ").trim();
    if (s.length <= max) { return s; }
    // Never half of a surrogate pair.
    const cut = /[\ud800-\udbff]/.test(s[max - 2]) ? max - 2 : max - 1;
    return s.slice(0, cut) + "…";
  };
  // Names go to the host whole, up to a bound; the host cuts them to size
  // the same way on both paths.
  const bound = (/** @type {string} */ s) => s.length > 4 * opts.maxName ? s.slice(0, 4 * opts.maxName) : s;
  // Text nodes a person can see, as the walk found them (names of headings
  // and cells keep to these).
  const textSeen = new WeakSet();

  // Roles and accessible names (roleOf, nameOf, and the styles cache they
  // share with the walk), made for this run (roles.js, accname.js).
  const roleFns = roles(win);
  const { roleOf } = roleFns;
  const { nameOf, controlRoles, styles } = names({ win, doc, sensitiveCues, textSeen, index, frameTags, closedRoots, labelsFor }, roleFns);

  /** @param {PageElement} el @param {string} tag @param {string} name */
  function sensitiveCues(el, tag, name) {
    if (secretByKind(el)) { return true; }
    return sensitiveText([el.getAttribute("name"), el.id, name, el.getAttribute("placeholder"), el.getAttribute("aria-label")].join(" "));
  }

  /** @param {PageElement} el @param {string} tag @param {string} role */
  function states(el, tag, role) {
    /** @type {Record<string, string | number | boolean | undefined>} */
    const s = {};
    const aria = (/** @type {string} */ a) => el.getAttribute(a);
    if (tag === "INPUT" && (el.type === "checkbox" || el.type === "radio")) { s.checked = el.indeterminate ? "mixed" : el.checked; }
    else if (aria("aria-checked") !== null) { s.checked = aria("aria-checked") === "mixed" ? "mixed" : aria("aria-checked") === "true"; }
    if (el.disabled || aria("aria-disabled") === "true") { s.disabled = true; }
    if (aria("aria-expanded") !== null) { s.expanded = aria("aria-expanded") === "true"; }
    else if (tag === "DETAILS") { s.expanded = el.open; }
    if (aria("aria-selected") !== null) { s.selected = aria("aria-selected") === "true"; }
    else if (tag === "OPTION") { s.selected = el.selected; }
    if (el.required || aria("aria-required") === "true") { s.required = true; }
    if (el.readOnly || aria("aria-readonly") === "true") { s.readonly = true; }
    if (aria("aria-pressed") !== null) { s.pressed = aria("aria-pressed") === "mixed" ? "mixed" : aria("aria-pressed") === "true"; }
    if (role === "heading") { s.level = parseInt(aria("aria-level") || tag.slice(1), 10) || 2; }
    const hp = aria("aria-haspopup");
    if (hp && hp !== "false") { s.haspopup = hp === "true" ? "menu" : hp; }
    if (aria("aria-invalid") === "true") { s.invalid = true; }
    return s;
  }

  /** @param {PageElement} el @param {string} tag @param {string} role @returns {string | null} */
  function valueOf(el, tag, role) {
    if (tag === "INPUT") {
      const t = el.type;
      if (t === "checkbox" || t === "radio" || t === "button" || t === "submit" || t === "reset" || t === "image" || t === "file") { return null; }
      return /** @type {string} */ (el.value);
    }
    if (tag === "TEXTAREA") { return /** @type {string} */ (el.value); }
    if (tag === "SELECT") {
      // An option's aria-label is its name, and Chrome's value of its select.
      const o = el.selectedOptions;
      return o && o.length ? Array.from(o, (x) => x.getAttribute("aria-label") || x.label || x.text).join(", ") : "";
    }
    const vn = el.getAttribute("aria-valuetext") || el.getAttribute("aria-valuenow");
    if (vn !== null && (role === "slider" || role === "spinbutton" || role === "progressbar" || role === "meter" || role === "scrollbar")) { return vn; }
    if (tag === "PROGRESS" || tag === "METER") { return String(el.value); }
    return null;
  }

  // ---- What a person can perceive ----
  //
  // The walk carries a context: the clip of the boxes around the current
  // node ([left, top, right, bottom] in viewport coordinates), once for
  // in-flow content and once for absolutely positioned content (whose
  // containing block may lie outside a clipping box); the colour behind it
  // (null: unknown, an image or something floating) and the element that
  // paints it; whether it is inside the open modal dialog; and whether its
  // content may have no box (where checkVisibility must be asked).
  const noClip = [-Infinity, -Infinity, Infinity, Infinity];
  // A <dialog> opened with showModal() makes everything outside it inert,
  // for people and for Chrome's accessibility tree alike. (aria-modal on
  // its own does not: Chrome keeps the rest of the page.)
  /** @type {Element | null} */
  let modal = null;
  try {
    const open = doc.querySelectorAll("dialog:modal");
    if (open.length) { modal = open[open.length - 1]; }
  } catch (e) { /* no :modal */ }
  const modalPath = new Set();
  for (let a = /** @type {Node | null | undefined} */ (modal && modal.parentNode); a; a = a.parentNode || /** @type {Partial<ShadowRoot>} */ (a).host) { modalPath.add(a); }
  let inertCount = 0;
  /** @type {WalkContext} */
  let ctx = { clip: noClip, pclip: noClip, bg: null, bgEl: doc.body, inModal: false, suspect: false }; // bg: below

  // parseColor reads a computed colour as [r, g, b, a]; null when it is
  // in a form it does not know (lab(), color(...)), except for its alpha.
  /** @type {Map<string, number[] | null>} */
  const colours = new Map();
  /** @param {string} c */
  function parseColor(c) {
    let v = colours.get(c);
    if (v === undefined) { colours.set(c, v = readColor(c)); }
    return v;
  }
  /** @param {string} c @returns {number[] | null} */
  function readColor(c) {
    if (!c) { return null; }
    if (c === "transparent") { return [0, 0, 0, 0]; }
    const m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/.exec(c);
    if (m) { return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : m[5] ? Number(m[4]) / 100 : Number(m[4])]; }
    const a = /\/\s*([\d.]+)(%?)\s*\)$/.exec(c);
    if (a && (a[2] ? Number(a[1]) / 100 : Number(a[1])) === 0) { return [0, 0, 0, 0]; }
    return null;
  }

  /** @param {number[]} fg @param {number[]} bg */
  function blend(fg, bg) {
    const a = fg[3];
    return [fg[0] * a + bg[0] * (1 - a), fg[1] * a + bg[1] * (1 - a), fg[2] * a + bg[2] * (1 - a), 1];
  }

  // contrast is WCAG's contrast ratio of two opaque colours (1 to 21).
  /** @type {Map<number, number>} */
  const lums = new Map();
  /** @param {number[]} x @param {number[]} y */
  function contrast(x, y) {
    const lum = (/** @type {number[]} */ c) => {
      const k = c[0] * 65536 + c[1] * 256 + c[2];
      let v = lums.get(k);
      if (v === undefined) {
        const l = c.slice(0, 3).map((v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
        lums.set(k, v = 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]);
      }
      return v;
    };
    const a = lum(x), b = lum(y);
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  }

  // The page's own background: the body's or the root's, or the canvas's
  // white (unknown under a dark colour scheme).
  function pageBackground() {
    for (const e of [doc.body, doc.documentElement]) {
      if (!e) { continue; }
      const s = win.getComputedStyle(e);
      if (s.backgroundImage !== "none") { return null; }
      const c = parseColor(s.backgroundColor);
      if (c && c[3] >= 0.99) { return c; }
    }
    return /dark/.test(win.getComputedStyle(doc.documentElement).colorScheme || "") ? null : [255, 255, 255, 1];
  }

  // enter gives the context for el's children: the outer one itself when
  // el changes nothing (most elements), so that the walk stays cheap.
  /** @param {PageElement} el @param {string} tag @param {CSSStyleDeclaration} cs @param {DOMRect} r @returns {WalkContext} */
  function enter(el, tag, cs, r) {
    const o = ctx;
    const seen = seenEl === el;
    const pos = seen ? seenPos : cs.position;
    let clip = pos === "fixed" ? noClip : pos === "absolute" ? o.pclip : o.clip;
    const ox = seen ? seenOx : cs.overflowX, oy = seen ? seenOy : cs.overflowY;
    // The root's and the body's overflow is the viewport's: it does not
    // hide what the page scrolls to.
    if ((ox !== "visible" || oy !== "visible") && tag !== "BODY" && tag !== "HTML" && overflowApplies(cs, tag)) {
      // A clipping axis cuts at the box; a scrolling one brings any of its
      // content into view.
      /** @param {string} v @param {number} lo @param {number} hi @param {number} a @param {number} b */
      const ax = (v, lo, hi, a, b) => v === "hidden" || v === "clip" ? [Math.max(lo, a), Math.min(hi, b)] : v === "visible" ? [lo, hi] : [-Infinity, Infinity];
      const [l, rr] = ax(ox, clip[0], clip[2], r.left, r.right);
      const [t, bb] = ax(oy, clip[1], clip[3], r.top, r.bottom);
      clip = [l, t, rr, bb];
    }
    // Absolutely positioned descendants are clipped by the boxes around
    // their containing block (a transformed one is taken as static).
    const pclip = pos !== "static" ? clip : o.pclip;
    let bg = o.bg, bgEl = o.bgEl;
    if (pos === "absolute" || pos === "fixed") { bg = null; } // it floats over whatever is under it
    if (cs.backgroundImage !== "none") { bg = null; bgEl = el; }
    else {
      const b = cs.backgroundColor;
      const bc = b === "rgba(0, 0, 0, 0)" ? null : parseColor(b);
      if (bc && bc[3] > 0) { bg = bc[3] >= 0.99 ? bc : bg && blend(bc, bg); bgEl = el; }
    }
    const inModal = o.inModal || el === modal;
    // Content that may have no box of its own (options, fallback content,
    // SVG definitions, a closed <details>' body, content-visibility:hidden).
    const suspect = o.suspect || noBoxInside.has(tag) || (tag === "DETAILS" && !el.open) || cs.contentVisibility === "hidden";
    if (clip === o.clip && pclip === o.pclip && bg === o.bg && bgEl === o.bgEl && inModal === o.inModal && suspect === o.suspect) { return o; }
    return { clip, pclip, bg, bgEl, inModal, suspect };
  }
  const noBoxInside = new Set(["SELECT", "DATALIST", "OPTGROUP", "VIDEO", "AUDIO", "CANVAS", "OBJECT", "EMBED", "METER",
    "PROGRESS", "MAP", "PICTURE", "IMG", "SVG", "MATH"]);

  // Whether an element's overflow clips: not on an inline box or a table
  // row or column, but on a replaced element (an <svg>), whatever its
  // display.
  /** @param {CSSStyleDeclaration} cs @param {string} tag */
  function overflowApplies(cs, tag) {
    const d = cs.display;
    return (d !== "inline" || tag === "SVG") && d !== "contents" && !/^table-(row|column|header|footer)/.test(d);
  }

  // The context of el's children when the walk starts at el (read).
  /** @param {Element} el */
  function contextAt(el) {
    /** @type {Element[]} */
    const chain = [];
    for (let a = /** @type {Element | null | undefined} */ (el); a && a.nodeType === 1; a = a.parentElement || (a.parentNode && /** @type {Partial<ShadowRoot>} */ (a.parentNode).host)) { chain.unshift(a); }
    for (const a of chain) { ctx = enter(a, a.tagName.toUpperCase(), win.getComputedStyle(a), a.getBoundingClientRect()); }
    // The region's ancestors were not checked on the way: checkVisibility is.
    ctx = { ...ctx, suspect: true };
  }

  // Whether the computed style makes an element's whole subtree impossible
  // for a person to perceive (beyond what checkVisibility covers), given
  // the context it is in.
  // What hiddenBy read of an element's style, for enter.
  /** @type {Element | null} */
  let seenEl = null, seenPos = "", seenOx = "", seenOy = "";

  /** @param {PageElement} el @param {string} tag @param {CSSStyleDeclaration} cs @param {DOMRect} r */
  function hiddenBy(el, tag, cs, r) {
    // (content-visibility: hidden skips its content: checkVisibility is
    // false for the elements in it, textHidden for its text.)
    const pos = seenPos = cs.position;
    seenOx = cs.overflowX;
    seenOy = cs.overflowY;
    seenEl = el;
    if (clippedAway(el, tag, cs, r, pos) || outsideDocument(r)) { return true; }
    if ((r.width < 1 || r.height < 1) && collapsed(cs)) { return true; } // transform: scale(0)
    const f = cs.filter;
    if (f !== "none" && /(^|\s)opacity\(0(\.0*)?%?\)/.test(f)) { return true; }
    if (maskedOut(cs)) { return true; }
    if (r.width > 0 && r.height > 0) {
      // Cut away by a box around it (overflow: hidden).
      const c = pos === "fixed" ? noClip : pos === "absolute" ? ctx.pclip : ctx.clip;
      if (c !== noClip && (r.right <= c[0] || r.left >= c[2] || r.bottom <= c[1] || r.top >= c[3])) { return true; }
      // Fixed outside the viewport: no scrolling brings it in.
      if (pos === "fixed" && (r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw)) { return true; }
    }
    return false;
  }

  /** @param {PageElement} el @param {string} tag @param {CSSStyleDeclaration} cs @param {DOMRect} r @param {string} pos */
  function clippedAway(el, tag, cs, r, pos) {
    if ((pos === "absolute" || pos === "fixed") && cs.clip && cs.clip.startsWith("rect(")) {
      // rect(top, right, bottom, left); auto is the box's own edge.
      const v = cs.clip.slice(5, -1).split(/[\s,]+/).map((x, i) => x === "auto" ? [0, r.width, r.height, 0][i] : parseFloat(x));
      if (v.length === 4 && (v[2] <= v[0] || v[1] <= v[3])) { return true; }
    }
    const cp = cs.clipPath;
    if (cp && cp !== "none") {
      if (cp.startsWith("inset(")) {
        const len = (/** @type {string} */ x, /** @type {number} */ full) => x.endsWith("%") ? parseFloat(x) / 100 * full : parseFloat(x) || 0;
        const v = cp.slice(6, -1).split(/\s+round\s+/)[0].trim().split(/\s+/);
        const [t, rr, b, l] = [v[0], v[1] || v[0], v[2] || v[0], v[3] || v[1] || v[0]];
        if (len(t, r.height) + len(b, r.height) >= r.height || len(l, r.width) + len(rr, r.width) >= r.width) { return true; }
      }
      if (/^(circle|ellipse)\(\s*0(px|%)?[\s)]|^polygon\(\s*\)/.test(cp)) { return true; }
    }
    // Content cut to nothing by its own overflow (a collapsed panel, an
    // sr-only box). An image keeps its alternative text: assistive
    // technology reads a 1x1 image, and so does Chrome's tree. A rule
    // (<hr>) is its border, not its content.
    const ox = seenOx, oy = seenOy;
    if ((ox !== "visible" || oy !== "visible") && (r.width <= 3 || r.height <= 3) && overflowApplies(cs, tag) &&
        tag !== "IMG" && tag !== "HR" && !(tag === "INPUT" && el.type === "image")) {
      if (ox !== "visible" && r.width <= 3 && el.clientWidth <= 1) { return true; }
      if (oy !== "visible" && r.height <= 3 && el.clientHeight <= 1) { return true; }
    }
    return false;
  }

  // outsideDocument: left of or above the document's start, where no
  // scrolling reaches. A box of no size at the very edge is a container
  // whose content lies elsewhere: its content decides.
  /** @param {DOMRect} r */
  function outsideDocument(r) {
    const right = r.right + sx, bottom = r.bottom + sy;
    return right < 0 || (r.width > 0 && right <= 0) || bottom < 0 || (r.height > 0 && bottom <= 0);
  }

  // collapsed: a transform that squashes the box to a line or a point.
  /** @param {CSSStyleDeclaration} cs */
  function collapsed(cs) {
    const t = cs.transform;
    if (t && t !== "none") {
      const m = (t.match(/-?[\d.]+(e-?\d+)?/g) || []).map(parseFloat);
      const det = t.startsWith("matrix3d") ? m[0] * m[5] - m[1] * m[4] : m[0] * m[3] - m[1] * m[2];
      if (Math.abs(det) < 1e-6) { return true; }
    }
    const sc = cs.scale;
    if (sc && sc !== "none") {
      const v = sc.split(/\s+/).map(parseFloat);
      if (v[0] === 0 || v[1] === 0) { return true; }
    }
    return false;
  }

  // maskedOut: a mask image that is a gradient of transparent colours only.
  /** @param {CSSStyleDeclaration} cs */
  function maskedOut(cs) {
    const m = cs.maskImage || cs.webkitMaskImage;
    if (!m || m === "none" || !m.includes("gradient(") || m.includes("url(")) { return false; }
    const colours = m.match(/rgba?\([^)]*\)|transparent/g) || [];
    return colours.length > 0 && colours.every((c) => { const p = parseColor(c); return p && p[3] === 0; });
  }

  // textHidden says whether the text directly in an element can be seen:
  // 0 yes; 1 no; 2 inert (outside the open modal dialog); 3 it depends on
  // where each text node lands (a negative text-indent).
  /** @param {PageElement} parentEl @param {CSSStyleDeclaration | null} cs */
  function textHidden(parentEl, cs) {
    if (modal && !ctx.inModal) { return 2; }
    if (!cs) { return 1; } // visibility: hidden
    if (parentEl.tagName === "DETAILS" && !parentEl.open) { return 1; } // a closed <details>' body
    if (ctx.suspect && cs.contentVisibility === "hidden") { return 1; }
    if (parseFloat(cs.fontSize) < 1) { return 1; }
    // (SVG text is painted with fill, not color: its colour is not judged.)
    if (!(parentEl instanceof SVGElement) && !inkShows(parentEl, cs)) { return 1; }
    if (parseFloat(cs.textIndent) < 0) { return 3; }
    return 0;
  }

  // textPushedOut: text moved off its box by text-indent, out of the
  // document or out of the box's clip.
  /** @param {Node} n */
  function textPushedOut(n) {
    const range = doc.createRange();
    range.selectNodeContents(n);
    const rr = range.getBoundingClientRect();
    return rr.right + sx <= 0 || rr.right <= ctx.clip[0] || rr.left >= ctx.clip[2];
  }

  // inkShows: whether text in this colour stands out from what is behind
  // it: not transparent, not (nearly) the background's colour, not under
  // 1 px (checked by the caller).
  let behindChecks = 0;
  /** @param {Element} el @param {CSSStyleDeclaration} cs */
  function inkShows(el, cs) {
    const c = parseColor(cs.webkitTextFillColor);
    if (!c) { return true; }
    const bg = ctx.bg;
    if (c[3] > 0.05 && (!bg || contrast(c[3] >= 0.99 ? c : blend(c, bg), bg) >= 1.1)) { return true; }
    // Transparent, or the colour of the background it seems to be on. A
    // shadow or an outline draws it still; so does a background clipped to
    // the text, and so may something painted between the text and that
    // background (an image, a video, an overlay).
    if (cs.textShadow !== "none" || parseFloat(cs.webkitTextStrokeWidth) > 0) { return true; }
    for (let a = /** @type {Element | null} */ (el); a; a = a.parentElement) {
      if (win.getComputedStyle(a).backgroundClip === "text") { return true; }
      if (a === ctx.bgEl) { break; }
    }
    return c[3] > 0.05 && behindChecks++ < 200 && somethingBehind(el);
  }

  /** @type {Map<Element, DOMRect[]>} */
  const mediaBoxes = new Map();
  /** @param {Element} el */
  function somethingBehind(el) {
    const r = el.getBoundingClientRect();
    for (let a = /** @type {Element | null} */ (el); a && a !== ctx.bgEl; a = a.parentElement) {
      for (const pe of ["::before", "::after"]) {
        const ps = win.getComputedStyle(a, pe);
        if (ps.content === "none" || ps.content === "normal") { continue; }
        const pc = parseColor(ps.backgroundColor);
        if (ps.backgroundImage !== "none" || (pc && pc[3] > 0)) { return true; }
      }
    }
    const paints = (/** @type {Element} */ e) => {
      if (/^(IMG|VIDEO|CANVAS|PICTURE|svg|IFRAME|OBJECT|EMBED)$/.test(e.tagName)) { return true; }
      const s = win.getComputedStyle(e);
      const bc = parseColor(s.backgroundColor);
      return s.backgroundImage !== "none" || Boolean(bc && bc[3] > 0);
    };
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x >= 0 && y >= 0 && x < vw && y < vh) {
      // What is painted at the text's centre, below its element.
      const stack = doc.elementsFromPoint(x, y);
      for (let i = stack.indexOf(el) + 1; i > 0 && i < stack.length && stack[i] !== ctx.bgEl; i++) {
        if (!stack[i].contains(el) && paints(stack[i])) { return true; }
      }
    } else {
      // Out of view: a positioned layer beside it or beside an ancestor.
      for (let a = el; a && a !== ctx.bgEl && a.parentElement; a = a.parentElement) {
        for (const sib of a.parentElement.children) {
          if (sib === a) { continue; }
          const p = win.getComputedStyle(sib).position;
          if (p !== "absolute" && p !== "fixed") { continue; }
          const sr = sib.getBoundingClientRect();
          if (sr.left < r.right && sr.right > r.left && sr.top < r.bottom && sr.bottom > r.top && paints(sib)) { return true; }
        }
      }
    }
    const root = ctx.bgEl || doc.body;
    if (!root) { return false; }
    let boxes = mediaBoxes.get(root);
    if (!boxes) {
      boxes = Array.from(root.querySelectorAll("img,video,canvas,picture,svg,iframe,object,embed"), (m) => m.getBoundingClientRect());
      mediaBoxes.set(root, boxes);
    }
    return boxes.some((m) => m.left < r.right && m.right > r.left && m.top < r.bottom && m.bottom > r.top);
  }

  // standIn: a form control its page hid (opacity 0, clipped, moved away)
  // while drawing it with its label (a custom checkbox): a person uses it
  // through the label, which stands in for its box and for the pointer.
  // (proxies holds those, and the children that stand in for a link
  // whose own box is cut away: see spilled.)
  /** @type {Map<Element, Element>} */
  const proxies = new Map();
  /** @param {PageElement} el @param {string} tag @param {CSSStyleDeclaration} cs */
  function standIn(el, tag, cs) {
    if (tag !== "INPUT" && tag !== "SELECT" && tag !== "TEXTAREA") { return null; }
    if (el.type === "hidden" || cs.display === "none" || cs.visibility === "hidden") { return null; }
    const wrap = el.closest("label");
    const labels = el.id ? labelsFor(el) : [];
    for (const l of wrap ? [wrap, ...labels] : labels) {
      if (!l.checkVisibility({ opacityProperty: true, visibilityProperty: true })) { continue; }
      const lr = l.getBoundingClientRect();
      if (lr.width >= 4 && lr.height >= 4 && !outsideDocument(lr)) { return l; }
    }
    return null;
  }

  // spilled: an inline element (a link) whose own line box is cut away or
  // pushed out while a child of it stands out of that line and shows (the
  // image of an image link in a clipped slide): a person sees and clicks
  // that child, which stands in for the element's box and for the pointer.
  /** @param {PageElement} el @param {string} tag @param {CSSStyleDeclaration} cs */
  function spilled(el, tag, cs) {
    if (cs.display !== "inline" || tag === "SVG" || !el.firstElementChild || (cs.filter !== "none" && /(^|\s)opacity\(0/.test(cs.filter)) || maskedOut(cs)) { return null; }
    const c = ctx.clip; // an inline box clips nothing: its children are in the same clip
    for (let k = /** @type {Element | null} */ (el.firstElementChild); k; k = k.nextElementSibling) {
      const q = k.getBoundingClientRect();
      if (q.width < 1 || q.height < 1 || outsideDocument(q)) { continue; }
      if (q.right <= c[0] || q.left >= c[2] || q.bottom <= c[1] || q.top >= c[3]) { continue; }
      if (k.checkVisibility({ opacityProperty: true, visibilityProperty: true })) { return k; }
    }
    return null;
  }

  // inComposite: inside a composite widget, whose members take focus by
  // script (roving tabindex) and answer clicks.
  const compositeSel = ["grid", "treegrid", "menu", "menubar", "tree", "listbox", "tablist", "toolbar", "radiogroup"]
    .map((r) => `[role~="${r}"]`).join(",");
  /** @param {Element} el */
  function inComposite(el) {
    const p = el.parentElement;
    return Boolean(p && p.closest(compositeSel));
  }

  // aimBox is the box a person sees as the element, given its bounding
  // box r: for an inline element broken over lines (a link wrapping in
  // running text) its first line's box in view, not the bounding box,
  // whose centre may lie on other words.
  /** @param {Element} el @param {DOMRect} r */
  function aimBox(el, r) {
    const rects = el.getClientRects();
    if (rects.length < 2 || win.getComputedStyle(el).display !== "inline") { return r; }
    let first = null;
    for (const q of rects) {
      if (q.width < 1 || q.height < 1) { continue; }
      if (!first) { first = q; }
      if (q.bottom > 0 && q.top < window.innerHeight && q.right > 0 && q.left < window.innerWidth) { return q; }
    }
    return first || r;
  }

  /** @param {DOMRect} r */
  function box(r) {
    return [Math.round(r.left * 10) / 10, Math.round(r.top * 10) / 10, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
  }

  /** @param {RawNode} node @param {PageElement | null} el */
  function emit(node, el) {
    const i = nodes.length;
    if (priorIndex && el && priorIndex.has(el)) { node.m = priorIndex.get(el); }
    nodes.push(node);
    els.push(el);
    if (el) { index.set(el, i); }
    return i;
  }

  const nonSpace = /\S/;
  // Whether the page put white space after the last text read (at its end,
  // or a text node of spaces alone, left out): the next text then says so
  // (sb: 1), so that the host can join the pieces of one run of text (a
  // code listing's coloured spans) as the page spaced them.
  let spaced = false;

  // The walk visits the page in reading order with a stack of its own, not
  // the page's call stack, which a DOM some thousands of elements deep
  // would overflow: each level is an element whose children are being
  // visited (the node they hang under, the context they are in), and what
  // is left to do of the element once they are (its name, its marks).
  /**
   * @typedef {object} Level
   * @property {PageElement} el
   * @property {number} idx the node the children hang under
   * @property {CSSStyleDeclaration | null} cs the element's style (null: visibility:hidden)
   * @property {ArrayLike<Node>} kids
   * @property {number} k the next child
   * @property {number} gone textHidden of the element's text, once known
   * @property {WalkContext} outer the context to go back to after the children
   * @property {RawNode | null} node the element's node, to finish after the children (null: none)
   * @property {string} tag
   * @property {DOMRect | null} r
   * @property {Name | null} nm
   * @property {boolean} editable
   * @property {number} uncertain
   */
  /** @typedef {{n: string, nf: number, nh: number, u: number}} Name */

  // The levels, one per depth, reused from one element to the next: the
  // walk makes no object per element for them.
  /** @type {Level[]} */
  const levels = [];
  /** @param {number} d */
  function levelAt(d) {
    let lv = levels[d];
    if (!lv) {
      levels[d] = lv = { el: /** @type {PageElement} */ (doc.documentElement), idx: -1, cs: null, kids: [], k: 0, gone: -1,
        outer: ctx, node: null, tag: "", r: null, nm: null, editable: false, uncertain: 0 };
    }
    return lv;
  }

  // open makes lv the level of el's children, which hang under node idx.
  /** @param {Level} lv @param {PageElement} el @param {number} idx @param {CSSStyleDeclaration | null} cs */
  function open(lv, el, idx, cs) {
    const shadow = el.shadowRoot || closedRoots.get(el);
    if (shadow) { shadows.add(shadow); }
    /** @type {ArrayLike<Node>} */
    let kids = el.childNodes;
    if (shadow) { kids = shadow.childNodes; }
    else if (el.tagName === "SLOT") {
      const assigned = /** @type {HTMLSlotElement} */ (el).assignedNodes({ flatten: true });
      if (assigned.length) { kids = assigned; }
    }
    lv.el = el;
    lv.idx = idx;
    lv.cs = cs;
    lv.kids = kids;
    lv.k = 0;
    lv.gone = -1;
    lv.outer = ctx;
    lv.node = null;
    return true;
  }

  // walk visits what the level at depth 0 holds, to its end.
  function walk() {
    let d = 0;
    while (d >= 0) {
      const lv = levels[d];
      if (lv.k >= lv.kids.length) {
        d--;
        ctx = lv.outer;
        if (lv.node) { finish(lv.el, lv.tag, lv.node.r, /** @type {CSSStyleDeclaration} */ (lv.cs), /** @type {DOMRect} */ (lv.r), lv.node, lv.idx, lv.nm, lv.editable, lv.uncertain); }
        continue;
      }
      const n = lv.kids[lv.k++];
      if (n.nodeType === 3) {
        const data = /** @type {Text} */ (n).data;
        if (!nonSpace.test(data)) { spaced = true; continue; } // most often, between tags
        if (lv.gone < 0) { lv.gone = textHidden(lv.el, lv.cs); }
        if (lv.gone === 2) { inertCount++; continue; }
        if (lv.gone === 1 || (lv.gone === 3 && textPushedOut(n))) { hidden++; continue; }
        textSeen.add(n);
        /** @type {RawNode} */
        const text = { p: lv.idx, r: "text", tx: clip(data, opts.maxText) };
        if (spaced || /^\s/.test(data)) { text.sb = 1; }
        emit(text, null);
        spaced = /\s$/.test(data);
      } else if (n.nodeType === 1) {
        const outer = ctx;
        const next = levelAt(d + 1);
        if (visit(/** @type {PageElement} */ (n), lv.idx, next)) {
          next.outer = outer;
          d++;
        } else {
          ctx = outer;
        }
      }
    }
    levels.length = 0; // what they hold is the page's
  }

  // visit reports element el, under the node parentIdx, and says whether
  // its children are to be visited: then lv is made their level (else it
  // is done with el).
  /** @param {PageElement} el @param {number} parentIdx @param {Level} lv @returns {boolean} */
  function visit(el, parentIdx, lv) {
    const tag = el.tagName.toUpperCase();
    if (skipTags.has(tag)) { return false; }
    if (el.getAttribute("aria-hidden") === "true" || el.hidden && tag !== "SLOT") {
      if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea")) { hidden++; }
      return false;
    }
    // Inert: the inert attribute, or outside the open modal dialog.
    if (el.hasAttribute("inert") || (modal && !ctx.inModal && el !== modal && !modalPath.has(el))) {
      if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea")) { inertCount++; }
      return false;
    }
    const cs = win.getComputedStyle(el);
    styles.set(el, cs);
    if (cs.display === "contents") {
      return open(lv, el, parentIdx, cs);
    }
    // checkVisibility walks the ancestors: it is asked only where the walk
    // cannot tell (inside elements whose content may have no box, or when
    // the element's own style hides it). Content skipped by
    // content-visibility: auto is merely out of view: it is checked like
    // any other.
    let stand = null;
    if ((ctx.suspect || cs.display === "none" || cs.visibility !== "visible" || cs.opacity === "0") &&
        !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      // visibility:hidden can be undone by a visible descendant.
      if (cs.visibility === "hidden" && cs.display !== "none" && cs.opacity !== "0" && el.querySelector("*")) {
        return open(lv, el, parentIdx, null);
      }
      if (!(stand = standIn(el, tag, cs))) {
        if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea,iframe")) { hidden++; }
        return false;
      }
    }
    let r = el.getBoundingClientRect();
    if (!stand && hiddenBy(el, tag, cs, r) && !(stand = standIn(el, tag, cs) || spilled(el, tag, cs))) {
      if (el.textContent.trim() || el.querySelector("a,button,input,select,textarea")) { hidden++; }
      return false;
    }
    if (stand) {
      proxies.set(el, stand);
      r = stand.getBoundingClientRect();
    }
    // The context of its children, if any (the walk goes back to the
    // outer one after them).
    const hasKids = el.firstChild !== null || el.shadowRoot !== null || closedRoots.has(el);
    if (hasKids) { ctx = enter(el, tag, cs, r); }
    const role = roleOf(el);
    if (role === "") { return false; } // <input type=hidden>
    /** @type {RawNode} */
    const node = { p: parentIdx, r: role, tg: tag.toLowerCase() };
    // Inline: its text runs on with the text around it.
    if (cs.display === "inline") { node.il = 1; }
    // A link without href is a link to Chrome when it has click listeners,
    // which only Chrome sees.
    let uncertain = tag === "A" && role === "generic" && cs.cursor === "pointer" ? 1 : 0;
    // Media: Chrome names them from controls of its own.
    if (tag === "VIDEO" || tag === "AUDIO") { uncertain = 1; }

    if (frameTags.has(tag)) {
      // Frames are masked and never read.
      node.r = "iframe";
      node.fr = 1;
      node.n = bound(nameOf(el, "iframe").n);
      node.b = box(r);
      emit(node, el);
      return false;
    }

    const idx = emit(node, el);
    // A textarea's children are its value, already reported (or withheld);
    // so is the text of an editable region, which is withheld whole when
    // its cues say it holds a secret. (An editable region is never named
    // from its content: its name is known before its text is read.)
    const editable = Boolean(el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable));
    const nm = editable ? nameOf(el, role) : null;
    const secretText = editable && sensitiveCues(el, tag, /** @type {{n: string}} */ (nm).n);
    if (tag !== "TEXTAREA" && !secretText && hasKids) {
      open(lv, el, idx, cs);
      lv.node = node;
      lv.tag = tag;
      lv.r = r;
      lv.nm = nm;
      lv.editable = editable;
      lv.uncertain = uncertain;
      return true;
    }
    finish(el, tag, role, cs, r, node, idx, nm, editable, uncertain);
    return false;
  }

  // finish reports what an element is once its children were visited: its
  // name (a name from content keeps to the text the walk found visible,
  // where it doubles as page text), states, value and what a person can do
  // with it.
  /**
   * @param {PageElement} el @param {string} tag @param {string} role @param {CSSStyleDeclaration} cs @param {DOMRect} r
   * @param {RawNode} node @param {number} idx @param {Name | null} known its name, when known before the walk
   * @param {boolean} editable @param {number} uncertain
   */
  function finish(el, tag, role, cs, r, node, idx, known, editable, uncertain) {
    const nm = known || nameOf(el, role);
    if (nm.nf) { node.nf = 1; }
    if (nm.nh) { node.nh = 1; }
    uncertain |= nm.u;
    if (el.hasAttribute("aria-owns")) { uncertain = 1; }
    if (tag.includes("-") && !el.shadowRoot && !closedRoots.has(el) && r.width > 0 && r.height > 0) {
      // Rendered content with no light DOM and no open root: a closed
      // shadow root, which the host can open for us.
      if (!el.childElementCount) { closedCandidates.push(idx); }
    }

    node.n = bound(nm.n);
    const st = states(el, tag, role);
    if (Object.keys(st).length) { node.s = st; }

    let act = 0;
    if (interactiveRoles.has(role) || tag === "SUMMARY" || (tag === "A" && el.hasAttribute("href"))) { act |= actBit.interactive; }
    const ti = el.getAttribute("tabindex");
    if (ti !== null && parseInt(ti, 10) >= 0) { act |= actBit.tabIndex; }
    else if (ti !== null && parseInt(ti, 10) < 0 && inComposite(el)) { act |= actBit.roving; }
    if (el.hasAttribute("onclick")) { act |= actBit.onClick; }
    // A label's pointer says "click me to use my control": the control
    // carries the mark, unless it is not rendered at all (the label is then
    // the only way to it).
    const up = el.parentElement;
    if (cs.cursor === "pointer" && !(up && (styles.get(up) || win.getComputedStyle(up)).cursor === "pointer") &&
        !(tag === "LABEL" && el.control && el.control.getClientRects().length)) { act |= actBit.pointer; }
    if (editable) { act |= actBit.editable; }
    if (el.getAttribute("draggable") === "true") { act |= actBit.draggable; } // a person can drag it (act's drag)
    // An empty focus trap: an element with no size, no name and nothing in
    // it that takes the focus only to send it back (the two a modal dialog
    // puts around itself). Nothing there for a person to act on.
    if ((act & ~(actBit.tabIndex | actBit.roving)) === 0 && !(r.width > 0 && r.height > 0) && !nm.n && nodes.length === idx + 1) { act = 0; }
    if (act) { node.a = act; }

    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || act & actBit.editable) {
      const sens = sensitiveCues(el, tag, node.n);
      node.cue = {
        t: (el.getAttribute("type") || "").toLowerCase(), ac: el.getAttribute("autocomplete") || "",
        nm: el.getAttribute("name") || "", id: el.id || "", ph: el.getAttribute("placeholder") || "",
      };
      if (sens) { node.sx = 1; }
      else {
        const v = valueOf(el, tag, role);
        if (v !== null) { node.v = clip(v, opts.maxName); }
      }
    } else {
      const v = valueOf(el, tag, role);
      if (v !== null) { node.v = clip(v, opts.maxName); }
    }
    if (r.width > 0 && r.height > 0) { node.b = box(act ? aimBox(el, r) : r); }
    if (uncertain) { node.u = 1; }
  }

  // pointer says where a pointer aimed at el lands: the centre of the part
  // of el inside the viewport, and the element on top there when it is not
  // el (a modal, a banner), with the index of that element or its nearest
  // reported ancestor (-1: none). With scroll, el is first scrolled into
  // view. It is kept with the snapshot, so that the action helpers decide
  // "covered" exactly as the observation did.
  /** @param {Element} el @param {Map<Node, number>} idx @param {boolean} scroll @returns {PointerAim} */
  function pointer(el, idx, scroll) {
    el = proxies.get(el) || el; // a hidden control's label
    const w = window.innerWidth, h = window.innerHeight;
    let r = aimBox(el, el.getBoundingClientRect());
    if (r.width === 0 && r.height === 0) { return { invisible: true }; }
    if (scroll && (r.top < 0 || r.left < 0 || r.bottom > h || r.right > w)) {
      el.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      r = aimBox(el, el.getBoundingClientRect());
    }
    const l = Math.max(r.left, 0), t = Math.max(r.top, 0), rr = Math.min(r.right, w), bb = Math.min(r.bottom, h);
    if (rr <= l || bb <= t) { return { invisible: true }; }
    const x = (l + rr) / 2, y = (t + bb) / 2;
    let hit = document.elementFromPoint(x, y);
    while (hit && hit.shadowRoot) { // into open (and opened) shadow roots
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) { break; }
      hit = inner;
    }
    /** @param {Node} outer @param {Node} inner */
    const contains = (outer, inner) => {
      for (let n = /** @type {Node | null | undefined} */ (inner); n; n = n.parentNode || /** @type {Partial<ShadowRoot>} */ (n).host) { if (n === outer) { return true; } }
      return false;
    };
    // Not covered: el itself or its content, its label, or an ancestor el
    // lets clicks through to.
    if (!hit || contains(el, hit) || contains(hit, el) || (hit.tagName === "LABEL" && /** @type {HTMLLabelElement} */ (hit).control === el)) { return { x, y }; }
    let by = -1;
    for (let c = /** @type {Node | null | undefined} */ (hit); c; c = c.parentNode || /** @type {Partial<ShadowRoot>} */ (c).host) {
      if (idx.has(c)) { by = /** @type {number} */ (idx.get(c)); break; }
    }
    return { x, y, covered: by };
  }

  // Mark facts: for each actionable node in the viewport, whether another
  // element lies over its centre, and which.
  function coverage() {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (!n.a || !n.b) { continue; }
      const [x, y, w, h] = n.b;
      if (x + w <= 0 || y + h <= 0 || x >= vw || y >= vh) { continue; }
      n.iv = 1;
      const p = pointer(/** @type {Element} */ (els[i]), index, false);
      if (p.covered !== undefined) { n.cov = p.covered; }
    }
  }

  ctx.bg = pageBackground();
  // A page whose body itself cannot be seen: every element is asked.
  ctx.suspect = Boolean(doc.body) && !doc.body.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  if (opts.read && /** @type {number} */ (opts.root) >= 0) {
    const rootEl = /** @type {KeptSnapshot} */ (prior).els[/** @type {number} */ (opts.root)];
    if (!rootEl || !rootEl.isConnected) { return JSON.stringify({ gone: true }); }
    if (rootEl.parentElement) { contextAt(rootEl.parentElement); }
    ctx.inModal = Boolean(modal && modal.contains(rootEl) && rootEl !== modal);
    const outer = ctx;
    const lv = levelAt(0);
    if (visit(rootEl, -1, lv)) {
      lv.outer = outer;
      walk();
    }
  } else {
    const root = doc.body || doc.documentElement;
    if (root) {
      open(levelAt(0), root, -1, win.getComputedStyle(root));
      walk();
    }
  }
  if (!opts.read) { coverage(); }

  let focus = -1;
  let ae = doc.activeElement;
  while (ae && ae.shadowRoot && ae.shadowRoot.activeElement) { ae = ae.shadowRoot.activeElement; }
  if (ae && index.has(ae)) { focus = /** @type {number} */ (index.get(ae)); }

  // The names of the controls a step may act on, as observed: a step on a
  // control the page has relabelled since (a "Keep" that now says "Delete
  // everything") is refused, for the model chose it by its old name.
  // Numbers may change (a counter, a countdown), words may not.
  /** @type {Map<number, {role: string, name: string}>} */
  const said = new Map();
  const gist = (/** @type {string} */ s) => s.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();
  if (!opts.read) {
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i];
      if (n.a && els[i] && controlRoles.has(n.r)) { said.set(i, { role: n.r, name: n.n || "" }); }
    }
  }
  /** @param {number} i */
  function renamed(i) {
    const was = said.get(i);
    return was !== undefined && gist(bound(nameOf(/** @type {Element} */ (els[i]), was.role).n)) !== gist(was.name);
  }

  if (!opts.read) { globalThis.__diwall = { snapshot: opts.snapshot, els, index, pointer, renamed }; }
  const de = doc.documentElement;
  const answer = JSON.stringify({
    vp: { w: vw, h: vh, sx, sy, ch: Math.max(de.scrollHeight, doc.body ? doc.body.scrollHeight : 0), cw: de.scrollWidth, dpr: win.devicePixelRatio },
    title: doc.title, url: location.href, hidden, inert: inertCount, focus, closed: closedCandidates, nodes,
    files: opts.read ? undefined : fileInputs(), follows: follows ? 1 : undefined,
  });
  return opts.packOver !== undefined && answer.length > opts.packOver ? pack(answer) : answer;

  // Whether the document or a shadow root walked holds a file input, shown
  // or not (a styled label or button often stands for a hidden one): only
  // then does the host ask which marks stand for one.
  function fileInputs() {
    const any = (/** @type {ParentNode} */ root) => root.querySelector("input[type=file i]") !== null;
    return any(doc) || [...shadows].some(any) ? 1 : 0;
  }

  // A long answer costs far more to carry to the host (chrome.debugger, the
  // extension and native messaging: about 270 ms a megabyte, measured) than
  // to pack: it goes gzipped, in base64, after "gz:" (a JSON answer starts
  // with "{"). The snapshot above is already taken. Should packing fail,
  // the answer goes as it is. The bytes are written straight into the
  // compressor: through a Blob of the text (new Blob([text]).stream()) the
  // serializer of a 2,000-element page took 12-23% longer (BenchmarkObserve,
  // serialize-ms, 121-129 against 137-164 ms, three runs in turn).
  /** @param {string} text @returns {Promise<string>} */
  async function pack(text) {
    try {
      const zip = new CompressionStream("gzip");
      const writer = zip.writable.getWriter();
      writer.write(new TextEncoder().encode(text)).then(() => writer.close()).catch(() => {});
      const bytes = new Uint8Array(await new Response(zip.readable).arrayBuffer());
      return "gz:" + base64(bytes);
    } catch {
      return text;
    }
  }

  // base64 uses the browser's own encoder where there is one (newer
  // Chromes): on a 260 KB answer it took 1 ms where the loop took 9-46.
  /** @param {Uint8Array & {toBase64?: () => string}} bytes */
  function base64(bytes) {
    if (typeof bytes.toBase64 === "function") { return bytes.toBase64(); }
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) { binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); }
    return btoa(binary);
  }
}
