// @ts-check
// Diwall's action helpers. The host runs this in its isolated world of the
// tab's main frame: this module's default export, called with an op and
// its arguments ("<op>", {...}), answers one JSON string. They find the
// element the model named, by the reference kept when the snapshot was
// taken (never by a selector or a position), so a re-rendered page can
// only give "gone", never another element. They only read the page, scroll it, focus, place the caret and
// set a <select>; clicks and keys are real input events sent by the host.

import constants from "./page_constants.json";

// Each op's arguments and answer are declared in page_ops.d.ts (ActOps),
// as the host declares them in Go (act's ops.go).
/** @type {(...call: ActCall) => string | Promise<string>} */
const act = (op, args) => {
  const state = globalThis.__diwall;
  let renamed = false; // see element
  /**
   * The answer of op, as JSON.
   * @template {keyof ActOps} K
   * @param {K} _op @param {ActOps[K][1]} v
   */
  const out = (_op, v) => JSON.stringify(renamed && v.gone ? { ...v, renamed: true } : v);
  if (op === "scrollWatch") {
    // Counts the page's scrollend events, so that scrollDone knows a
    // scroll that ended before it was asked.
    const w = globalThis.__diwallScroll || (globalThis.__diwallScroll = { ends: 0 });
    if (!w.listening) {
      w.listening = true;
      window.addEventListener("scrollend", () => { w.ends++; }, true);
      document.addEventListener("scrollend", () => { w.ends++; }, true);
    }
    return out(op, { ends: w.ends });
  }
  if (op === "scrollDone") {
    // Answers when the scroll the wheel started has ended (scrollend), at
    // once if it has; when nothing moves for two frames (the wheel scrolled
    // nothing); at the latest after args.wait ms.
    const w = globalThis.__diwallScroll || { ends: 0 };
    return new Promise((done) => {
      const finish = () => done(out(op, { x: window.scrollX, y: window.scrollY }));
      if (w.ends > args.since) { return finish(); }
      const limit = setTimeout(finish, args.wait);
      const ended = () => { clearTimeout(limit); finish(); };
      window.addEventListener("scrollend", ended, { capture: true, once: true });
      document.addEventListener("scrollend", ended, { capture: true, once: true });
      let last = [window.scrollX, window.scrollY], still = 0, moved = false;
      const frame = () => {
        const now = [window.scrollX, window.scrollY];
        if (now[0] !== last[0] || now[1] !== last[1]) { moved = true; still = 0; } else { still++; }
        last = now;
        if (!moved && still >= 2) { clearTimeout(limit); finish(); return; }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  }
  if (op === "hasText") {
    // Answers when the text is on the page, or after args.wait ms. In a
    // frame (own), only in the document the snapshot read.
    if (args.own && (!state || state.snapshot !== args.snapshot)) { return out(op, { found: false }); }
    const has = () => ((document.body && document.body.innerText) || "").toLowerCase().includes(args.text.toLowerCase());
    if (has() || !args.wait) { return out(op, { found: has() }); }
    return new Promise((done) => {
      const watch = new MutationObserver(() => { if (has()) { stop(); done(out(op, { found: true })); } });
      const limit = setTimeout(() => { stop(); done(out(op, { found: has() })); }, args.wait);
      const stop = () => { watch.disconnect(); clearTimeout(limit); };
      watch.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
    });
  }
  // The words a card, its number, code or expiry, or a bank account go by,
  // in the four languages of the sensitive cues; and the frames of
  // payment providers.
  // (The host reads the same words: page_constants.json.)
  const { paymentCue: cueWords, paymentFrame: frameWords } = constants;
  const paymentCue = new RegExp(cueWords, "i");
  const paymentFrame = new RegExp(frameWords, "i");

  // Whether fields and frames take a payment: a field for a card
  // (autocomplete cc-*, or its name, id, placeholder or label says so), or
  // a payment provider's frame.
  /** @param {ArrayLike<Element>} fields @param {ArrayLike<Element>} frames */
  function paymentIn(fields, frames) {
    for (const f of Array.from(fields)) {
      const el = /** @type {PageElement} */ (f);
      const ac = (el.getAttribute("autocomplete") || "").toLowerCase();
      if (/\bcc-/.test(ac)) { return true; }
      if (el.tagName !== "INPUT" && el.tagName !== "SELECT") { continue; }
      const labels = Array.from(/** @type {HTMLInputElement} */ (el).labels || [], (l) => l.textContent || "").join(" ");
      const cue = [el.getAttribute("name"), el.id, el.getAttribute("placeholder"), el.getAttribute("aria-label"), labels]
        .join(" ").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_\-.[\]]/g, " ");
      if (paymentCue.test(cue)) { return true; }
    }
    for (const frame of Array.from(frames)) {
      const said = [frame.getAttribute("name"), frame.getAttribute("title"), frame.getAttribute("src")].join(" ");
      if (paymentFrame.test(said)) { return true; }
    }
    return false;
  }

  // Whether a form takes a payment.
  /** @param {HTMLFormElement} form */
  function takesPayment(form) {
    return paymentIn(form.elements, form.querySelectorAll("iframe"));
  }

  // Whether the page holds a card or payment field anywhere (in a form or
  // not): what the host's request guard asks of a page that may send data
  // while a step runs.
  const pagePays = () => paymentIn(document.querySelectorAll("input, select, textarea, [autocomplete]"), document.querySelectorAll("iframe"));
  if (op === "pays") { return out(op, { pays: pagePays() }); } // (needs no snapshot)
  if (!state || state.snapshot !== args.snapshot) { return out(op, { stale: true }); }
  const kept = state; // the snapshot, for the functions below

  // The page's trusted beforeinput, keyup and click events, counted: a
  // helper sent right behind input events (not yet known to have run) runs
  // only once the page has taken them, and otherwise answers notYet and
  // does nothing.
  // They listen on the root element, not the window or the document, where
  // the host looks for the page's own key listeners.
  const root = document.documentElement;
  let seen = globalThis.__diwallSeen;
  if (!seen || seen.root !== root) {
    seen = globalThis.__diwallSeen = { root, bi: 0, ku: 0, cl: 0 };
    const c = seen;
    // The host knows these by their name among the page's listeners
    // (keys_learnt.go ownCounter): a method's, which a minifier keeps.
    /** @param {"bi" | "ku" | "cl"} key */
    const counter = (key) => ({ __diwallCounter(/** @type {Event} */ e) { if (e.isTrusted) { c[key]++; } } }).__diwallCounter;
    root.addEventListener("beforeinput", counter("bi"), true);
    root.addEventListener("keyup", counter("ku"), true);
    root.addEventListener("click", counter("cl"), true);
  }
  const after = args.after;
  if (after && (seen.bi < after.bi || seen.ku < after.ku || seen.cl < after.cl)) { return out(op, { notYet: true }); }
  // A helper sent right behind the one of the step before runs only if
  // that one succeeded (it left its token).
  if (args.okAfter !== undefined && globalThis.__diwallOK !== args.okAfter) { return out(op, { notYet: true }); }
  const succeeded = () => { if (args.token !== undefined) { globalThis.__diwallOK = args.token; } };
  const counts = () => ({ bi: seen.bi, ku: seen.ku, cl: seen.cl });

  // element is the snapshot's element i, or null when it is gone, or when
  // the page relabelled it since the observation (a control chosen by its
  // name must still have it): then every op answers gone, and renamed.
  /** @param {number} i */
  function element(i) {
    const el = kept.els[i];
    if (!el || !el.isConnected) { return null; }
    if (kept.renamed && kept.renamed(i)) {
      renamed = true;
      return null;
    }
    return el;
  }

  // Where a pointer would land on el (scrolled into view unless noScroll),
  // and what covers it: the snapshot's own rule, kept by the serializer.
  /** @param {Element} el @param {boolean} [noScroll] @returns {PointerAim} */
  function target(el, noScroll) {
    return kept.pointer(el, kept.index, !noScroll);
  }

  /** @param {PageElement} el */
  function disabled(el) {
    return Boolean(el.disabled || el.getAttribute("aria-disabled") === "true" || (el.closest && el.closest("fieldset:disabled")));
  }

  /** @param {PageElement} el @returns {el is HTMLInputElement} */
  function isFileInput(el) {
    return el.tagName === "INPUT" && el.type === "file";
  }

  // The file input an element stands for: itself, the control of a label,
  // or the one file input inside it (a drop zone, a styled button).
  /** @param {PageElement} el @returns {HTMLInputElement | null} */
  function fileInputOf(el) {
    if (isFileInput(el)) { return el; }
    if (el.tagName === "LABEL" && el.control && isFileInput(el.control)) { return el.control; }
    const inside = el.querySelectorAll ? el.querySelectorAll("input[type=file]") : [];
    return inside.length === 1 ? /** @type {HTMLInputElement} */ (inside[0]) : null;
  }

  /** @param {HTMLOptionElement} o */
  function optionLabel(o) {
    return (o.label || o.textContent || "").replace(/\s+/g, " ").trim();
  }

  /** @param {string} text @param {string} wanted */
  function matches(text, wanted) {
    const a = text.replace(/\s+/g, " ").trim().toLowerCase();
    return a === wanted.trim().toLowerCase();
  }

  /** @param {Element} el */
  function focused(el) {
    // (A detached element's root is itself, with no activeElement.)
    const root = /** @type {Node & Partial<DocumentOrShadowRoot>} */ (el.getRootNode());
    return root.activeElement === el || el.contains(/** @type {Element | null} */ (root.activeElement));
  }

  // Fields a page may format or check key by key (masks, card numbers,
  // dates written to a pattern, inline key handlers): on a page that
  // listens for input or keys at all, they are typed key by key, as a
  // person does.
  /** @param {Element} el */
  function formatted(el) {
    for (const a of ["onkeydown", "onkeypress", "onkeyup"]) { if (el.hasAttribute(a)) { return true; } }
    for (const a of el.getAttributeNames()) { if (/mask|format/i.test(a)) { return true; } }
    if (el.hasAttribute("pattern")) { return true; }
    const ac = (el.getAttribute("autocomplete") || "").toLowerCase();
    if (/\bcc-(number|exp|exp-month|exp-year|csc)\b/.test(ac)) { return true; }
    const ph = el.getAttribute("placeholder") || "";
    return /_{2,}|\b(MM|DD|YY|YYYY|hh|mm)\b|[#9]{3,}|0{4}/.test(ph);
  }

  // The element that has focus, through open shadow roots.
  /** @returns {Element | null} */
  function deepFocus() {
    let el = document.activeElement;
    while (el && el.shadowRoot && el.shadowRoot.activeElement) { el = el.shadowRoot.activeElement; }
    return el && el !== document.body ? el : null;
  }

  // The form a control belongs to (its form attribute counts), or the one
  // around an element.
  /** @param {PageElement} el @returns {Element | null} */
  function formOf(el) {
    const owned = /** @type {{form?: unknown}} */ (el).form;
    if (owned instanceof HTMLFormElement) { return owned; }
    return el.closest ? el.closest("form") : null;
  }

  // A control whose activation submits its form: a submit button (a
  // button without a type is one), an image or submit input, or an
  // element inside a submit button.
  /** @param {PageElement} el */
  function submitControl(el) {
    const b = el.tagName === "BUTTON" || el.tagName === "INPUT" ? el : el.closest && el.closest("button");
    if (!b) { return false; }
    const type = (/** @type {PageElement} */ (b).type || "").toLowerCase();
    return b.tagName === "BUTTON" ? type === "submit" : type === "submit" || type === "image";
  }

  // Enter in a one-line field submits its form (implicit submission).
  /** @param {PageElement} el */
  function enterSubmits(el) {
    if (el.tagName !== "INPUT") { return false; }
    return !/^(button|checkbox|color|file|hidden|image|radio|range|reset|submit)$/i.test(el.type || "");
  }

  // The words of the button that submits a form.
  /** @param {HTMLFormElement} form */
  function submitName(form) {
    const b = /** @type {PageElement | null} */ (form.querySelector("button:not([type]), button[type=submit], input[type=submit], input[type=image]"));
    if (!b) { return ""; }
    const words = b.getAttribute("aria-label") || (b.tagName === "INPUT" ? b.value || b.getAttribute("alt") : b.textContent) || "";
    return words.replace(/\s+/g, " ").trim().slice(0, 200);
  }

  const textTypes = /^(text|search|email|url|tel|password|number|)$/;

  // The roles of controls a person presses or chooses in, which take no
  // typed text.
  const pressedRoles = /^(button|link|checkbox|radio|switch|menuitem|menuitemcheckbox|menuitemradio|tab|option|treeitem)$/;

  // Whether an element takes no typed text: a button, a link, a choice or
  // a control of another kind (a select, a range, a file input), or an
  // element inside one of those. Typing into it would only press it.
  /** @param {PageElement} el */
  function takesNoText(el) {
    const tag = el.tagName;
    if (tag === "INPUT") { return !textTypes.test(/** @type {string} */ (el.type)); }
    if (tag === "BUTTON" || tag === "SELECT" || tag === "OPTION" || tag === "SUMMARY" || (tag === "A" && el.hasAttribute("href"))) { return true; }
    if (pressedRoles.test((el.getAttribute("role") || "").trim().toLowerCase())) { return true; }
    return Boolean(el.closest && el.closest("button, a[href], select"));
  }

  // What an element is, in a few words, for a message.
  /** @param {PageElement} el */
  function describe(el) {
    const role = (el.getAttribute("role") || "").trim().toLowerCase();
    if (role) { return role; }
    if (el.tagName === "INPUT") { return (el.type || "text") + " input"; }
    return el.tagName.toLowerCase();
  }

  // A native checkbox, radio or select: choosing in it changes only its
  // own state (what a page's script does on that is the request guard's).
  /** @param {PageElement} el */
  function nativeChoice(el) {
    return el.tagName === "SELECT" || (el.tagName === "INPUT" && /^(checkbox|radio)$/i.test(el.type || ""));
  }


  switch (op) {
    case "locate": {
      const el = element(args.i);
      if (!el) { return out(op, { gone: true }); }
      // A click on a file input, or on its label, opens a file chooser.
      const file = isFileInput(el) || (el.tagName === "LABEL" && Boolean(el.control) && isFileInput(/** @type {HTMLElement} */ (el.control)));
      // The URL of the link a click would follow, for the host's check of
      // what it would carry to another site.
      const link = el.closest("a[href], area[href]");
      const href = link ? /** @type {HTMLAnchorElement | HTMLAreaElement} */ (link).href : "";
      return out(op, { ...target(el, args.noScroll), disabled: disabled(el), file, href });
    }
    case "typeTarget": {
      // Everything a type step needs from the page in one call: the field
      // is there, visible and free, focused, its caret placed (at the end,
      // or all selected to be replaced); what kind of field it is, and
      // whether its page wants each key.
      const el = element(args.i);
      if (!el) { return out(op, { gone: true }); }
      const t = target(el);
      if (t.invisible || t.covered !== undefined) { return out(op, t); }
      if (disabled(el)) { return out(op, { disabled: true }); }
      const tag = el.tagName;
      let kind = "other";
      if (tag === "INPUT" && textTypes.test(/** @type {string} */ (el.type))) { kind = "text"; }
      else if (tag === "INPUT" && /^(date|time|datetime-local|month|week)$/.test(/** @type {string} */ (el.type))) { kind = "segmented"; }
      else if (tag === "TEXTAREA") { kind = "text"; }
      else if (el.isContentEditable) { kind = "editable"; }
      if (kind === "text" && el.readOnly) { return out(op, { readonly: true }); }
      if (kind === "other" && takesNoText(el)) { return out(op, { notText: describe(el) }); }
      if (kind === "other") { return out(op, { ...t, kind, seen: counts() }); }
      /** @type {HTMLElement} */ (el).focus({ preventScroll: true });
      if (!focused(el)) { return out(op, { ...t, kind: "other", seen: counts() }); }
      let atEnd = true;
      if (kind === "text") {
        const field = /** @type {HTMLInputElement | HTMLTextAreaElement} */ (el);
        if (args.clear) { field.select(); }
        else {
          try {
            field.setSelectionRange(field.value.length, field.value.length);
          } catch {
            atEnd = field.value === ""; // email and number fields have no caret API
          }
        }
      } else if (kind === "editable") {
        const range = document.createRange();
        range.selectNodeContents(el);
        if (!args.clear) { range.collapse(false); }
        const sel = /** @type {Selection} */ (window.getSelection());
        sel.removeAllRanges();
        sel.addRange(range);
      }
      const keyed = kind === "segmented";
      const empty = kind === "editable" ? !el.textContent : kind === "segmented" || el.value === "";
      return out(op, { ...t, kind, keyed, formatted: kind === "text" && formatted(el), atEnd, empty, seen: counts() });
    }
    case "focus": {
      const el = element(args.i);
      if (!el) { return out(op, { gone: true }); }
      /** @type {HTMLElement} */ (el).focus({ preventScroll: false });
      return out(op, { focused: focused(el) });
    }
    case "checkTarget": {
      const el = element(args.i);
      if (!el) { return out(op, { gone: true }); }
      let checked = null;
      if (el.tagName === "INPUT" && (el.type === "checkbox" || el.type === "radio")) { checked = el.checked; }
      else {
        const a = el.getAttribute("aria-checked") ?? el.getAttribute("aria-pressed") ?? el.getAttribute("aria-selected");
        if (a !== null) { checked = a === "true"; }
      }
      if (args.only && checked === args.want) { succeeded(); }
      if (checked === null || args.only) { return out(op, { checked }); }
      return out(op, { checked, ...target(el), disabled: disabled(el), seen: counts() });
    }
    case "selectNative": {
      // A <select> is set as a person's choice would set it: focused, the
      // options chosen, then input and change events.
      const el = element(args.i);
      if (!el) { return out(op, { gone: true }); }
      if (el.tagName !== "SELECT") {
        const t = target(el);
        return out(op, { ...t, disabled: disabled(el), notSelect: true });
      }
      const t = target(el);
      if (t.invisible || t.covered !== undefined) { return out(op, t); }
      if (el.disabled) { return out(op, { disabled: true }); }
      const opts = Array.from(/** @type {HTMLSelectElement} */ (el).options);
      const chosen = [];
      for (const want of args.values) {
        const o = opts.find((o) => matches(optionLabel(o), want)) || opts.find((o) => o.value === want);
        if (!o) { return out(op, { missing: want, options: opts.map(optionLabel).slice(0, 50) }); }
        chosen.push(o);
      }
      if (!el.multiple && chosen.length > 1) { return out(op, { single: true }); }
      /** @type {HTMLElement} */ (el).focus({ preventScroll: true });
      for (const o of opts) { o.selected = chosen.includes(o); }
      el.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
      el.dispatchEvent(new Event("change", { bubbles: true }));
      succeeded();
      // Answer after the tasks the page's handlers queued (a form they
      // submit): what they set off is then known to the host.
      const answer = out(op, { chosen: chosen.map(optionLabel) });
      return new Promise((done) => setTimeout(() => done(answer), 0));
    }
    case "findOption": {
      // An ARIA listbox's option, by its text or value, searched in the
      // popup the combobox controls, else among visible options.
      const el = element(args.i);
      /** @type {ParentNode} */
      let scope = document;
      const ctl = el && (el.getAttribute("aria-controls") || el.getAttribute("aria-owns"));
      if (el && ctl) {
        const root = /** @type {Node & Partial<NonElementParentNode>} */ (el.getRootNode());
        scope = root.getElementById ? root.getElementById(ctl.split(/\s+/)[0]) || document : document;
      }
      if (el && el.getAttribute("role") === "listbox") { scope = el; }
      const options = Array.from(scope.querySelectorAll('[role="option"]')).filter((o) => o.checkVisibility());
      const o = options.find((o) => matches(o.getAttribute("aria-label") || o.textContent || "", args.value)) ||
        options.find((o) => o.getAttribute("data-value") === args.value || o.getAttribute("value") === args.value);
      if (!o) { return out(op, { missing: args.value, options: options.map((o) => (o.textContent || "").trim()).slice(0, 50) }); }
      return out(op, target(o));
    }
    case "framePoint": {
      // Where the point (args.x, args.y) of the viewport of the frame shown
      // by element args.i lies in this viewport, and whether the frame
      // shows there: inside its content box and the viewport, with nothing
      // of this page over it. With args.scroll, a point out of this
      // viewport (a frame below the fold) is scrolled into it first.
      const el = element(args.i);
      if (!el) { return out(op, { gone: true }); }
      const w = window.innerWidth, h = window.innerHeight;
      const place = () => {
        const r = el.getBoundingClientRect();
        const cs = getComputedStyle(el);
        const left = r.left + el.clientLeft + (parseFloat(cs.paddingLeft) || 0);
        const top = r.top + el.clientTop + (parseFloat(cs.paddingTop) || 0);
        return { x: left + args.x, y: top + args.y };
      };
      let { x, y } = place();
      const outside = () => x < 0 || y < 0 || x >= w || y >= h;
      if (args.scroll && outside()) {
        el.scrollIntoView({ block: "nearest", inline: "nearest", behavior: "instant" });
        ({ x, y } = place());
        if (outside()) {
          // A frame taller or wider than the viewport: the point itself to the middle.
          window.scrollBy({ left: x < 0 || x >= w ? x - w / 2 : 0, top: y < 0 || y >= h ? y - h / 2 : 0, behavior: "instant" });
          ({ x, y } = place());
        }
      }
      if (outside() || args.x >= el.clientWidth || args.y >= el.clientHeight) { return out(op, { invisible: true }); }
      let hit = document.elementFromPoint(x, y);
      while (hit && hit.shadowRoot) {
        const inner = hit.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) { break; }
        hit = inner;
      }
      if (hit === el) { return out(op, { x, y }); }
      let by = -1;
      for (let c = /** @type {Node | null | undefined} */ (hit); c; c = c.parentNode || /** @type {Partial<ShadowRoot>} */ (c).host) {
        if (state.index.has(c)) { by = /** @type {number} */ (state.index.get(c)); break; }
      }
      return out(op, { x, y, covered: by });
    }
    case "dragWatch": {
      // Notes whether the page starts an HTML5 drag (and lets it go on)
      // when the mouse moves with the button down.
      const d = { started: false, prevented: false };
      state.drag = d;
      window.addEventListener("dragstart", () => { d.started = true; }, { capture: true, once: true });
      window.addEventListener("dragstart", (e) => { d.prevented = e.defaultPrevented; }, { once: true });
      return out(op, {});
    }
    case "dragStarted": {
      const d = state.drag || { started: false, prevented: false };
      return out(op, { found: d.started && !d.prevented });
    }
    case "consequence": {
      // What a click on the element (args.key ""), or Enter or Space in it
      // (args.i < 0: in the focused element), would set off: a form's
      // submission, and whether that form takes a payment; the words of
      // its submit button; the element's box. Read before the person is
      // asked about the step (the host's confirm).
      const el = args.i >= 0 ? element(args.i) : deepFocus();
      if (!el) { return out(op, args.i >= 0 ? { gone: true } : {}); }
      const form = formOf(el);
      let submits = false;
      if (form) {
        if (args.key === "enter") { submits = submitControl(el) || enterSubmits(el); }
        else { submits = submitControl(el); }
      }
      const r = el.getBoundingClientRect();
      const index = args.i >= 0 ? args.i : kept.index.get(el);
      return out(op, {
        submits, pays: Boolean(form) && takesPayment(/** @type {HTMLFormElement} */ (form)), native: nativeChoice(el), pagePays: pagePays(),
        submitName: form ? submitName(/** @type {HTMLFormElement} */ (form)) : "",
        index: index === undefined ? null : index, box: [r.x, r.y, r.width, r.height],
      });
    }
    case "fileTarget": {
      // The file input of an upload, kept for the host's next call
      // (which hands it to DOM.setFileInputFiles).
      const el = element(args.i);
      state.fileInput = null;
      if (!el) { return out(op, { gone: true }); }
      const input = fileInputOf(el);
      if (!input) { return out(op, { notFile: true }); }
      if (disabled(input)) { return out(op, { disabled: true }); }
      state.fileInput = input;
      return out(op, { multiple: input.multiple, accept: input.accept });
    }
    case "fileInputs": {
      // Which marked elements stand for a file input, for the observation.
      const found = [];
      for (const i of args.is) {
        const el = element(i);
        const input = el && fileInputOf(el);
        if (!input) { continue; }
        const files = Array.from(input.files || [], (f) => f.name);
        found.push({ i, self: input === el, accept: input.accept, multiple: input.multiple, files });
      }
      return out(op, { found });
    }
  }
  return JSON.stringify({ unknown: /** @type {string} */ (op) });
};
export default act;
